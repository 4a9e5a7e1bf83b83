/* Timing helpers of the search benchmark: HTTP round trips, EXPLAIN ANALYZE, percentiles, a text table. */
import { Worker } from 'node:worker_threads';
import type { Database } from '../apps/server/src/db/client.js';

export const median = (values: number[]) => percentile(values, 0.5);

export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
}

/**
 * Times GET requests to the app on `port` from a worker thread (http-client.mjs): `runs` sequential
 * requests after `warmup` uncounted ones, over one kept-alive connection.
 */
export function createHttpClient(port: number) {
  const worker = new Worker(new URL('./http-client.mjs', import.meta.url), { workerData: { port } });
  return {
    time(path: string, cookie: string, runs: number, warmup = 20) {
      return new Promise<{ times: number[]; status: number; body: string }>((resolve, reject) => {
        worker.once('message', (answer: { times: number[]; status: number; body: string; error?: string }) =>
          answer.error ? reject(new Error(answer.error)) : resolve(answer),
        );
        worker.postMessage({ path, cookie, runs, warmup });
      });
    },
    /** Sends each request once, in order, and times each. */
    each(requests: { path: string; method?: string; body?: unknown }[], cookie: string) {
      return new Promise<{ ms: number; status: number; body: string }[]>((resolve, reject) => {
        worker.once(
          'message',
          (answer: { answers: { ms: number; status: number; body: string }[]; error?: string }) =>
            answer.error ? reject(new Error(answer.error)) : resolve(answer.answers),
        );
        worker.postMessage({ requests, cookie });
      });
    },
    close: () => worker.terminate(),
  };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The scans of a plan, e.g. «Index Scan interns_alphabetical_idx», outermost first. */
function scans(node: PlanNode): string[] {
  const own = / Scan$/.test(node['Node Type'])
    ? [`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`]
    : [];
  return [...own, ...(node.Plans ?? []).flatMap(scans)];
}

type Client = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/**
 * The server's own time for a query (planning + execution, from EXPLAIN ANALYZE), the median of `runs`
 * runs after one unmeasured, with the scans of its plan.
 */
export async function explainTime(database: Database, query: { sql: string; params: unknown[] }, runs = 5) {
  // The driver under Drizzle (pg's Pool or PGlite): EXPLAIN with the very text and parameters the app sends.
  const client = (database.db as unknown as { $client: Client }).$client;
  const times: number[] = [];
  let plan: PlanNode | null = null;
  for (let i = 0; i <= runs; i++) {
    const { rows } = await client.query(`explain (analyze, format json) ${query.sql}`, query.params);
    const cell = Object.values(rows[0]!)[0];
    const [result] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as {
      Plan: PlanNode;
      'Planning Time': number;
      'Execution Time': number;
    }[];
    if (i > 0) times.push(result!['Planning Time'] + result!['Execution Time']);
    plan = result!.Plan;
  }
  return { ms: percentile(times, 0.5), scans: [...new Set(scans(plan!))] };
}

type QueryArg = string | { text: string; values?: unknown[] };
type CapturedClient = {
  query: (query: QueryArg, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
};

/** The SQL text and parameters of every query one request runs, as the driver receives them. */
export async function queriesOf(database: Database, request: () => Promise<unknown>) {
  const client = (database.db as unknown as { $client: CapturedClient }).$client;
  const original = client.query;
  const seen: { sql: string; params: unknown[] }[] = [];
  // Drizzle hands node-postgres a query object; PGlite gets the text, the parameters and its options (the
  // parsers of the columns' types), which must reach it too.
  client.query = function (this: unknown, query: QueryArg, params?: unknown[], ...rest: unknown[]) {
    if (typeof query === 'string') seen.push({ sql: query, params: params ?? [] });
    else seen.push({ sql: query.text, params: query.values ?? params ?? [] });
    return original.call(this, query, params, ...rest);
  } as CapturedClient['query'];
  try {
    await request();
  } finally {
    client.query = original;
  }
  const distinct = new Map(seen.map((query) => [query.sql, query]));
  return [...distinct.values()].filter((query) => !/"?sessions"?/i.test(query.sql));
}

/** Prints rows as a table with aligned columns; numbers right-aligned. */
export function printTable(header: string[], rows: (string | number)[][]) {
  const cells = [header, ...rows.map((row) => row.map((cell) => String(cell)))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        typeof rows[0]?.[column] === 'number' ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join(' | ');
  console.log(line(cells[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of cells.slice(1)) console.log(line(row));
}

/** Milliseconds with one decimal. */
export const ms = (value: number) => Number(value.toFixed(1));
