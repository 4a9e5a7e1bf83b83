import { rowReturnTexts } from '@registry/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { usePutBackChange, type PutBackAction } from '../api/put-back-change';

/** A handled row to put back, and how. */
export type PutBack = { action: PutBackAction; row: { Id: number; FullName: string } };

const titles: Record<PutBackAction, string> = {
  return: 'Вернуть запись в обработку?',
  undo: 'Отменить внесение записи?',
};

function explanation({ action, row }: PutBack) {
  return action === 'return'
    ? `Запись «${row.FullName}» снова будет ожидать обработки, основание отклонения будет снято.`
    : `Изменения, внесённые записью «${row.FullName}» в карточку стажёра, будут отменены новыми версиями ` +
        `на основании «Отмена внесения по импорту», и запись снова будет ожидать обработки. Стажёр, ` +
        `созданный этой записью, будет удалён из реестра. Отменить можно, только пока карточку не меняли ` +
        `после внесения.`;
}

/** Asks before putting a handled row back to pending ('Вернуть в обработку', 'Отменить внесение'). */
export function PutBackDialog({
  importId,
  putBack,
  onClose,
}: {
  importId: number;
  putBack: PutBack;
  onClose: () => void;
}) {
  const mutation = usePutBackChange(importId, putBack.action);
  return (
    <ConfirmDialog
      title={titles[putBack.action]}
      confirmLabel={putBack.action === 'return' ? rowReturnTexts.returnAction : rowReturnTexts.undoAction}
      isBusy={mutation.isPending}
      onConfirm={() => mutation.mutate(putBack.row.Id, { onSettled: onClose })}
      onClose={onClose}
    >
      {explanation(putBack)}
    </ConfirmDialog>
  );
}
