import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  OrganizationCreateRequestSchema,
  OrganizationUpdateRequestSchema,
  type Organization,
} from '@registry/shared';
import { FormDialog, useFormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { maxLengthOf } from '@/lib/schema-limits';
import { useSaveOrganization } from '../api/save-organization';

const fields = OrganizationCreateRequestSchema.shape;
const limits = {
  Name: maxLengthOf(fields.Name),
  FormerName: maxLengthOf(fields.FormerName),
  EmailAddress: maxLengthOf(fields.EmailAddress),
};

type OrganizationDialogProps = {
  /** The SRO to edit, or null for a new one. */
  organization: Organization | null;
  onClose: () => void;
};

/**
 * Adds or edits an SRO. A new SRO needs its number in the state register; an SRO entered before numbers were
 * kept may be edited without one (the update schema allows that, the server keeps a number once given).
 */
export function OrganizationDialog({ organization, onClose }: OrganizationDialogProps) {
  const form = useForm({
    resolver: zodResolver(organization ? OrganizationUpdateRequestSchema : OrganizationCreateRequestSchema),
    defaultValues: {
      RegistryNumber: organization?.RegistryNumber ?? '',
      Name: organization?.Name ?? '',
      FormerName: organization?.FormerName ?? '',
      EmailAddress: organization?.EmailAddress ?? '',
    },
  });
  const save = useSaveOrganization();
  const dialog = useFormDialog(
    form,
    (request) => save.mutateAsync({ id: organization?.Id ?? null, request }),
    onClose,
  );

  return (
    <FormDialog title={organization ? 'Редактирование СРО' : 'Добавить СРО'} {...dialog}>
      <FormTextField
        control={form.control}
        name="RegistryNumber"
        label="Номер в государственном реестре СРО"
        hint="Три цифры, например 007"
        required={!organization}
      />
      <FormTextField
        control={form.control}
        name="Name"
        label="Наименование"
        maxLength={limits.Name}
        required
        multiline
      />
      <FormTextField
        control={form.control}
        name="FormerName"
        label="Прежнее наименование"
        maxLength={limits.FormerName}
        multiline
      />
      <FormTextField
        control={form.control}
        name="EmailAddress"
        label="Адрес электронной почты"
        type="email"
        maxLength={limits.EmailAddress}
      />
    </FormDialog>
  );
}
