import { useNavigate } from 'react-router';
import type { ChangeReview, Reject } from '@registry/shared';
import { paths } from '@/config/paths';
import { EditImportDialog } from '../edit-import-dialog';
import { ReasonDialog } from '../reason-dialog';
import { ChooseInternDialog } from './choose-intern-dialog';
import type { CardKit } from './review-fields';
import type { ComparedEntry, Entry } from './review-model';
import { reviewTexts } from './review-texts';

/** The dialogs over a row's review. */
export type ReviewDialog =
  | { kind: 'reject' | 'choose' | 'requisites' }
  | { kind: 'correct'; entry: ComparedEntry; current: Entry; isCheckedAtOnce: boolean };

type ReviewDialogsProps = {
  dialog: ReviewDialog;
  review: ChangeReview;
  importId: number;
  kit: CardKit;
  isRejecting: boolean;
  onReject: (request: Reject) => void;
  onCorrect: (entry: ComparedEntry, corrected: Entry) => void;
  onClose: () => void;
};

/**
 * The dialog open over the review: 'Отклонение записи', 'Выбор стажёра', 'Редактирование импорта', the
 * card's form of an entry.
 */
export function ReviewDialogs({
  dialog,
  review,
  importId,
  kit,
  isRejecting,
  onReject,
  onCorrect,
  onClose,
}: ReviewDialogsProps) {
  const navigate = useNavigate();
  switch (dialog.kind) {
    case 'reject':
      return (
        <ReasonDialog
          title={reviewTexts.rejectTitle}
          isSaving={isRejecting}
          onReject={onReject}
          onClose={onClose}
        />
      );
    case 'choose':
      return (
        <ChooseInternDialog
          onChoose={(internId) =>
            void navigate(paths.importChangeForIntern.href(importId, review.ChangeId, internId))
          }
          onClose={onClose}
        />
      );
    case 'requisites':
      return <EditImportDialog item={review.Import} onClose={onClose} />;
    case 'correct':
      return (
        <kit.EntryEditor
          section={dialog.entry.section}
          entry={dialog.current}
          isCheckedAtOnce={dialog.isCheckedAtOnce}
          onApply={(entry) => onCorrect(dialog.entry, entry)}
          onClose={onClose}
        />
      );
  }
}
