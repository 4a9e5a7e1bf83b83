import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table';
import { CellNote } from './import-cells';
import { showMoreRowsText } from './import-format';

/** Rows shown at first and added by each 'Показать ещё': a file of thousands would take seconds to draw. */
export const ROWS_STEP = 100;

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
 * A list of an import's rows: full name (a link where the row leads somewhere), SNILS, and more; the first
 * hundred, then a hundred more at a time.
 */
export function ChangeTable<T extends { Id: number; FullName: string; Snils: string | null }>({
  rows,
  emptyText,
  hrefOf,
  extraColumns = [],
  noteOf,
}: ChangeTableProps<T>) {
  const [shown, setShown] = useState(ROWS_STEP);
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

  const hidden = rows.length - shown;
  return (
    <>
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
          {rows.slice(0, shown).map((row) => (
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
      {hidden > 0 && (
        <Button sx={{ mt: 1 }} onClick={() => setShown(shown + ROWS_STEP)}>
          {showMoreRowsText(Math.min(ROWS_STEP, hidden))}
        </Button>
      )}
    </>
  );
}
