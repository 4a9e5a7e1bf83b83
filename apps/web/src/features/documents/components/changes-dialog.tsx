import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { type BasisDocument, type DocumentChange } from '@registry/shared';
import { formatRegistryDateTime } from '@/lib/date-time';
import { ValueChangeList } from '@/components/value-change-list';
import { isEditableSection, valueChanges } from '@/lib/field-values';
import { useDocumentChanges } from '../api/get-document-changes';
import { DocumentInterns, DocumentSource, InternLink, documentTitle, outgoingText } from './document-cells';

/** Changes shown at first, and added by each 'Показать ещё': an import's document may hold thousands. */
export const CHANGES_STEP = 100;
export const noChangesText = 'Изменений по документу нет';

/** What a change did to its entry, field by field; a removal only says that the entry went. */
function changedValues(change: DocumentChange) {
  if (change.Kind === 'removal' || !isEditableSection(change.Section)) return [];
  return valueChanges(change.Section, change.PreviousData, change.Data);
}

/** One change; `hasDivider` draws a line under it, between it and the next. */
function Change({ change, hasDivider }: { change: DocumentChange; hasDivider: boolean }) {
  return (
    <ListItem disableGutters divider={hasDivider} sx={{ display: 'block' }}>
      <Typography variant="subtitle1" component="h3">
        <InternLink intern={change.Intern} />
      </Typography>
      <Typography variant="body2">
        {change.SectionTitle}, запись №{change.EntryId}: <strong>{change.KindName}</strong>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[change.OperatorName, formatRegistryDateTime(change.CreatedAt)].filter(Boolean).join(', ')}
      </Typography>
      <ValueChangeList changes={changedValues(change)} />
    </ListItem>
  );
}

/** The document as the row showed it: its outgoing requisites, SRO, source and trainees. */
function DocumentSummary({ document }: { document: BasisDocument }) {
  return (
    <Stack spacing={0.5} sx={{ mb: 1 }}>
      <Typography variant="body2">Исходящий: {outgoingText(document)}</Typography>
      <Typography variant="body2">СРО: {document.Organization?.Name ?? '—'}</Typography>
      <Typography variant="body2">
        Источник: <DocumentSource document={document} />
      </Typography>
      <Typography variant="body2">
        Стажёры: <DocumentInterns document={document} />
      </Typography>
    </Stack>
  );
}

function ChangeList({ changes }: { changes: DocumentChange[] }) {
  const [shown, setShown] = useState(CHANGES_STEP);
  if (changes.length === 0) return <Typography color="text.secondary">{noChangesText}</Typography>;
  return (
    <>
      <List aria-label="Изменения по документу">
        {changes.slice(0, shown).map((change, index, list) => (
          <Change
            key={`${change.EntryId}-${change.CreatedAt}-${index}`}
            change={change}
            hasDivider={index < list.length - 1}
          />
        ))}
      </List>
      {changes.length > shown && (
        <Button onClick={() => setShown(shown + CHANGES_STEP)}>
          Показать ещё (показано {shown} из {changes.length})
        </Button>
      )}
    </>
  );
}

type ChangesDialogProps = { document: BasisDocument; onClose: () => void };

/** Every change made on a basis document: the trainee, the entry, what it became, who and when. */
export function ChangesDialog({ document, onClose }: ChangesDialogProps) {
  const titleId = useId();
  const { data, isPending, isError } = useDocumentChanges(document.Id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Изменения по документу {documentTitle(document)}</DialogTitle>
      <DialogContent>
        <DocumentSummary document={data?.Document ?? document} />
        {isPending && <CircularProgress aria-label="Загрузка изменений" />}
        {isError && <Alert severity="error">Не удалось загрузить изменения по документу</Alert>}
        {data && <ChangeList changes={data.Changes} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
      </DialogActions>
    </Dialog>
  );
}
