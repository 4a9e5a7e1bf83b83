import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { ChangeStatus, type ChangeReview } from '@registry/shared';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import type { ReviewTarget } from '../../api/get-change-review';
import { progressText, reviewTexts } from './review-texts';

type ReviewHeaderProps = {
  review: ChangeReview;
  importId: number;
  target: ReviewTarget;
  /** The row can still be processed: the operator may compare it with another trainee. */
  canProcess: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onChooseIntern: () => void;
};

/**
 * The head of a row's review: the trainee's name or 'Внесение нового стажёра', the row's place in the
 * import, and the ways to compare it with someone else: as new, with another trainee, or as matched.
 */
export function ReviewHeader({
  review,
  importId,
  target,
  canProcess,
  headingRef,
  onChooseIntern,
}: ReviewHeaderProps) {
  const { Import: progress, Intern: intern } = review;
  const place = review.ChangeStatus === ChangeStatus.Pending ? `${progressText(progress)}, ` : '';

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <PageTitle title={intern ? intern.FullName : reviewTexts.newInternTitle} headingRef={headingRef} />
      <Typography color="text.secondary">
        {place}строка {review.RowNumber} файла{' '}
        <MuiLink component={Link} to={paths.importDetail.href(importId)}>
          {progress.FileName}
        </MuiLink>{' '}
        ({progress.Organization.Name})
      </Typography>
      {canProcess && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
          {intern && (
            <Button
              variant="outlined"
              component={Link}
              to={paths.importChangeAsNew.href(importId, review.ChangeId)}
            >
              {reviewTexts.asNew}
            </Button>
          )}
          <Button variant="outlined" onClick={onChooseIntern}>
            {intern ? reviewTexts.otherIntern : reviewTexts.findIntern}
          </Button>
          {target !== 'auto' && (
            <Button component={Link} to={paths.importChange.href(importId, review.ChangeId)}>
              {reviewTexts.automatic}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
