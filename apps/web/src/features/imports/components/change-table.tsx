import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table';
import { CellNote } from './import-cells';

type ChangeTableProps<T extends { Id: number; FullName: string; Snils: string | null }> = {
  rows: T[];
  emptyText: string;
  /** Where a row's name leads (its processing, its trainee), or null where it leads nowhere. */
  hrefOf?: (row: T) => string | null;
  /** Columns after the full name and SNILS. */
  extraColumns?: Column<T>[];
  /** A second line under a row's name ('Обрабатывает …'), or null. */
  noteOf?: (row: T) => ReactNode;
};

/**
 * One page of an import's rows (the server pages them, GET /imports/{id}/changes): full name (a link where
 * the row leads somewhere), SNILS, and more.
 */
export function ChangeTable<T extends { Id: number; FullName: string; Snils: string | null }>({
  rows,
  emptyText,
  hrefOf,
  extraColumns = [],
  noteOf,
}: ChangeTableProps<T>) {
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  }
  const nameOf = (row: T): ReactNode => {
    const href = hrefOf?.(row);
    const note = noteOf?.(row);
    return (
      <>
        {href ? (
          <MuiLink component={Link} to={href}>
            {row.FullName}
          </MuiLink>
        ) : (
          row.FullName
        )}
        {note && <CellNote>{note}</CellNote>}
      </>
    );
  };

  // A page of long names and reasons scrolls sideways inside its card, not the whole page.
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>ФИО</TableCell>
            <TableCell>СНИЛС</TableCell>
            {extraColumns.map((column) => (
              <TableCell key={column.header}>{column.header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.Id}>
              <TableCell>{nameOf(row)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.Snils}</TableCell>
              {extraColumns.map((column) => (
                <TableCell key={column.header}>{column.cell(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
