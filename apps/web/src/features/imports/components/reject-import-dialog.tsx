import { useRejectImport } from '../api/reject-import';
import { ReasonDialog } from './reason-dialog';

export const rejectImportTitle = 'Отклонение изменений';

type RejectImportDialogProps = { importId: number; onClose: () => void; onRejected: () => void };

/**
 * 'Отклонение изменений' (docs/screens.md#import-detail): the reason the whole import is rejected. A refusal
 * opens the global error dialog under 'При отклонении произошла ошибка' and this dialog stays, with the
 * reason typed.
 */
export function RejectImportDialog({ importId, onClose, onRejected }: RejectImportDialogProps) {
  const reject = useRejectImport(importId);
  return (
    <ReasonDialog
      title={rejectImportTitle}
      isSaving={reject.isPending}
      onReject={(request) => reject.mutate(request, { onSuccess: onRejected })}
      onClose={onClose}
    />
  );
}
