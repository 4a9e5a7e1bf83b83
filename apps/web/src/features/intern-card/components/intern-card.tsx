import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  internSectionKeys,
  internSections,
  type Intern,
  type InternSectionKey,
  texts,
  type ProtocolInput,
} from '@registry/shared';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { showErrorDialog } from '@/lib/error-dialog';
import { useIntern } from '../api/get-intern';
import { describeSaveProblem, useSaveIntern } from '../api/save-intern';
import { useSetInternDeleted } from '../api/set-intern-deleted';
import { useAsOf } from '../as-of';
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
import { emptyEntry, type EditableSectionKey, type Entry } from '@/lib/section-fields';
import { AsOfCard } from './as-of-card';
import { CardDialogs, RefusalSnackbar, type CardDialog } from './card-dialogs';
import { CardFooter } from './card-footer';
import { CardHeader } from './card-header';
import { DocumentsSection } from './documents-section';
import type { EntryAction } from './entry-dialog';
import { LeaveGuard, savedNavigation } from './leave-guard';
import { SectionMenu } from './section-menu';
import { SectionView, type EntryHandlers } from './section-view';

const DEFAULT_SLUG = internSections.PersonalInfo.slug;

export const deletedCardNotice =
  'Стажёр удалён из реестра: карточку можно только просмотреть. Чтобы изменить её, восстановите стажёра.';

/** The section of a URL slug, or null for an unknown one. */
function sectionOfSlug(slug: string): InternSectionKey | null {
  return internSectionKeys.find((key) => internSections[key].slug === slug) ?? null;
}

type CardEditorProps = { intern: Intern | null; section: InternSectionKey };

/** What the editor's parts share: the card, its edit session, and what is open or refused on it. */
type EditorState = CardEditorProps & {
  session: EditSession;
  setSession: Dispatch<SetStateAction<EditSession>>;
  setDialog: (dialog: CardDialog | null) => void;
  setRefusal: (refusal: string | null) => void;
};

/** A section of the card being edited: a saved trainee's, or the new one's. */
const editorHref = (intern: Intern | null, key: InternSectionKey) =>
  paths.internCard.href(intern?.Id ?? 'new', internSections[key].slug);

/** What the operator does to entries: their dialogs opened (or why not), and what the dialogs give applied. */
function useEntryActions({ session, setSession, setDialog, setRefusal }: EditorState) {
  const apply = (transition: Transition) => {
    if (transition.refusal !== undefined) setRefusal(transition.refusal);
    else setSession(transition.session);
  };
  const open = (next: CardDialog, refused: string | null) =>
    refused ? setRefusal(refused) : setDialog(next);

  const handlers: EntryHandlers = {
    onAdd: (key) =>
      open({ kind: 'entry', section: key, action: 'add', entry: emptyEntry(key, 0) }, addRefusal(session)),
    onEdit: (key, entry) =>
      open({ kind: 'entry', section: key, action: 'edit', entry }, editRefusal(session)),
    onCorrect: (key, entry) =>
      open({ kind: 'entry', section: key, action: 'correct', entry }, correctRefusal(session)),
    onHistory: (key, entry) => setDialog({ kind: 'history', section: key, entryId: entry.Id }),
    onRollback: (key, entry) => apply(rollbackEntry(session, key, entry.Id)),
  };
  const handleApply = (key: EditableSectionKey, action: EntryAction, entry: Entry) => {
    const transitions = { add: addEntry, edit: editEntry, correct: correctEntry };
    apply(transitions[action](session, key, entry));
  };
  return { handlers, handleApply };
}

/** Saving the session on a basis document, and deleting or restoring the trainee. */
function useCardSaving({ intern, section, session, setSession, setDialog }: EditorState) {
  const navigate = useNavigate();
  const save = useSaveIntern();
  const remove = useSetInternDeleted(true);
  const restore = useSetInternDeleted(false);

  const handleSave = () => {
    // An entry the schema refuses is opened for the operator to put right, rather than sent to be refused.
    const invalid = firstInvalidEntry(session);
    if (!invalid) return setDialog({ kind: 'protocol' });
    void navigate(editorHref(intern, invalid.section), { replace: true });
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
    setDialog(null);
  };

  return { handleSave, handleProtocol, handleDeleted, isDeleting: remove.isPending || restore.isPending };
}

