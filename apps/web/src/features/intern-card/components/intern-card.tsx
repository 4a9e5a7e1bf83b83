import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  internSectionKeys,
  internSections,
  type Intern,
  type InternSectionKey,
  texts,
  type ProtocolInput,
} from '@registry/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { showErrorDialog } from '@/lib/error-dialog';
import { useIntern } from '../api/get-intern';
import { describeSaveProblem, useSaveIntern } from '../api/save-intern';
import { useSetInternDeleted } from '../api/set-intern-deleted';
import {
  addEntry,
  addRefusal,
  carryOverVersion,
  changedCount,
  clearSession,
  correctEntry,
  correctRefusal,
  editEntry,
  editRefusal,
  firstInvalidEntry,
  isBlankNewIntern,
  isModified,
  rollbackEntry,
  savePayload,
  startSession,
  type EditSession,
  type Transition,
} from '../edit-session';
import { emptyEntry, type EditableSectionKey, type Entry } from '../section-fields';
import { CardFooter } from './card-footer';
import { CardHeader } from './card-header';
import { DocumentsSection } from './documents-section';
import { EntryDialog, type EntryAction } from './entry-dialog';
import { HistoryDialog } from './history-dialog';
import { LeaveGuard, savedNavigation } from './leave-guard';
import { ProtocolDialog } from './protocol-dialog';
import { SectionMenu } from './section-menu';
import { SectionView } from './section-view';

const DEFAULT_SLUG = internSections.PersonalInfo.slug;

/** The section of a URL slug, or null for an unknown one. */
function sectionOfSlug(slug: string): InternSectionKey | null {
  return internSectionKeys.find((key) => internSections[key].slug === slug) ?? null;
}

/** The confirmations of deleting and restoring a trainee (SPEC.md §2). */
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

type Dialog =
  | {
      kind: 'entry';
      section: EditableSectionKey;
      action: EntryAction;
      entry: Entry;
      isCheckedAtOnce?: boolean;
    }
  | { kind: 'history'; section: EditableSectionKey; entryId: number }
  | { kind: 'protocol' | 'clear' | 'delete' | 'restore' };

type CardEditorProps = { intern: Intern | null; section: InternSectionKey };

