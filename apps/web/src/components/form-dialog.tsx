import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useCallback, useId, useState, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { splitServerError } from '@/lib/server-errors';

/** What a form dialog needs from its form: how to submit and close, and the state of the save. */
type FormDialogState = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  isSaving: boolean;
  /** Lines of a refusal that no field shows. */
  alert: string[];
};

/**
 * Wires a dialog's form to its save call, for `<FormDialog {...state}>`: the schema checks the fields first;
 * a save the server refuses puts each message under the field it names and the rest in the alert; a save
 * that succeeds closes the dialog. Saving lasts from the click to the answer.
 */
export function useFormDialog<T extends FieldValues, TOutput>(
  form: UseFormReturn<T, unknown, TOutput>,
  save: (values: TOutput) => Promise<unknown>,
  onClose: () => void,
): FormDialogState {
  const [alert, setAlert] = useState<string[]>([]);

  const submit = form.handleSubmit(async (values) => {
    setAlert([]);
    try {
      await save(values);
    } catch (error) {
      const refusal = splitServerError(error, Object.keys(form.getValues()));
      for (const { field, message } of refusal.fieldErrors) {
        form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
      }
      setAlert(refusal.alert);
      return;
    }
    onClose();
  });

  return { onSubmit: (event) => void submit(event), onClose, isSaving: form.formState.isSubmitting, alert };
}

/** Ctrl+Enter (⌘+Enter) sends the form from any of its fields, a multi-line one too. */
function submitOnCtrlEnter(event: KeyboardEvent) {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
  event.preventDefault();
  (event.currentTarget as HTMLFormElement).requestSubmit();
}

/**
 * The first field a person fills in: a text, a choice or the first part of a date, not a hidden or disabled
 * input (a date field keeps its value in a hidden one).
 */
const firstFieldSelector = [
  'input:not([type="hidden"]):not([hidden]):not([aria-hidden="true"]):not([tabindex="-1"]):not(:disabled)',
  'textarea:not(:disabled)',
  '[role="spinbutton"][contenteditable]',
].join(', ');

/**
 * Puts the cursor into a dialog's form's first field as the form mounts, for `<form ref={…}>` of a dialog
 * that is not a FormDialog: a stable function, so that it runs once, not at each render.
 */
export function focusFirstField(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>(firstFieldSelector)?.focus();
}

/**
 * The dialog's form as it mounts (inside the dialog's portal, before the dialog's focus trap looks): the
 * cursor goes into the field named `initialFocus`, or else into the form's first field, so that typing can
 * begin at once; and Ctrl+Enter sends the form.
 */
function useFormKeys(initialFocus: string | undefined) {
  return useCallback(
    (form: HTMLFormElement | null) => {
      if (!form) return;
      const field = initialFocus ? `[name="${initialFocus}"]` : firstFieldSelector;
      form.querySelector<HTMLElement>(field)?.focus();
      form.addEventListener('keydown', submitOnCtrlEnter);
      return () => form.removeEventListener('keydown', submitOnCtrlEnter);
    },
    [initialFocus],
  );
}

type FormDialogProps = FormDialogState & {
  title: string;
  children: ReactNode;
  /** Buttons at the left of the dialog's actions, apart from Cancel and Save. */
  extraActions?: ReactNode;
  /** The save button's text, 'Сохранить' unless said. */
  submitLabel?: string;
  /** The save button waits for the form to be valid. */
  isSubmitDisabled?: boolean;
  maxWidth?: 'sm' | 'md';
  /** The name of the field the cursor starts in, when not the first one. */
  initialFocus?: string;
};

/**
 * A create/edit dialog: the form's fields, a refusal in an alert, Cancel, and Save (disabled while saving);
 * Ctrl+Enter saves from any field.
 */
export function FormDialog({
  title,
  onSubmit,
  onClose,
  isSaving,
  alert,
  children,
  extraActions,
  submitLabel = 'Сохранить',
  isSubmitDisabled = false,
  maxWidth = 'sm',
  initialFocus,
}: FormDialogProps) {
  const titleId = useId();
  const formRef = useFormKeys(initialFocus);
  return (
    <Dialog
      open
      // Closing mid-save would hide the answer; the dialog stays until the save is done.
      onClose={isSaving ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={onSubmit} ref={formRef}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {alert.length > 0 && (
              <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
                {alert.join('\n')}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {extraActions}
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={onClose} disabled={isSaving}>
            Отмена
          </Button>
          <Button type="submit" variant="contained" loading={isSaving} disabled={isSubmitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
