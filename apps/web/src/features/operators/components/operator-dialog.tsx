import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { morningDigestLabel, NamedRefSchema, OperatorRequestSchema, type Operator } from '@registry/shared';
import { FormDialog, useFormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { OrganizationAutocomplete } from '@/components/organization-autocomplete';
import { maxLengthOf } from '@/lib/schema-limits';
import { useSaveOperator } from '../api/save-operator';

// The picker holds the SRO's name as well as its id; the server reads only the id.
const OperatorFormSchema = OperatorRequestSchema.extend({ Organization: NamedRefSchema.nullable() });

const limits = {
  FullName: maxLengthOf(OperatorRequestSchema.shape.FullName),
  EmailAddress: maxLengthOf(OperatorRequestSchema.shape.EmailAddress),
};

export const organizationHint =
  'Оставьте пустым для оператора реестра; укажите СРО, если это её представитель';

/** The operator's morning digest switch; a representative's account has none. */
function MorningDigestField({ control }: { control: Control<z.input<typeof OperatorFormSchema>> }) {
  return (
    <Controller
      control={control}
      name="MorningDigest"
      render={({ field }) => (
        <FormControlLabel
          label={morningDigestLabel}
          control={
            <Checkbox
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
            />
          }
        />
      )}
    />
  );
}

type OperatorDialogProps = {
  /** The account to edit, or null for a new one. */
  operator: Operator | null;
  onClose: () => void;
  onGeneratePassword: (operator: Operator) => void;
  /** A new account was created, and its first password mailed to it. */
  onCreated: (operator: Operator) => void;
};

export const firstPasswordHint =
  'Пароль будет отправлен на этот адрес, как только учётная запись будет создана';

/** Adds or edits an account: an operator of the registry, or with an SRO chosen, that SRO's representative. */
export function OperatorDialog({ operator, onClose, onGeneratePassword, onCreated }: OperatorDialogProps) {
  const form = useForm({
    resolver: zodResolver(OperatorFormSchema),
    defaultValues: {
      FullName: operator?.FullName ?? '',
      EmailAddress: operator?.EmailAddress ?? '',
      Organization: operator?.Organization ?? null,
      MorningDigest: operator?.MorningDigest ?? true,
    },
  });
  // Only operators are sent the digest: a representative's account has no switch.
  const isOperatorAccount = useWatch({ control: form.control, name: 'Organization' }) === null;
  const save = useSaveOperator();
  const dialog = useFormDialog(
    form,
    async (request) => {
      const saved = await save.mutateAsync({ id: operator?.Id ?? null, request });
      if (!operator) onCreated(saved);
      return saved;
    },
    onClose,
  );

  return (
    <FormDialog
      title={operator ? 'Редактирование учётной записи' : 'Добавить учётную запись'}
      {...dialog}
      extraActions={
        operator && (
          <Button
            startIcon={<KeyIcon />}
            onClick={() => onGeneratePassword(operator)}
            disabled={dialog.isSaving}
          >
            Сгенерировать пароль
          </Button>
        )
      }
    >
      <FormTextField
        control={form.control}
        name="FullName"
        label="ФИО"
        maxLength={limits.FullName}
        required
      />
      <FormTextField
        control={form.control}
        name="EmailAddress"
        label="Адрес электронной почты"
        type="email"
        autoComplete="off"
        maxLength={limits.EmailAddress}
        hint={operator ? undefined : firstPasswordHint}
        required
      />
      <Controller
        control={form.control}
        name="Organization"
        render={({ field, fieldState }) => (
          <OrganizationAutocomplete
            label="Организация"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? organizationHint}
          />
        )}
      />
      {isOperatorAccount && <MorningDigestField control={form.control} />}
    </FormDialog>
  );
}
