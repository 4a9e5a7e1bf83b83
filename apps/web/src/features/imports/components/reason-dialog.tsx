import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { RejectSchema, type Reject } from '@registry/shared';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { maxLengthOf } from '@/lib/schema-limits';

const reasonLimit = maxLengthOf(RejectSchema.shape.reason);

type ReasonDialogProps = {
  title: string;
  isSaving: boolean;
  /** Called with the reason once it is filled in; the dialog stays until the caller closes it. */
  onReject: (request: Reject) => void;
  onClose: () => void;
};

/**
 * Asks why something is rejected (an import, one of its rows): a required reason of three rows
 * (docs/screens.md#formats-and-constants). The cursor starts in the reason, and Ctrl+Enter sends it. A
 * refusal leaves the dialog open with the reason typed.
 */
export function ReasonDialog({ title, isSaving, onReject, onClose }: ReasonDialogProps) {
  const form = useForm({ resolver: zodResolver(RejectSchema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(onReject);

  return (
    <FormDialog
      title={title}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      isSaving={isSaving}
      alert={[]}
      submitLabel="Отклонить"
      initialFocus="reason"
    >
      <FormTextField
        control={form.control}
        name="reason"
        label="Основание отклонения"
        maxLength={reasonLimit}
        required
        multiline
        rows={3}
      />
    </FormDialog>
  );
}