/** The card with its edit session: sections, entry dialogs, the footer, saving, deleting and restoring. */
function CardEditor({ intern, section }: CardEditorProps) {
  const { showAsOf } = useAsOf();
  const [session, setSession] = useState<EditSession>(() => startSession(intern));
  const [dialog, setDialog] = useState<CardDialog | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const state: EditorState = { intern, section, session, setSession, setDialog, setRefusal };
  const { handlers, handleApply } = useEntryActions(state);
  const saving = useCardSaving(state);

  // A card nobody is editing follows the saved one; a card being edited keeps the version it started from,
  // so that a save over someone else's is refused rather than overwriting it.
  if (intern && !isModified(session) && intern.Version !== session.version) setSession(startSession(intern));

  // A deleted trainee is only read and restored: nothing is added, changed or saved until it is restored.
  const isDeleted = intern?.IsDeleted === true;
  const close = () => setDialog(null);
  return (
    <>
      <CardHeader
        intern={intern}
        asOf={null}
        onAsOf={showAsOf}
        onDelete={() => setDialog({ kind: 'delete' })}
        onRestore={() => setDialog({ kind: 'restore' })}
      />
      {isDeleted && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {deletedCardNotice}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
        <SectionMenu
          current={section}
          hrefOf={(key) => editorHref(intern, key)}
          countOf={(key) => (key === 'Documents' ? 0 : changedCount(session, key))}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {section === 'Documents' ? (
            <DocumentsSection protocols={intern?.ChangeProtocols ?? []} />
          ) : (
            <SectionView section={section} session={session} isReadOnly={isDeleted} {...handlers} />
          )}
        </Box>
      </Box>
      {isModified(session) && !isDeleted && (
        <CardFooter
          mode={session.mode}
          onClear={() => setDialog({ kind: 'clear' })}
          onSave={saving.handleSave}
        />
      )}
      <CardDialogs
        dialog={dialog}
        internId={intern?.Id ?? null}
        isDeleting={saving.isDeleting}
        onApply={handleApply}
        onProtocol={saving.handleProtocol}
        onClear={() => {
          setSession(clearSession(session));
          close();
        }}
        onDeleted={(isDeleted) => void saving.handleDeleted(isDeleted)}
        onClose={close}
      />
      <RefusalSnackbar refusal={refusal} onClose={() => setRefusal(null)} />
      <LeaveGuard isModified={isModified(session) && !isBlankNewIntern(session)} />
    </>
  );
}

/** A saved trainee's card, once it is read. */
function SavedCard({ id, section }: { id: number; section: InternSectionKey }) {
  const query = useIntern(id);
  if (query.isPending || query.isError) {
    const failure = <Alert severity="error">Не удалось загрузить карточку стажёра</Alert>;
    return <QueryState query={query} failure={failure} loadingLabel="Загрузка карточки" />;
  }
  return <CardEditor intern={query.data} section={section} />;
}

type InternCardProps = {
  /** The trainee's id, or 'new' for a trainee not saved yet. */
  id: number | 'new';
  /** The section's slug from the URL; personal info when absent. */
  page: string | undefined;
};

/**
 * The operator's trainee card (docs/screens.md#the-trainee-card): one section at a time, the section in the
 * URL; with `?asOf=` in it, the card read-only as of that day.
 */
export function InternCard({ id, page }: InternCardProps) {
  const { search } = useLocation();
  const { asOf, showAsOf } = useAsOf();
  const section = sectionOfSlug(page ?? DEFAULT_SLUG);
  if (!section) return <Navigate to={`${paths.internCard.href(id, DEFAULT_SLUG)}${search}`} replace />;
  if (id === 'new') return <CardEditor intern={null} section={section} />;
  return asOf === null ? (
    <SavedCard id={id} section={section} />
  ) : (
    <AsOfCard id={id} section={section} asOf={asOf} onAsOf={showAsOf} />
  );
}
