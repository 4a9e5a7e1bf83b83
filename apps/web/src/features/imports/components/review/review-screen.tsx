import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ChangeStatus, type ChangeReview } from '@registry/shared';
import type { ApiError } from '@/lib/api-client';
import { useErrorDialogState } from '@/lib/error-dialog';
import type { ReviewTarget } from '../../api/get-change-review';
import { useImportProgress } from '../../api/get-import-progress';
import { ReviewActions } from './review-actions';
import { isImportRejected, lacksRequisites, ReviewAlerts } from './review-alerts';
import { ReviewCandidates } from './review-candidates';
import { ReviewDialogs, type ReviewDialog } from './review-dialogs';
import { ReviewDecisions, saveBlockedReason } from './review-decisions';
import { ReviewDoneDialog, type ReviewOutcome } from './review-done-dialog';
import type { CardKit } from './review-fields';
import { ReviewHeader } from './review-header';
import { ReviewInternshipChoice, type ReviewInternshipChoiceProps } from './review-internship-choice';
import { ReviewMenu } from './review-menu';
import { ClaimNotices, DoneSnackbar } from './review-notices';
import { ReviewSection } from './review-section';
import { ShortcutLegend, useReviewShortcuts } from './review-shortcuts';
import { lostRaceText, reviewTexts } from './review-texts';
import { arrivalNoteOf, useMoveOn } from './use-move-on';
import { useReviewProcess } from './use-review-process';
import type { ComparedEntry, Entry } from './review-model';
import { useReviewState, type ReviewState } from './use-review-state';
import { useRowClaim } from './use-row-claim';
import { useUndoDecision } from './use-undo-decision';

type ReviewScreenProps = {
  review: ChangeReview;
  importId: number;
  target: ReviewTarget;
  kit: CardKit;
  /** What the file changes, in a sentence; empty for a row already handled. */
  summary: string;
  /** The trainee's internship the operator chose to merge the row into (`?internship=`). */
  internship: number | undefined;
  onChooseInternship: (internshipId: number) => void;
};

type ReviewBodyProps = {
  state: ReviewState;
  kit: CardKit;
  isEditable: boolean;
  onCorrect: (entry: ComparedEntry, current: Entry) => void;
  /** What the internship section says and offers before its entry: the choice of the internship. */
  internshipChoice: ReviewInternshipChoiceProps;
};

/** The menu of the four sections beside the one shown. */
function ReviewBody({ state, kit, isEditable, onCorrect, internshipChoice }: ReviewBodyProps) {
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
          notices={state.section === 'Internship' && <ReviewInternshipChoice {...internshipChoice} />}
        />
      </Box>
    </Box>
  );
}

/**
 * Moving on from the row (docs/row-review.md «Несколько операторов и следующая запись»): after a decision
 * the next free row opens by itself with the decision confirmed ('Отменить' for a few seconds), or, when none
 * is left, the final dialog says how the import stands; a row lost to another operator says who, and moves
 * on; 'Следующая запись' goes to the next free row in file order.
 */
function useReviewFlow(review: ChangeReview, importId: number, closeDialog: () => void) {
  const location = useLocation();
  const [arrival] = useState(() => arrivalNoteOf(location.state));
  const [notice, setNotice] = useState<string | null>(arrival.notice ?? null);
  const [finished, setFinished] = useState<ReviewOutcome | null>(null);
  const { moveOn, isMoving } = useMoveOn(importId, review.ChangeId);
  const undo = useUndoDecision(importId);

  const onLost = async (error: ApiError) => {
    closeDialog();
    const said = (hasMovedOn: boolean) => lostRaceText(review.RowNumber, error.message, hasMovedOn);
    if ((await moveOn({ notice: said(true) })) === 'none') setNotice(said(false));
  };
  const isPending = review.ChangeStatus === ChangeStatus.Pending && !isImportRejected(review);
  const claim = useRowClaim(review, importId, isPending, (error) => void onLost(error));

  const onDone = async (outcome: ReviewOutcome) => {
    closeDialog();
    claim.finish(null);
    const { kind, changeId, name } = outcome;
    if ((await moveOn({ done: { kind, changeId, name } })) === 'none') setFinished(outcome);
  };
  const goNext = async () => {
    if (isMoving) return;
    setNotice(null);
    if ((await moveOn()) === 'none') setNotice(reviewTexts.noneFree);
  };

  return {
    arrival,
    notice,
    finished,
    closeFinished: () => setFinished(null),
    claim,
    canProcess: isPending && claim.state === 'mine',
    undo,
    goNext,
    handlers: { onDone: (outcome: ReviewOutcome) => void onDone(outcome), onLost: claim.finish },
  };
}

