import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { internSections } from '@registry/shared';
import { entryStatus, type EditSession } from '../edit-session';
import type { EditableSectionKey, Entry } from '@/lib/section-fields';
import { EntryCard } from './entry-card';

/** What the operator can do to a section's entries. */
export type EntryHandlers = {
  onAdd: (section: EditableSectionKey) => void;
  onEdit: (section: EditableSectionKey, entry: Entry) => void;
  onCorrect: (section: EditableSectionKey, entry: Entry) => void;
  onHistory: (section: EditableSectionKey, entry: Entry) => void;
  onRollback: (section: EditableSectionKey, entry: Entry) => void;
};

type SectionViewProps = EntryHandlers & {
  section: EditableSectionKey;
  session: EditSession;
  /** The card as of a past day, or a deleted trainee's: its entries and their history only, nothing to change. */
  isReadOnly?: boolean;
};

/** A section of the card: its entries as the session has them, or a notice that it is empty. */
export function SectionView({
  section,
  session,
  isReadOnly = false,
  onAdd,
  onEdit,
  onCorrect,
  onHistory,
  onRollback,
}: SectionViewProps) {
  const headingId = useId();
  const entries = session.sections[section];
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h6" component="h2">
          {internSections[section].title}
        </Typography>
        {entries.length > 0 && !isReadOnly && (
          <Button startIcon={<AddIcon />} onClick={() => onAdd(section)}>
            Добавить запись
          </Button>
        )}
      </Stack>
      {entries.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary" gutterBottom>
            В данный момент данных в этом разделе нет
          </Typography>
          {!isReadOnly && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => onAdd(section)}>
              Добавить
            </Button>
          )}
        </Paper>
      ) : (
        entries.map((entry, index) => (
          <EntryCard
            key={entry.Id}
            section={section}
            entry={entry}
            position={index + 1}
            status={entryStatus(session, section, entry)}
            isReadOnly={isReadOnly}
            onEdit={() => onEdit(section, entry)}
            onCorrect={() => onCorrect(section, entry)}
            onHistory={() => onHistory(section, entry)}
            onRollback={() => onRollback(section, entry)}
          />
        ))
      )}
    </Stack>
  );
}
