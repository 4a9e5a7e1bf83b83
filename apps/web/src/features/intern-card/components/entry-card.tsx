import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { internSections, texts } from '@registry/shared';
import type { EntryStatus } from '../edit-session';
import { sectionFields, type EditableSectionKey, type Entry } from '@/lib/section-fields';
import { EntryValues } from './entry-values';

const statusChips: Record<
  Exclude<EntryStatus, 'untouched'>,
  { label: string; color: 'success' | 'info' | 'warning' }
> = {
  created: { label: 'Новая запись', color: 'success' },
  edited: { label: 'Изменена', color: 'info' },
  corrected: { label: 'Скорректирована', color: 'warning' },
};

type EntryCardProps = {
  section: EditableSectionKey;
  entry: Entry;
  /** Its place in the section, from 1. */
  position: number;
  status: EntryStatus;
  /** Only the entry's history is offered: the card is shown as of a past day. */
  isReadOnly?: boolean;
  onEdit: () => void;
  onCorrect: () => void;
  onHistory: () => void;
  onRollback: () => void;
};

type EntryActionsProps = Omit<EntryCardProps, 'section' | 'position'>;

/** What can be done to an entry: only its history on a card shown as of a past day. */
function EntryActions({
  entry,
  status,
  isReadOnly,
  onEdit,
  onCorrect,
  onHistory,
  onRollback,
}: EntryActionsProps) {
  return (
    <CardActions sx={{ flexWrap: 'wrap' }}>
      {!isReadOnly && (
        <>
          <Button size="small" onClick={onEdit}>
            Редактировать
          </Button>
          <Button size="small" onClick={onCorrect}>
            Корректировать
          </Button>
        </>
      )}
      {/* A new entry has no history until the card is saved. */}
      <Button size="small" onClick={onHistory} disabled={entry.Id < 0}>
        История изменений
      </Button>
      {status !== 'untouched' && !isReadOnly && (
        <Button size="small" color="warning" onClick={onRollback}>
          Откатить
        </Button>
      )}
    </CardActions>
  );
}

/** One entry of a section: its filled values, how it differs from the saved card, and what can be done to it. */
export function EntryCard({
  section,
  entry,
  position,
  status,
  isReadOnly = false,
  onEdit,
  onCorrect,
  onHistory,
  onRollback,
}: EntryCardProps) {
  const headingId = useId();
  const { describe } = sectionFields[section];
  const heading = describe?.(entry) || `${internSections[section].title}, запись ${position}`;
  // What an internship flagged by an import says about itself (docs/screens.md#notices-on-an-internship).
  const notices = (Object.keys(texts.internshipNotices) as (keyof typeof texts.internshipNotices)[]).filter(
    (flag) => entry[flag] === true,
  );
  const chip = status === 'untouched' ? null : statusChips[status];

  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h3">
            {heading}
          </Typography>
          {chip && <Chip size="small" label={chip.label} color={chip.color} />}
        </Stack>
        {notices.map((flag) => (
          <Alert key={flag} severity="info" sx={{ mb: 1 }}>
            {texts.internshipNotices[flag]}
          </Alert>
        ))}
        <EntryValues section={section} entry={entry} />
      </CardContent>
      <EntryActions
        entry={entry}
        status={status}
        isReadOnly={isReadOnly}
        onEdit={onEdit}
        onCorrect={onCorrect}
        onHistory={onHistory}
        onRollback={onRollback}
      />
    </Card>
  );
}
