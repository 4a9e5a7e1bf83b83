import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { EditImportSchema, type ImportListItem } from '@registry/shared';
import { FormDateField } from '@/components/form-date-field';
import { FormDialog, useFormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { maxLengthOf } from '@/lib/schema-limits';
import { useEditImport } from '../api/edit-import';

export const editImportTitle = 'Редактирование импорта';

const numberLimit = maxLengthOf(EditImportSchema.shape.Number);

type EditImportDialogProps = {
  /** The import's page or a row's review: both know its requisites. */
  item: Pick<ImportListItem, 'Id' | 'Requisites' | 'OrganizationRequisites'>;
  onClose: () => void;
};

/**
 * 'Редактирование импорта' (docs/screens.md#import-detail): the SRO's outgoing requisites, as its letter
 * gives them, and the registry's incoming ones, which the operator assigns and must fill in.
 */
export function EditImportDialog({ item, onClose }: EditImportDialogProps) {
  const form = useForm({
    resolver: zodResolver(EditImportSchema),
    defaultValues: {
      OrganizationNumber: item.OrganizationRequisites.Number ?? '',
      OrganizationDate: item.OrganizationRequisites.Date,
      Number: item.Requisites.Number ?? '',
      Date: item.Requisites.Date,
    },
  });
  const save = useEditImport(item.Id);
  const dialog = useFormDialog(form, (request) => save.mutateAsync(request), onClose);

  return (
    <FormDialog title={editImportTitle} {...dialog}>
      <Typography variant="subtitle2">Исходящие реквизиты СРО</Typography>
      <FormTextField
        control={form.control}
        name="OrganizationNumber"
        label="Исходящий номер"
        maxLength={numberLimit}
      />
      <FormDateField control={form.control} name="OrganizationDate" label="Исходящая дата" />
      <Typography variant="subtitle2">Входящие реквизиты</Typography>
      <FormTextField
        control={form.control}
        name="Number"
        label="Входящий номер"
        maxLength={numberLimit}
        required
      />
      <FormDateField control={form.control} name="Date" label="Входящая дата" required />
    </FormDialog>
  );
}