/** The card with its edit session: sections, entry dialogs, the footer, saving, deleting and restoring. */
function CardEditor({ intern, section }: CardEditorProps) {
  const navigate = useNavigate();
  const [session, setSession] = useState<EditSession>(() => startSession(intern));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveIntern();
  const remove = useSetInternDeleted(true);
  const restore = useSetInternDeleted(false);

  // A card nobody is editing follows the saved one; a card being edited keeps the version it started from,
  // so that a save over someone else's is refused rather than overwriting it.
  if (intern && !isModified(session) && intern.Version !== session.version) setSession(startSession(intern));

  const hrefOf = (key: InternSectionKey) =>
    paths.internCard.href(intern?.Id ?? 'new', internSections[key].slug);
  const close = () => setDialog(null);

  const apply = (transition: Transition) => {
    if (transition.refusal !== undefined) setRefusal(transition.refusal);
    else setSession(transition.session);
  };
  const open = (next: Dialog, refused: string | null) => (refused ? setRefusal(refused) : setDialog(next));

  const handleAdd = (key: EditableSectionKey) =>
    open({ kind: 'entry', section: key, action: 'add', entry: emptyEntry(key, 0) }, addRefusal(session));
  const handleEdit = (key: EditableSectionKey, entry: Entry) =>
    open({ kind: 'entry', section: key, action: 'edit', entry }, editRefusal(session));
  const handleCorrect = (key: EditableSectionKey, entry: Entry) =>
    open({ kind: 'entry', section: key, action: 'correct', entry }, correctRefusal(session));
  const handleHistory = (key: EditableSectionKey, entry: Entry) =>
    setDialog({ kind: 'history', section: key, entryId: entry.Id });
  const handleRollback = (key: EditableSectionKey, entry: Entry) =>
    apply(rollbackEntry(session, key, entry.Id));

  const handleApply = (key: EditableSectionKey, action: EntryAction, entry: Entry) => {
    const transitions = { add: addEntry, edit: editEntry, correct: correctEntry };
    apply(transitions[action](session, key, entry));
  };

  const handleSave = () => {
    // An entry the schema refuses is opened for the operator to put right, rather than sent to be refused.
    const invalid = firstInvalidEntry(session);
    if (!invalid) return setDialog({ kind: 'protocol' });
    void navigate(hrefOf(invalid.section), { replace: true });
    const action = session.mode === 'corrected' ? 'correct' : 'edit';
    setDialog({
      kind: 'entry',
      section: invalid.section,
      action,
      entry: invalid.entry,
      isCheckedAtOnce: true,
    });
  };

  const handleProtocol = async (protocol: ProtocolInput) => {
    try {
      const saved = await save.mutateAsync({
        id: intern?.Id ?? null,
        payload: savePayload(session, protocol),
      });
      setSession(startSession(saved));
      if (!intern) {
        await navigate(paths.internCard.href(saved.Id, internSections[section].slug), {
          replace: true,
          state: savedNavigation,
        });
      }
    } catch (error) {
      // The operator's changes stay as they are, whatever the refusal (a stale version included).
      showErrorDialog(error, {
        title: texts.errorTitles.save,
        details: error instanceof ApiError ? error.info.map(describeSaveProblem) : [],
      });
    }
  };

  const handleDeleted = async (isDeleted: boolean) => {
    if (!intern) return;
    const mutation = isDeleted ? remove : restore;
    try {
      const changed = await mutation.mutateAsync(intern.Id);
      // Deleting changes the version but no section: the operator's own unsaved changes stay savable.
      setSession((current) => carryOverVersion(current, intern.Version, changed.Version));
    } catch {
      // The mutation's error dialog says what went wrong.
    }
    close();
  };

  return (
    <>
      <CardHeader
        intern={intern}
        onDelete={() => setDialog({ kind: 'delete' })}
        onRestore={() => setDialog({ kind: 'restore' })}
      />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
        <SectionMenu
          current={section}
          hrefOf={hrefOf}
          countOf={(key) => (key === 'Documents' ? 0 : changedCount(session, key))}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {section === 'Documents' ? (
            <DocumentsSection protocols={intern?.ChangeProtocols ?? []} />
          ) : (
            <SectionView
              section={section}
              session={session}
              onAdd={handleAdd}
              onEdit={handleEdit}
              onCorrect={handleCorrect}
              onHistory={handleHistory}
              onRollback={handleRollback}
            />
          )}
        </Box>
      </Box>
      {isModified(session) && (
        <CardFooter mode={session.mode} onClear={() => setDialog({ kind: 'clear' })} onSave={handleSave} />
      )}

      {dialog?.kind === 'entry' && (
        <EntryDialog
          section={dialog.section}
          action={dialog.action}
          entry={dialog.entry}
          isCheckedAtOnce={dialog.isCheckedAtOnce}
          onApply={(entry) => handleApply(dialog.section, dialog.action, entry)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'history' && (
        <HistoryDialog section={dialog.section} entryId={dialog.entryId} onClose={close} />
      )}
      {dialog?.kind === 'protocol' && <ProtocolDialog onSave={handleProtocol} onClose={close} />}
      {dialog?.kind === 'clear' && (
        <ConfirmDialog
          title="Отмена изменений"
          confirmLabel="Очистить"
          onConfirm={() => {
            setSession(clearSession(session));
            close();
          }}
          onClose={close}
        >
          Отменить внесение изменений и очистить все внесённые данные? Данное действие нельзя отменить.
        </ConfirmDialog>
      )}
      {(dialog?.kind === 'delete' || dialog?.kind === 'restore') && (
        <ConfirmDialog
          {...deletion[dialog.kind]}
          isBusy={remove.isPending || restore.isPending}
          onConfirm={() => void handleDeleted(dialog.kind === 'delete')}
          onClose={close}
        >
          {deletion[dialog.kind].question}
        </ConfirmDialog>
      )}

      <Snackbar
        open={refusal !== null}
        autoHideDuration={6000}
        // A click elsewhere may be the very click that was refused: its message must stay.
        onClose={(_event, reason) => reason !== 'clickaway' && setRefusal(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="warning" variant="filled" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      </Snackbar>
      <LeaveGuard isModified={isModified(session) && !isBlankNewIntern(session)} />
    </>
  );
}

/** A saved trainee's card, once it is read. */
function SavedCard({ id, section }: { id: number; section: InternSectionKey }) {
  const { data: intern, isPending, isError } = useIntern(id);
  if (isPending) return <CircularProgress aria-label="Загрузка карточки" />;
  if (isError) return <Alert severity="error">Не удалось загрузить карточку стажёра</Alert>;
  return <CardEditor intern={intern} section={section} />;
}

type InternCardProps = {
  /** The trainee's id, or 'new' for a trainee not saved yet. */
  id: number | 'new';
  /** The section's slug from the URL; personal info when absent. */
  page: string | undefined;
};

/** The operator's trainee card (SPEC.md §2): one section at a time, the section in the URL. */
export function InternCard({ id, page }: InternCardProps) {
  const section = sectionOfSlug(page ?? DEFAULT_SLUG);
  if (!section) return <Navigate to={paths.internCard.href(id, DEFAULT_SLUG)} replace />;
  return id === 'new' ? (
    <CardEditor intern={null} section={section} />
  ) : (
    <SavedCard id={id} section={section} />
  );
}
