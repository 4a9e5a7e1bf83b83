import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StatsResult } from '@registry/shared';
import { formatFigure, statsCaption, type StatsColumn } from './stats-format';

export const sroHeader = 'СРО';
export const totalsLabel = 'Итого';

type StatsTableProps = {
  result: StatsResult;
  columns: StatsColumn[];
  /** Another period is being counted: the table stays, marked busy. */
  isRefreshing: boolean;
};

// The totals are read as the table's last line, not in the footer's smaller grey type.
const totalsCell = { fontWeight: 600, color: 'text.primary', fontSize: 'inherit' } as const;

/** One row per SRO with the chosen figures, then the totals row, under a caption naming period and SRO. */
export function StatsTable({ result, columns, isRefreshing }: StatsTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-busy={isRefreshing} sx={{ '& caption': { captionSide: 'top' } }}>
        <caption>{statsCaption(result)}</caption>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 500 }}>{sroHeader}</TableCell>
            {columns.map((column) => (
              <TableCell key={column.key} align="right" sx={{ fontWeight: 500 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.Rows.map((row) => (
            <TableRow key={row.Organization.Id} hover>
              <TableCell component="th" scope="row">
                {row.Organization.Name}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.key} align="right">
                  {formatFigure(column.key, row[column.key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" sx={totalsCell}>
              {totalsLabel}
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.key} align="right" sx={totalsCell}>
                {formatFigure(column.key, result.Totals[column.key])}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
