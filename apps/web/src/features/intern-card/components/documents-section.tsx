import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { normalizeForSearch, searchWords, type ChangeProtocol } from '@registry/shared';
import { formatRegistryDateTime } from '@/lib/date-time';
import { paths } from '@/config/paths';
import { formatRequisites } from '@/lib/field-values';
import { importBasisText } from './history-dialog';

/** True when the protocol's numbers and its import's SRO hold every word of the term (case and ё/е aside). */
function matches(protocol: ChangeProtocol, words: string[]): boolean {
  const texts = [
    protocol.Requisites.Number,
    protocol.OutgoingRequisites.Number,
    protocol.Import?.Organization.Name,
  ];
  const haystack = normalizeForSearch(texts.filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}

/** One basis document: its requisites, where the change came from, its kind, who entered it and when. */
function DocumentRow({ protocol }: { protocol: ChangeProtocol }) {
  return (
    <TableRow>
      <TableCell>
        {protocol.Import ? importBasisText(protocol.Requisites) : formatRequisites(protocol.Requisites)}
      </TableCell>
      <TableCell>{formatRequisites(protocol.OutgoingRequisites)}</TableCell>
      <TableCell>
        {protocol.Import ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Link component={RouterLink} to={paths.importDetail.href(protocol.Import.Id)}>
              Импорт
            </Link>
            <Typography variant="body2" color="text.secondary">
              {protocol.Import.Organization.Name}
            </Typography>
          </Stack>
        ) : (
          'Ручной ввод'
        )}
      </TableCell>
      <TableCell>
        {protocol.IsCorrection ? <Chip size="small" label="Корректировка" /> : 'Изменение'}
      </TableCell>
      <TableCell>{protocol.OperatorName}</TableCell>
      <TableCell>{formatRegistryDateTime(protocol.CreatedAt)}</TableCell>
    </TableRow>
  );
}

/** The 'Документы' section: the basis documents of the card's changes, read-only, newest first. */
export function DocumentsSection({ protocols }: { protocols: ChangeProtocol[] }) {
  const headingId = useId();
  const [term, setTerm] = useState('');
  const words = searchWords(term);
  const shown = protocols.filter((protocol) => matches(protocol, words));

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Typography id={headingId} variant="h6" component="h2">
        Документы
      </Typography>
      <TextField
        type="search"
        label="Поиск по номеру документа или СРО"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        size="small"
        sx={{ maxWidth: 420 }}
      />
      {shown.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {protocols.length === 0 ? 'В данный момент данных в этом разделе нет' : 'Ничего не найдено'}
          </Typography>
        </Paper>
      ) : (
        // A narrow card scrolls the table sideways: the keyboard reaches it, to scroll it too.
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-labelledby={headingId}
        >
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>Документ</TableCell>
                <TableCell>Исходящий</TableCell>
                <TableCell>Источник</TableCell>
                <TableCell>Вид</TableCell>
                <TableCell>Оператор</TableCell>
                <TableCell>Внесено</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((protocol) => (
                <DocumentRow key={protocol.Id} protocol={protocol} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
