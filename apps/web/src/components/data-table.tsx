import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

export type Column<T> = { header: string; cell: (row: T) => ReactNode; width?: number | string };

type DataTableProps<T extends { Id: number }> = {
  columns: Column<T>[];
  rows: T[] | undefined;
  /** Nothing to show yet: skeleton rows stand in. */
  isLoading: boolean;
  /** Other rows are on their way while these stay: a thin bar says so. */
  isRefreshing: boolean;
  emptyText: string;
  /** Opens a row's editor: a click on the row, or its edit button. */
  onEdit?: (row: T) => void;
  /** A row's own page, for rows that open a page rather than an editor. */
  rowHref?: (row: T) => string;
  /** More buttons of a row, after its edit button. */
  rowActions?: (row: T) => ReactNode;
};

const SKELETON_ROWS = 5;

/**
 * The table's rows and states from a paged list query: skeletons until the first page, a thin bar while
 * another page replaces it, and no rows after a failure (the empty text then says the load failed).
 */
export function pagedRows<T>(query: {
  data?: { Results: T[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
}) {
  return {
    rows: query.isError ? undefined : query.data?.Results,
    isLoading: query.isPending,
    isRefreshing: query.isPlaceholderData,
  };
}

// A button inside a row must not also open the row's editor.
const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/**
 * The rows as they were when a pointer was pressed on them, until the click it began is done. Rows that
 * arrive in between (the results of a term typed just before) would take the row from under the pointer, and
 * the click with it (issue #34: 4 clicks of 9, 0.2–0.4 s after typing): the press and the release must meet
 * the same row for a click to open it. The new rows show once the button is released.
 */
function useRowsHeldWhilePressed<T>(rows: T[] | undefined) {
  const [held, setHeld] = useState<{ rows: T[] | undefined } | null>(null);
  const hold = () => {
    setHeld({ rows });
    // Let go after the click, which follows the release; released anywhere, not only over the table.
    const listening = new AbortController();
    const release = () => {
      listening.abort();
      window.setTimeout(() => setHeld(null));
    };
    window.addEventListener('pointerup', release, { capture: true, signal: listening.signal });
    window.addEventListener('pointercancel', release, { capture: true, signal: listening.signal });
  };
  return { rows: held ? held.rows : rows, hold };
}

/** Skeleton rows while the first rows load, or the empty text when there are none. */
function PlaceholderRows({
  isLoading,
  width,
  emptyText,
}: {
  isLoading: boolean;
  width: number;
  emptyText: string;
}) {
  if (isLoading) {
    return Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <TableRow key={index}>
        <TableCell colSpan={width}>
          <Skeleton />
        </TableCell>
      </TableRow>
    ));
  }
  return (
    <TableRow>
      <TableCell colSpan={width}>
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

/** A row's edit button and its other buttons. */
function ActionsCell<T extends { Id: number }>({
  row,
  onEdit,
  rowActions,
}: Pick<DataTableProps<T>, 'onEdit' | 'rowActions'> & { row: T }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={stopRowClick}>
      {onEdit && (
        // The browser's own tooltip (title): MUI's Tooltip would bring Popper.js into the public first load.
        <IconButton aria-label="Редактировать" title="Редактировать" size="small" onClick={() => onEdit(row)}>
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {rowActions?.(row)}
    </TableCell>
  );
}

/**
 * The table of a list screen. A row opens its editor on click, or by its edit button from the keyboard; or,
 * with `rowHref`, its page: then the first cell is also a link to it, for the keyboard and a new tab.
 */
export function DataTable<T extends { Id: number }>({
  columns,
  rows: latestRows,
  isLoading,
  isRefreshing,
  emptyText,
  onEdit,
  rowHref,
  rowActions,
}: DataTableProps<T>) {
  const navigate = useNavigate();
  const { rows, hold } = useRowsHeldWhilePressed(latestRows);
  const hasActions = Boolean(onEdit || rowActions);
  const width = columns.length + (hasActions ? 1 : 0);

  const handleRowClick = (row: T, event: MouseEvent) => {
    if (!rowHref) return onEdit?.(row);
    // A click on the first cell's link has gone there already.
    if (event.target instanceof Element && event.target.closest('a')) return;
    void navigate(rowHref(row));
  };
  const renderCell = (row: T, column: Column<T>, index: number) => {
    if (!rowHref || index > 0) return column.cell(row);
    return (
      <MuiLink component={Link} to={rowHref(row)} color="inherit" underline="hover">
        {column.cell(row)}
      </MuiLink>
    );
  };

  const body =
    isLoading || !rows || rows.length === 0 ? (
      <PlaceholderRows isLoading={isLoading} width={width} emptyText={emptyText} />
    ) : (
      rows.map((row) => (
        <TableRow
          key={row.Id}
          hover
          onClick={(event) => handleRowClick(row, event)}
          sx={{ cursor: 'pointer' }}
        >
          {columns.map((column, index) => (
            <TableCell key={column.header}>{renderCell(row, column, index)}</TableCell>
          ))}
          {hasActions && <ActionsCell row={row} onEdit={onEdit} rowActions={rowActions} />}
        </TableRow>
      ))
    );

  return (
    <TableContainer component={Paper} variant="outlined">
      <LinearProgress sx={{ visibility: isRefreshing ? 'visible' : 'hidden' }} aria-hidden={!isRefreshing} />
      <Table size="small" aria-busy={isLoading || isRefreshing}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} sx={{ width: column.width, fontWeight: 500 }}>
                {column.header}
              </TableCell>
            ))}
            {/* As narrow as its buttons: the data columns share the rest. */}
            {hasActions && <TableCell sx={{ width: '1%' }} aria-label="Действия" />}
          </TableRow>
        </TableHead>
        <TableBody onPointerDown={hold}>{body}</TableBody>
      </Table>
    </TableContainer>
  );
}
