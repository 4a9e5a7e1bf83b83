import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { ImportStatus, texts, type ChangeReview } from '@registry/shared';
import { formatRegistryDateTime } from '@/lib/date-time';
import { paths } from '@/config/paths';
import { handledText, reviewTexts } from './review-texts';

/**
 * The import was rejected as a whole: none of its rows is saved or rejected any more
 * (docs/row-review.md#nothing-is-applied-twice).
 */
export function isImportRejected(review: ChangeReview): boolean {
  return review.Import.Rejection !== null || review.Import.Status === ImportStatus.Rejected;
}

/** The import lacks the incoming requisites its changes are entered on. */
export function lacksRequisites(review: ChangeReview): boolean {
  return !review.Import.Requisites.Number || !review.Import.Requisites.Date;
}

function StateAlerts({ review, onEditImport }: { review: ChangeReview; onEditImport: () => void }) {
  const handled = review.ChangeStatus === 1 ? 'finished' : review.ChangeStatus === 2 ? 'rejected' : null;
  const processedAt = formatRegistryDateTime(review.ProcessedAt);
  return (
    <>
      {isImportRejected(review) && (
        <Alert severity="error">
          {reviewTexts.importRejected}
          {review.Import.Rejection && ` Основание: ${review.Import.Rejection.Reason}`}
        </Alert>
      )}
      {handled && (
        <Alert severity="info">
          {handledText(handled, review.ProcessedBy, processedAt, review.RejectionReason)}
        </Alert>
      )}
      {!handled && !isImportRejected(review) && lacksRequisites(review) && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onEditImport}>
              {reviewTexts.fillRequisites}
            </Button>
          }
        >
          {reviewTexts.noRequisites}
        </Alert>
      )}
    </>
  );
}

type HolderAlertProps = {
  review: ChangeReview;
  /** The trainee holding a key of the register the row names. */
  holder: { Id: number; FullName: string };
  /** The sentence before and after the holder's name. */
  parts: readonly [string, string];
};

/**
 * Another trainee holds the row's SNILS or internship number: the register refuses it to anyone else. Their
 * name links to their card, and the row can be compared with them.
 */
function HolderAlert({ review, holder, parts: [before, after] }: HolderAlertProps) {
  return (
    <Alert
      severity="warning"
      action={
        review.ChangeStatus === 0 && (
          <Button
            color="inherit"
            size="small"
            component={Link}
            to={paths.importChangeForIntern.href(review.Import.Id, review.ChangeId, holder.Id)}
          >
            {reviewTexts.compareWithHolder}
          </Button>
        )
      }
    >
      {before}
      <MuiLink component={Link} to={paths.internCard.href(holder.Id)}>
        {holder.FullName}
      </MuiLink>
      {after}
    </Alert>
  );
}

/** The cells of a pre-filled file's row that the register changed since the download, and the conflicts. */
function SinceExportAlerts({ review }: { review: ChangeReview }) {
  const since = review.SinceExport;
  if (!since) return null;
  const day = formatRegistryDateTime(since.ExportedAt);
  const headers = (cells: { Header: string }[]) => cells.map((cell) => `«${cell.Header}»`).join(', ');
  return (
    <>
      {since.Conflicts.length > 0 && (
        <Alert severity="warning">{reviewTexts.conflictSinceExport(day, headers(since.Conflicts))}</Alert>
      )}
      {since.Cleared.length > 0 && (
        <Alert severity="warning">{reviewTexts.clearedInFile(headers(since.Cleared))}</Alert>
      )}
      {since.ChangedInRegister.length > 0 && (
        <Alert severity="info">{reviewTexts.changedInRegister(day, headers(since.ChangedInRegister))}</Alert>
      )}
    </>
  );
}

function MatchAlerts({ review }: { review: ChangeReview }) {
  return (
    <>
      <SinceExportAlerts review={review} />
      {review.Intern?.IsDeleted && <Alert severity="warning">{reviewTexts.deletedIntern}</Alert>}
      {review.SnilsHolder && (
        <HolderAlert review={review} holder={review.SnilsHolder} parts={texts.rowSnilsTaken} />
      )}
      {review.ConflictingIntern && (
        <HolderAlert
          review={review}
          holder={review.ConflictingIntern}
          parts={reviewTexts.conflictingIntern(review.Intern === null)}
        />
      )}
      {review.FoundByFullName && <Alert severity="warning">{reviewTexts.foundByFullName}</Alert>}
      {review.ConflictingOrganization && (
        <Alert severity="warning">
          {reviewTexts.conflictingOrganization(review.ConflictingOrganization.Name)}
        </Alert>
      )}
      {review.Notices.map((notice) => (
        <Alert key={notice} severity="info">
          {notice}
        </Alert>
      ))}
      {/* A row whose SNILS a trainee holds is no stranger to the register, even compared as new. */}
      {!review.Intern && !review.SnilsHolder && review.ChangeStatus === 0 && (
        <Alert severity="info">{reviewTexts.newRecord}</Alert>
      )}
    </>
  );
}

type ReviewAlertsProps = { review: ChangeReview; onEditImport: () => void };

/**
 * What the operator must know before deciding (docs/screens.md#row-warnings): the state of the row and of its
 * import, the import's missing requisites (with the dialog that fills them in), doubts about the match, the
 * reader's notices, and that a row without a trainee becomes a new one.
 */
export function ReviewAlerts({ review, onEditImport }: ReviewAlertsProps) {
  return (
    <Stack spacing={1} sx={{ mb: 2, '&:empty': { display: 'none' } }}>
      <StateAlerts review={review} onEditImport={onEditImport} />
      <MatchAlerts review={review} />
    </Stack>
  );
}
