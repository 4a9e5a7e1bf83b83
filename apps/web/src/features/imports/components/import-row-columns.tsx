import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import {
  ChangeStatus,
  changeStatuses,
  rowReturnTexts,
  type FinishedChange,
  type PendingChange,
  type RejectedChange,
  type UnchangedChange,
} from '@registry/shared';
import { formatRegistryDateTime } from '@/lib/date-time';
import type { Column } from '@/components/data-table';
import { paths } from '@/config/paths';
import { fileUrls } from '../api/get-import-file';
import { CellNote } from './import-cells';
import type { PutBackAction } from '../api/put-back-change';
import { rejectionFileText } from './import-documents';
import type { PutBack } from './put-back-dialog';

/** Who handled a row and when: 'Петрова А. С., 2026.11.21 12:30'. */
export function handledByText(row: { ProcessedBy: string | null; ProcessedAt: string | null }): string {
  return [row.ProcessedBy, formatRegistryDateTime(row.ProcessedAt)].filter(Boolean).join(', ');
}

/** The operator working on a waiting row now: 'Обрабатывает Орлова Светлана Игоревна'; null when none. */
export function claimedByText(row: Pick<PendingChange, 'ClaimedBy'>): string | null {
  return row.ClaimedBy === null ? null : `Обрабатывает ${row.ClaimedBy}`;
}

export const matchTexts = {
  snils: 'Найден по СНИЛС',
  fullName: 'Найден по ФИО',
  none: 'Новый стажёр',
  conflict: 'Номер стажировки у другого стажёра',
} as const;

/**
 * The column of the waiting rows after the name and SNILS: how each meets the register, and its conflict. For
 * operators only: the server leaves the match out of a representative's rows.
 */
export const pendingColumns: Column<PendingChange>[] = [
  {
    header: 'Совпадение',
    cell: (row) => (
      <>
        {row.Match && matchTexts[row.Match]}
        {row.HasConflict && (
          <CellNote>
            <Typography component="span" variant="inherit" color="warning.dark">
              {matchTexts.conflict}
            </Typography>
          </CellNote>
        )}
      </>
    ),
  },
];

type NamesIntern = Pick<FinishedChange, 'FullName' | 'InternId' | 'InternFullName'>;

/**
 * The trainee a row names, a link to the card: the register's record, for operators only (a representative's
 * rows leave it out).
 */
function internColumn<T extends NamesIntern>(): Column<T> {
  return {
    header: 'Стажёр',
    cell: (row) =>
      row.InternId ? (
        <MuiLink component={Link} to={paths.internCard.href(row.InternId)}>
          {row.InternFullName ?? row.FullName}
        </MuiLink>
      ) : (
        row.InternFullName
      ),
  };
}

/**
 * The columns of the accepted rows after the name and SNILS: for an operator the trainee each went to; who
 * accepted it when.
 */
export function finishedColumns(isOperator: boolean): Column<FinishedChange>[] {
  const handled: Column<FinishedChange> = { header: 'Принята', cell: handledByText };
  return isOperator ? [internColumn(), handled] : [handled];
}

/**
 * The columns of the unchanged rows after the name and SNILS: their state, as no one handled them, and for an
 * operator the trainee whose record they repeat.
 */
export function unchangedColumns(isOperator: boolean): Column<UnchangedChange>[] {
  const state: Column<UnchangedChange> = {
    header: 'Состояние',
    cell: () => changeStatuses.label(ChangeStatus.Unchanged),
  };
  return isOperator ? [state, internColumn()] : [state];
}

/** The columns of the rejected rows after the name and SNILS: why, who rejected it when, and the file. */
export const rejectedColumns: Column<RejectedChange>[] = [
  { header: 'Основание отклонения', cell: (row) => row.RejectionReason },
  { header: 'Отклонена', cell: handledByText },
  {
    header: 'Файл',
    cell: (row) =>
      row.RejectionId !== null && (
        <MuiLink href={fileUrls.rejection(row.RejectionId)} download>
          {rejectionFileText}
        </MuiLink>
      ),
  },
];

/** An operator's button on each handled row: 'Вернуть в обработку' (rejected) or 'Отменить внесение' (accepted). */
export function putBackColumn<T extends { Id: number; FullName: string }>(
  action: PutBackAction,
  onPutBack: (putBack: PutBack) => void,
): Column<T> {
  const label = action === 'return' ? rowReturnTexts.returnAction : rowReturnTexts.undoAction;
  return {
    header: 'Действия',
    cell: (row) => (
      <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => onPutBack({ action, row })}>
        {label}
      </Button>
    ),
  };
}
