import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ChangeStatus } from '@registry/shared';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useUrlState } from '@/lib/use-url-state';
import { useChangeReview, type ReviewTarget } from '../../api/get-change-review';
import { internshipHref, readInternship } from './internship-choice';
import { changeSummary, summaryText, type CardKit } from './review-fields';
import { comparedEntries } from './review-model';
import { ReviewScreen } from './review-screen';
import { reviewTexts } from './review-texts';

// Read by a screen reader, not shown: the screen itself shows the same summary. Pixels, not `1` (which sx
// reads as 100%: the region was laid out as wide as its text and scrolled the page sideways).
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

// A screen reader hears a live region's news, not what it held when it appeared: the text comes just after.
const ANNOUNCE_DELAY_MS = 150;

/** A polite live region that says `text` again each time `announceKey` changes (another row opens). */
function Announcement({ text, announceKey }: { text: string; announceKey: string }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = region.current;
    if (!node) return;
    node.textContent = '';
    if (!text) return;
    const timer = window.setTimeout(() => (node.textContent = text), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, announceKey]);
  return <Box ref={region} role="status" aria-live="polite" sx={visuallyHidden} />;
}

type ChangeReviewPageProps = {
  importId: number;
  changeId: number;
  target: ReviewTarget;
  /** What the review borrows from the trainee card: its fields and its entry form. */
  kit: CardKit;
};

/**
 * A row of an import to process (`/imports/:id/process/:change`, `…/intern/new`, `…/intern/:internId`, each
 * with `?internship=` when the operator chose the internship): loads the row beside the record it is compared
 * with, and says what the file changes as the row opens.
 */
export function ChangeReviewPage({ importId, changeId, target, kit }: ChangeReviewPageProps) {
  const { state: internship, change } = useUrlState(readInternship, internshipHref);
  const query = useChangeReview(importId, changeId, target, internship);
  const review = query.data;
  const rowKey = `${changeId}:${target}:${internship ?? ''}`;
  // The row opens again merged into the chosen internship; the choice stays in the URL while the row does.
  const chooseInternship = (id: number) => change(() => id, { replace: true });
  const summary =
    review && review.ChangeStatus === ChangeStatus.Pending
      ? summaryText(changeSummary(comparedEntries(review), kit.fieldsOf))
      : '';

  let content;
  if (query.isPending || query.isError) {
    const failure = (
      <Alert severity="error">
        {reviewTexts.loadFailed}.{' '}
        <MuiLink component={Link} to={paths.importDetail.href(importId)}>
          {reviewTexts.toImport}
        </MuiLink>
      </Alert>
    );
    content = <QueryState query={query} failure={failure} loadingLabel="Загрузка записи" />;
  } else {
    // Another row, or another trainee to compare with, starts afresh.
    content = (
      <ReviewScreen
        key={rowKey}
        review={query.data}
        importId={importId}
        target={target}
        kit={kit}
        summary={summary}
        internship={internship}
        onChooseInternship={chooseInternship}
      />
    );
  }

  return (
    <>
      <Announcement text={summary} announceKey={query.isPending ? '' : rowKey} />
      {content}
    </>
  );
}
