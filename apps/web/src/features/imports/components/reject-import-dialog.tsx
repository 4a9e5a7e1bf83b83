import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { RejectSchema } from '@registry/shared';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { maxLengthOf } from '@/lib/schema-limits';
import { useRejectImport } from '../api/reject-import';

export const rejectImportTitle = 'Отклонение изменений';

const reasonLimit = maxLengthOf(RejectSchema.shape.reason);

type RejectImportDialogProps = { importId: number; onClose: () => void; onRejected: () => void };

/**
 * 'Отклонение изменений' (SPEC.md §2): the reason the whole import is rejected. A refusal opens the global
 * error dialog under 'При отклонении произошла ошибка' and this dialog stays, with the reason typed.
 */
export function RejectImportDialog({ importId, onClose, onRejected }: RejectImportDialogProps) {
  const form = useForm({ resolver: zodResolver(RejectSchema), defaultValues: { reason: '' } });
  const reject = useRejectImport(importId);
  const handleSubmit = form.handleSubmit((request) => reject.mutate(request, { onSuccess: onRejected }));

  return (
    <FormDialog
      title={rejectImportTitle}
      onSubmit={handleSubmit}
      onClose={onClose}
      isSaving={reject.isPending}
      alert={[]}
      submitLabel="Отклонить"
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
