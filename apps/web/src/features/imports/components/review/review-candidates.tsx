import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link } from 'react-router';
import { candidateReasons, internStatuses, type ChangeReview, type InternStatus } from '@registry/shared';
import { paths } from '@/config/paths';
import { reviewTexts } from './review-texts';

type ReviewCandidatesProps = { review: ChangeReview; importId: number };

/** Other trainees the row may be about, each with why, and a way to compare the row with them instead. */
export function ReviewCandidates({ review, importId }: ReviewCandidatesProps) {
  const headingId = useId();
  if (review.Candidates.length === 0) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
        {reviewTexts.candidates}
      </Typography>
      <List dense disablePadding>
        {review.Candidates.map((candidate) => (
          <ListItem
            key={candidate.Id}
            disableGutters
            secondaryAction={
              <Button
                size="small"
                component={Link}
                to={paths.importChangeForIntern.href(importId, review.ChangeId, candidate.Id)}
                aria-label={`${reviewTexts.compare} с: ${candidate.FullName}`}
              >
                {reviewTexts.compare}
              </Button>
            }
          >
            <ListItemText
              primary={`${candidate.FullName}, ${internStatuses.label(candidate.Status as InternStatus)}`}
              secondary={candidate.Reasons.map((reason) => candidateReasons[reason]).join(', ')}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
