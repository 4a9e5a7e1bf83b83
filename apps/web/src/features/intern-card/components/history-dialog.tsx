import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  formatDate,
  internSections,
  isUndoBasis,
  type ArchiveRecord,
  type ChangeProtocol,
} from '@registry/shared';
import { formatRegistryDateTime } from '@/lib/date-time';
import { ValueChangeList } from '@/components/value-change-list';
import { paths } from '@/config/paths';
import { useEntryHistory } from '../api/get-entry-history';
import { asOfHref, dayOf } from '../as-of';
import { type EditableSectionKey } from '@/lib/section-fields';
import { formatRequisites, valueChanges } from '@/lib/field-values';

/**
 * What an import's changes were entered on: the import's incoming requisites, 'Импорт №345-вх от 2026.11.21';
 * an undo of its row names itself, 'Отмена внесения по импорту №345-вх от 2026.11.25'.
 */
export function importBasisText(requisites: ChangeProtocol['Requisites']): string {
  const date = formatDate(requisites.Date);
  return isUndoBasis(requisites.Number)
    ? `${requisites.Number} от ${date}`
    : `Импорт №${requisites.Number} от ${date}`;
}

/**
 * The basis of a version: the document the operator entered it on ('№ 15-вх от 2026.11.20', with the
 * outgoing one), or the import it was accepted from, linking to the import.
 */
function Basis({ protocol }: { protocol: ChangeProtocol }) {
  const outgoing = formatRequisites(protocol.OutgoingRequisites);
  const outgoingText = outgoing && `, исх. ${outgoing}`;
  if (!protocol.Import) {
    return (
      <Typography variant="body2">
        Основание: {formatRequisites(protocol.Requisites)}
        {outgoingText}
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      Основание:{' '}
      <MuiLink component={Link} to={paths.importDetail.href(protocol.Import.Id)}>
        {importBasisText(protocol.Requisites)}
      </MuiLink>
      {outgoingText}, {protocol.Import.Organization.Name}
    </Typography>
  );
}

type VersionProps = {
  section: EditableSectionKey;
  record: ArchiveRecord;
  /** The card as of the version's day. */
  cardHref: string;
  onLeave: () => void;
  /** A line under the version, between it and the next. */
  hasDivider: boolean;
};

function Version({ section, record, cardHref, onLeave, hasDivider }: VersionProps) {
  // A first version has nothing to compare with; a removal only says that the entry went.
  const changes =
    record.PreviousData && record.Kind !== 'removal'
      ? valueChanges(section, record.PreviousData, record.Data)
      : [];
  return (
    <ListItem disableGutters divider={hasDivider} sx={{ display: 'block' }}>
      <Typography variant="subtitle1" component="h3">
        {record.KindName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[record.OperatorName, formatRegistryDateTime(record.CreatedAt)].filter(Boolean).join(', ')}
      </Typography>
      <Basis protocol={record.Protocol} />
      <ValueChangeList changes={changes} />
      <MuiLink component={Link} to={cardHref} onClick={onLeave} variant="body2">
        Карточка на эту дату
      </MuiLink>
    </ListItem>
  );
}

type HistoryDialogProps = {
  /** The trainee, whose card each version links to as of its day. */
  internId: number;
  section: EditableSectionKey;
  entryId: number;
  onClose: () => void;
};

/**
 * 'История изменений': an entry's timeline, its first entry first, with who, when, on what basis and what, and
 * each version's link to the card as of its day.
 */
export function HistoryDialog({ internId, section, entryId, onClose }: HistoryDialogProps) {
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
              <Version
                key={record.Id}
                section={section}
                record={record}
                cardHref={asOfHref(internId, internSections[section].slug, dayOf(record.CreatedAt))}
                onLeave={onClose}
                hasDivider={index < records.length - 1}
              />
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
