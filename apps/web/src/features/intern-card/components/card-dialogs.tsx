import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { ProtocolInput } from '@registry/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { EditableSectionKey, Entry } from '@/lib/section-fields';
import { EntryDialog, type EntryAction } from './entry-dialog';
import { HistoryDialog } from './history-dialog';
import { ProtocolDialog } from './protocol-dialog';

/** The confirmations of deleting and restoring a trainee (docs/screens.md#the-trainee-card). */
const deletion = {
  delete: {
    title: 'Удаление стажёра',
    confirmLabel: 'Удалить',
    question: 'Вы уверены, что хотите удалить стажёра?',
  },
  restore: {
    title: 'Восстановление стажёра',
    confirmLabel: 'Восстановить',
    question: 'Вы уверены, что хотите восстановить стажёра?',
  },
} as const;

/** The dialog the card has open. */
export type CardDialog =
  | {
      kind: 'entry';
      section: EditableSectionKey;
      action: EntryAction;
      entry: Entry;
      isCheckedAtOnce?: boolean;
    }
  | { kind: 'history'; section: EditableSectionKey; entryId: number }
  | { kind: 'protocol' | 'clear' | 'delete' | 'restore' };

type CardDialogsProps = {
  dialog: CardDialog | null;
  /** The saved trainee's id, or null for a new one. */
  internId: number | null;
  /** Deleting or restoring is under way. */
  isDeleting: boolean;
  onApply: (section: EditableSectionKey, action: EntryAction, entry: Entry) => void;
  onProtocol: (protocol: ProtocolInput) => Promise<void>;
  onClear: () => void;
  onDeleted: (isDeleted: boolean) => void;
  onClose: () => void;
};

/** The editor's dialogs: an entry's form or history, the basis document of a save, and the confirmations. */
export function CardDialogs({
  dialog,
  internId,
  isDeleting,
  onApply,
  onProtocol,
  onClear,
  onDeleted,
  onClose,
}: CardDialogsProps) {
  switch (dialog?.kind) {
    case 'entry':
      return (
        <EntryDialog
          section={dialog.section}
          action={dialog.action}
          entry={dialog.entry}
          isCheckedAtOnce={dialog.isCheckedAtOnce}
          onApply={(entry) => onApply(dialog.section, dialog.action, entry)}
          onClose={onClose}
        />
      );
    case 'history':
      return internId === null ? null : (
        <HistoryDialog
          internId={internId}
          section={dialog.section}
          entryId={dialog.entryId}
          onClose={onClose}
        />
      );
    case 'protocol':
      return <ProtocolDialog onSave={onProtocol} onClose={onClose} />;
    case 'clear':
      return (
        <ConfirmDialog title="Отмена изменений" confirmLabel="Очистить" onConfirm={onClear} onClose={onClose}>
          Отменить внесение изменений и очистить все внесённые данные? Данное действие нельзя отменить.
        </ConfirmDialog>
      );
    case 'delete':
    case 'restore':
      return (
        <ConfirmDialog
          {...deletion[dialog.kind]}
          isBusy={isDeleting}
          onConfirm={() => onDeleted(dialog.kind === 'delete')}
          onClose={onClose}
        >
          {deletion[dialog.kind].question}
        </ConfirmDialog>
      );
    default:
      return null;
  }
}

/** Why the operator's last action was refused, until it is closed. */
export function RefusalSnackbar({ refusal, onClose }: { refusal: string | null; onClose: () => void }) {
  return (
    <Snackbar
      open={refusal !== null}
      autoHideDuration={6000}
      // A click elsewhere may be the very click that was refused: its message must stay.
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      // At the bottom, where it covers neither the card's title nor its section menu.
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="warning" variant="filled" onClose={onClose}>
        {refusal}
      </Alert>
    </Snackbar>
  );
}
