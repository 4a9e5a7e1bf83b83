import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChangeStatus, type ChangeReview } from '@registry/shared';
import { paths } from '@/config/paths';
import { useErrorDialogState } from '@/lib/error-dialog';
import type { ReviewTarget } from '../../api/get-change-review';
import { ReviewActions } from './review-actions';
import { isImportRejected, lacksRequisites, ReviewAlerts } from './review-alerts';
import { ReviewCandidates } from './review-candidates';
import { ReviewDialogs, type ReviewDialog } from './review-dialogs';
import { ReviewDecisions, saveBlockedReason } from './review-decisions';
import type { CardKit } from './review-fields';
import { ReviewHeader } from './review-header';
import { ReviewMenu } from './review-menu';
import { ReviewSection } from './review-section';
import { ShortcutLegend, useReviewShortcuts } from './review-shortcuts';
import { useReviewProcess } from './use-review-process';
import type { ComparedEntry, Entry } from './review-model';
import { useReviewState, type ReviewState } from './use-review-state';

type ReviewScreenProps = {
  review: ChangeReview;
  importId: number;
  target: ReviewTarget;
  kit: CardKit;
  /** What the file changes, in a sentence; empty for a row already handled. */
  summary: string;
};

type ReviewBodyProps = {
  state: ReviewState;
  kit: CardKit;
  isEditable: boolean;
  onCorrect: (entry: ComparedEntry, current: Entry) => void;
};

/** The menu of the four sections beside the one shown. */
function ReviewBody({ state, kit, isEditable, onCorrect }: ReviewBodyProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
      <ReviewMenu current={state.section} hasChanges={state.hasChanges} onSelect={state.select} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <ReviewSection
          key={state.section}
          section={state.section}
          entries={state.entries.filter((entry) => entry.section === state.section)}
          fields={kit.fieldsOf(state.section)}
          decisions={state.decisions}
          isEditable={isEditable}
          shouldFocus={state.hasMoved}
          onChoose={state.choose}
          onCorrect={onCorrect}
          onExclude={state.exclude}
        />
      </Box>
    </Box>
  );
}

/**
 * A row's review (SPEC.md §2 Row processing): the row beside the register's record, section by section, the
 * operator's choice of each changed value, and saving or rejecting it, from the mouse or the keyboard.
 */
export function ReviewScreen({ review, importId, target, kit, summary }: ReviewScreenProps) {
  const navigate = useNavigate();
  const state = useReviewState(review);
  const [dialog, setDialog] = useState<ReviewDialog | null>(null);
  const process = useReviewProcess(review, importId, state, setDialog);
  const isErrorShown = useErrorDialogState().isOpen;
  const heading = useRef<HTMLHeadingElement>(null);
  const canProcess = review.ChangeStatus === ChangeStatus.Pending && !isImportRejected(review);
  const blockedReason = saveBlockedReason(state, kit.fieldsOf);
  const canSave = canProcess && !lacksRequisites(review) && blockedReason === null;
  const next = review.Import.NextPending;

  // A row opens with the focus on its heading: a screen reader says whose it is, Tab goes on into it.
  useEffect(() => heading.current?.focus(), []);

  const save = () => canSave && void process.save();
  const openReject = () => canProcess && setDialog({ kind: 'reject' });
  const goNext = () => next && void navigate(paths.importChange.href(importId, next.Id));
  useReviewShortcuts(
    { onSave: save, onReject: openReject, onNext: goNext, onSection: state.step },
    dialog === null && !isErrorShown,
  );

  return (
    <>
      <ReviewHeader
        review={review}
        importId={importId}
        target={target}
        canProcess={canProcess}
        headingRef={heading}
        onChooseIntern={() => setDialog({ kind: 'choose' })}
      />
      <ReviewAlerts review={review} onEditImport={() => setDialog({ kind: 'requisites' })} />
      {canProcess && (
        <ReviewDecisions state={state} fieldsOf={kit.fieldsOf} unknownSchool={review.UnknownSchool} />
      )}
      {canProcess && <ReviewCandidates review={review} importId={importId} />}
      {summary && <Typography sx={{ mb: 2, fontWeight: 500 }}>{summary}</Typography>}
      <ReviewBody
        state={state}
        kit={kit}
        isEditable={canProcess}
        onCorrect={(entry, current) => setDialog({ kind: 'correct', entry, current, isCheckedAtOnce: false })}
      />
      <ReviewActions
        canProcess={canProcess}
        canSave={canSave}
        blockedReason={blockedReason}
        isSaving={process.isSaving}
        hasNext={next !== null}
        onSave={save}
        onReject={openReject}
        onNext={goNext}
      />
      <ShortcutLegend />
      {dialog && (
        <ReviewDialogs
          dialog={dialog}
          review={review}
          importId={importId}
          kit={kit}
          isRejecting={process.isRejecting}
          onReject={process.rejectRow}
          onCorrect={state.correct}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
