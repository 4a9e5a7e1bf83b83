import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FieldRow } from './field-row';
import { fieldRows, type ReviewField } from './review-fields';
import { canExclude, type ComparedEntry, type Entry, type Side } from './review-model';
import { reviewTexts } from './review-texts';

type ReviewEntryProps = {
  entry: ComparedEntry;
  title: string;
  fields: ReviewField[];
  /** The entry as it will be sent (the file's, with the operator's choices and corrections). */
  result: Entry | null;
  /** The fields awaiting the operator's decision. */
  undecided: string[];
  isExcluded: boolean;
  /** The row is still to be processed: fields may be chosen and corrected. */
  isEditable: boolean;
  onChoose: (path: string, side: Side) => void;
  onCorrect: () => void;
  onExclude: (isExcluded: boolean) => void;
};

function statusChip(entry: ComparedEntry) {
  if (entry.New === null) return null;
  if (entry.Old === null) return <Chip size="small" color="success" label="Новая запись" />;
  if (entry.HasChanges) return <Chip size="small" color="warning" label="Есть изменения" />;
  return <Chip size="small" label={reviewTexts.noChanges} />;
}

/**
 * One entry of the row beside the record's: each field's two values, the changed ones highlighted and, while
 * the row is to be processed, a choice of the value to keep, the card's form to correct it, and for a new
 * entry whether to enter it at all.
 */
export function ReviewEntry({
  entry,
  title,
  fields,
  result,
  undecided,
  isExcluded,
  isEditable,
  onChoose,
  onCorrect,
  onExclude,
}: ReviewEntryProps) {
  const headingId = useId();
  const rows = fieldRows(fields, entry, result, undecided);
  const canEdit = isEditable && entry.New !== null && !isExcluded;

  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        {statusChip(entry)}
        <Box sx={{ flexGrow: 1 }} />
        {isEditable && canExclude(entry) && (
          <FormControlLabel
            label={reviewTexts.include}
            control={
              <Checkbox checked={!isExcluded} onChange={(event) => onExclude(!event.target.checked)} />
            }
          />
        )}
        {canEdit && (
          <Button
            size="small"
            startIcon={<EditIcon />}
            onClick={onCorrect}
            aria-label={`${reviewTexts.correct}: ${title}`}
          >
            {reviewTexts.correct}
          </Button>
        )}
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{reviewTexts.noData}</Typography>
      ) : (
        <Table size="small" aria-labelledby={headingId} sx={isExcluded ? { opacity: 0.5 } : undefined}>
          <TableHead>
            <TableRow>
              <TableCell>Поле</TableCell>
              <TableCell>{reviewTexts.keep}</TableCell>
              <TableCell>{reviewTexts.take}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <FieldRow
                key={row.path}
                row={row}
                mark={entry.marks[row.path]}
                name={`${entry.key}.${row.path}`}
                isChoosable={canEdit && entry.Old !== null && row.isChanged}
                onChoose={(side) => onChoose(row.path, side)}
              />
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
