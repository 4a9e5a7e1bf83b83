import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';

export type Column<T> = { header: string; cell: (row: T) => ReactNode; width?: number | string };

type DataTableProps<T extends { Id: number }> = {
  columns: Column<T>[];
  rows: T[] | undefined;
  /** Nothing to show yet: skeleton rows stand in. */
  isLoading: boolean;
  /** Other rows are on their way while these stay: a thin bar says so. */
  isRefreshing: boolean;
  emptyText: string;
  onEdit: (row: T) => void;
  /** More buttons of a row, after its edit button. */
  rowActions?: (row: T) => ReactNode;
};

const SKELETON_ROWS = 5;

// A button inside a row must not also open the row's editor.
const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/** The table of a list screen: a row opens its editor on click, or by its edit button from the keyboard. */
export function DataTable<T extends { Id: number }>({
  columns,
  rows,
  isLoading,
  isRefreshing,
  emptyText,
  onEdit,
  rowActions,
}: DataTableProps<T>) {
  const width = columns.length + 1;
  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <TableRow key={index}>
        <TableCell colSpan={width}>
          <Skeleton />
        </TableCell>
      </TableRow>
    ));
  } else if (!rows || rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={width}>
          <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
            {emptyText}
          </Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={row.Id} hover onClick={() => onEdit(row)} sx={{ cursor: 'pointer' }}>
        {columns.map((column) => (
          <TableCell key={column.header}>{column.cell(row)}</TableCell>
        ))}
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={stopRowClick}>
          <Tooltip title="Редактировать">
            <IconButton aria-label="Редактировать" size="small" onClick={() => onEdit(row)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {rowActions?.(row)}
        </TableCell>
      </TableRow>
    ));
  }

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
            <TableCell sx={{ width: '1%' }} aria-label="Действия" />
          </TableRow>
        </TableHead>
        <TableBody>{body}</TableBody>
      </Table>
    </TableContainer>
  );
}
