/*
 * One of `npm run parity`'s readers (parity.ts): reads each file it is sent with the change-file reader's
 * scanners and then with SheetJS, and reports each step, so that the parent, which holds the timeout and
 * sees this process die, knows which reader a runaway file was in.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ChangeFileRefusal } from '../apps/server/src/modules/imports/rows/change-file-messages.js';
import { readerGrid } from '../apps/server/src/test/change-files/reader-grid.js';
import { comparable, sheetJsGrid } from '../apps/server/src/test/change-files/sheetjs-grid.js';

export type Outcome = 'equal' | 'differ' | 'refused' | 'crashed' | 'hung';

export type ChildReport =
  /** The child has loaded both readers and waits for a file: the timeout starts with the file. */
  | { step: 'ready' }
  /** The reader is done and read the file; SheetJS reads it next. */
  | { step: 'read' }
  | { step: 'done'; outcome: Exclude<Outcome, 'hung'>; note?: string };

const send = (report: ChildReport) => process.send!(report);

type Grid = { rows: { number: number; cells: unknown[] }[]; merges: unknown[] };

/** A value as printed, on one line: a long text from a little before `from`, where it parts from the other. */
function shown(value: unknown, from = 0): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? 'nothing';
  const start = Math.max(0, from - 20);
  const end = start + 80;
  return `${start > 0 ? '…' : ''}${JSON.stringify(value.slice(start, end))}${value.length > end ? '…' : ''}`;
}

/** Where two grids first part: a cell, or the merged ranges. */
function firstDifference(ours: Grid, sheetJs: Grid): string {
  for (let i = 0; i < Math.max(ours.rows.length, sheetJs.rows.length); i++) {
    const [a, b] = [ours.rows[i], sheetJs.rows[i]];
    if (a?.number !== b?.number)
      return `row ${a?.number ?? '—'} in the reader, ${b?.number ?? '—'} in SheetJS`;
    const column = Array.from({ length: Math.max(a!.cells.length, b!.cells.length) }, (_, c) => c).find(
      (c) => JSON.stringify(a!.cells[c]) !== JSON.stringify(b!.cells[c]),
    );
    if (column === undefined) continue;
    const [x, y] = [a!.cells[column], b!.cells[column]];
    let from = 0;
    if (typeof x === 'string' && typeof y === 'string') while (x[from] === y[from]) from++;
    return `row ${a!.number}, column ${column + 1}: reader ${shown(x, from)}, SheetJS ${shown(y, from)}`;
  }
  return `merged ranges: reader ${JSON.stringify(ours.merges)}, SheetJS ${JSON.stringify(sheetJs.merges)}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

async function compare(file: string) {
  const bytes = await readFile(file);
  let ours: Grid;
  try {
    ours = comparable(readerGrid(bytes, path.basename(file))) as Grid;
  } catch (error) {
    if (error instanceof ChangeFileRefusal) {
      const detail = error.detail ? ` (${error.detail})` : '';
      send({ step: 'done', outcome: 'refused', note: `${error.problems[0]}${detail}` });
    } else {
      send({ step: 'done', outcome: 'crashed', note: errorText(error) });
    }
    return;
  }
  send({ step: 'read' });
  let sheetJs: Grid;
  try {
    sheetJs = comparable(sheetJsGrid(bytes)) as Grid;
  } catch (error) {
    send({ step: 'done', outcome: 'differ', note: `SheetJS failed: ${errorText(error)}` });
    return;
  }
  const equal = JSON.stringify(ours) === JSON.stringify(sheetJs);
  send(
    equal
      ? { step: 'done', outcome: 'equal' }
      : { step: 'done', outcome: 'differ', note: firstDifference(ours, sheetJs) },
  );
}

process.on('message', (file: string) => void compare(file));
send({ step: 'ready' });
