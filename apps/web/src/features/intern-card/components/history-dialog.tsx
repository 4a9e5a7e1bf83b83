import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { formatDateTime, type ArchiveRecord } from '@registry/shared';
import { useEntryHistory } from '../api/get-entry-history';
import { formatRequisites, valueChanges, type EditableSectionKey } from '../section-fields';

/** The basis of a version: '№ 15-вх от 2026.11.20', the outgoing document and the import it came from. */
function basisOf({ Protocol }: ArchiveRecord): string {
  const outgoing = formatRequisites(Protocol.OutgoingRequisites);
  return [
    `Основание: ${formatRequisites(Protocol.Requisites)}`,
    outgoing && `исх. ${outgoing}`,
    Protocol.Import && `импорт от ${Protocol.Import.Organization.Name}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function Version({ section, record }: { section: EditableSectionKey; record: ArchiveRecord }) {
  // A first version has nothing to compare with; a removal only says that the entry went.
  const changes =
    record.PreviousData && record.Kind !== 'removal'
      ? valueChanges(section, record.PreviousData, record.Data)
      : [];
  return (
    <ListItem disableGutters sx={{ display: 'block' }}>
      <Typography variant="subtitle1" component="h3">
        {record.KindName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[record.OperatorName, formatDateTime(record.CreatedAt)].filter(Boolean).join(', ')}
      </Typography>
      <Typography variant="body2">{basisOf(record)}</Typography>
      {changes.length > 0 && (
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {changes.map((change) => (
            <li key={change.label}>
              <Typography variant="body2">
                {change.label}: {change.before || '—'} → {change.after || '—'}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </ListItem>
  );
}

type HistoryDialogProps = { section: EditableSectionKey; entryId: number; onClose: () => void };

/** 'История изменений': an entry's timeline, its first entry first, with who, when, on what basis and what. */
export function HistoryDialog({ section, entryId, onClose }: HistoryDialogProps) {
  const titleId = useId();
  const { data: records, isPending, isError } = useEntryHistory(section, entryId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>История изменений</DialogTitle>
      <DialogContent>
        {isPending && <CircularProgress aria-label="Загрузка истории" />}
        {isError && <Alert severity="error">Не удалось загрузить историю изменений</Alert>}
        {records && (
          <List aria-label="Версии записи">
            {records.map((record, index) => (
              <Fragment key={record.Id}>
                {index > 0 && <Divider component="li" />}
                <Version section={section} record={record} />
              </Fragment>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
      </DialogActions>
    </Dialog>
  );
}