/** The decision on the previous row, with 'Отменить'; or, in its place, the final dialog of the import. */
function ReviewOutcomes({ flow }: { flow: ReturnType<typeof useReviewFlow> }) {
  const { finished, undo, arrival } = flow;
  return (
    <>
      {finished && (
        <ReviewDoneDialog
          outcome={finished}
          isUndoing={undo.isPending}
          onUndo={() => undo.mutate(finished)}
          onClose={flow.closeFinished}
        />
      )}
      {/* The final dialog's 'Отменить' is of the last row: the previous row's would be a second one beside it. */}
      {arrival.done && !finished && (
        <DoneSnackbar done={arrival.done} isUndoing={undo.isPending} onUndo={undo.mutate} />
      )}
    </>
  );
}

/**
 * The row's review with its import as it is now, not as the row opened (`useImportProgress`): requisites
 * another operator filled meanwhile let the row be saved without a reload.
 */
function useFreshImport(opened: ChangeReview, importId: number): ChangeReview {
  const progress = useImportProgress(importId, opened.ChangeId, opened.Import);
  return useMemo(() => ({ ...opened, Import: progress }), [opened, progress]);
}

/**
 * A row's review (docs/screens.md#row-processing): the row beside the register's record, section by section,
 * the operator's choice of each changed value, and saving or rejecting it, from the mouse or the keyboard.
 */
export function ReviewScreen(props: ReviewScreenProps) {
  const { importId, target, kit, summary } = props;
  const review = useFreshImport(props.review, importId);
  const state = useReviewState(review);
  const [dialog, setDialog] = useState<ReviewDialog | null>(null);
  const flow = useReviewFlow(review, importId, () => setDialog(null));
  const process = useReviewProcess(review, importId, state, setDialog, flow.handlers);
  const isErrorShown = useErrorDialogState().isOpen;
  const heading = useRef<HTMLHeadingElement>(null);
  const { canProcess, finished } = flow;
  const blockedReason = saveBlockedReason(review, state, kit.fieldsOf);
  const canSave = canProcess && !lacksRequisites(review) && blockedReason === null;

  // A row opens with the focus on its heading: a screen reader says whose it is, Tab goes on into it.
  useEffect(() => heading.current?.focus(), []);

  const save = () => canSave && void process.save();
  const openReject = () => canProcess && setDialog({ kind: 'reject' });
  const goNext = () => void flow.goNext();
  useReviewShortcuts(
    { onSave: save, onReject: openReject, onNext: goNext, onSection: state.step },
    dialog === null && finished === null && !isErrorShown,
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
      <ClaimNotices claim={flow.claim} notice={flow.notice} />
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
        internshipChoice={{
          review,
          chosen: props.internship,
          isEditable: canProcess,
          onChoose: props.onChooseInternship,
        }}
      />
      <ReviewActions
        canProcess={canProcess}
        canSave={canSave}
        blockedReason={blockedReason}
        isSaving={process.isSaving}
        hasNext={review.Import.NextPending !== null}
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
      <ReviewOutcomes flow={flow} />
    </>
  );
}
