import { ChangeStatus } from '@registry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importChanges } from '../../db/schema/index.js';
import { createAccount, createOrganization } from '../../test/factories.js';
import { buildTestApp, loginAs, type TestApp } from '../../test/build-test-app.js';
import { createStoredImport } from '../../test/imports.js';

/*
 * `GET /imports/{id}/changes`: an import's rows a page at a time, by state and by match, as its page shows
 * them (waiting, accepted, rejected, each in file order), for whoever sees the import.
 */

let t: TestApp;
let operator: string;
let clerk: string;
let otherClerk: string;
let created: Awaited<ReturnType<typeof createStoredImport>>;
/** The row numbers of the rows in each state, in file order. */
const rowNumbers = { pending: [] as number[], finished: [] as number[], rejected: [] as number[] };
let claimedRowNumbers: number[];

/** 45 rows: the rows' states go round waiting, waiting, accepted, waiting, rejected (27, 9, 9). */
const statusOf = (index: number) =>
  [
    ChangeStatus.Pending,
    ChangeStatus.Pending,
    ChangeStatus.Finished,
    ChangeStatus.Pending,
    ChangeStatus.Rejected,
  ][index % 5]!;
const ROWS = 45;

beforeAll(async () => {
  t = await buildTestApp();
  const sro = await createOrganization(t.database.db, { name: 'СРО «Кадастровые инженеры Сибири»' });
  const otherSro = await createOrganization(t.database.db, { name: 'СРО «Кадастровые инженеры Юга»' });
  const op = await createAccount(t.database.db, { fullName: 'Орлова Светлана Игоревна' });
  const rep = await createAccount(t.database.db, { organizationId: sro.id });
  const otherRep = await createAccount(t.database.db, { organizationId: otherSro.id });
  operator = (await loginAs(t.app, op.email, op.password)).cookie;
  clerk = (await loginAs(t.app, rep.email, rep.password)).cookie;
  otherClerk = (await loginAs(t.app, otherRep.email, otherRep.password)).cookie;
  created = await createStoredImport(t.database.db, {
    organizationId: sro.id,
    importedById: rep.id,
    rows: Array.from({ length: ROWS }, (_, index) => ({
      fullName: `Стажёр ${index + 1}`,
      snils: null,
      status: statusOf(index),
    })),
  });
  created.changeIds.forEach((_, index) => {
    const state = (['pending', 'finished', 'rejected'] as const)[statusOf(index)]!;
    rowNumbers[state].push(index + 2);
  });
  // Two waiting rows operators work on now, and one whose claim has expired; an operator holds one claim
  // an import (a unique index), so each row is another operator's.
  const [first, second, third] = created.changeIds.filter((_, index) => statusOf(index) === 0);
  const [colleague, away] = [await createAccount(t.database.db), await createAccount(t.database.db)];
  const claim = (changeId: number, accountId: number, until: Date) =>
    t.database.db
      .update(importChanges)
      .set({ claimedById: accountId, claimedUntil: until })
      .where(eq(importChanges.id, changeId));
  const inAnHour = new Date(Date.now() + 3_600_000);
  await claim(first!, op.id, inAnHour);
  await claim(third!, colleague.id, inAnHour);
  await claim(second!, away.id, new Date(Date.now() - 60_000));
  claimedRowNumbers = [rowNumbers.pending[0]!, rowNumbers.pending[2]!];
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie === undefined ? {} : { cookie } });

async function pageOf(query: string, cookie = operator) {
  const response = await get(`/api/v1/imports/${created.id}/changes${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    Page: number;
    TotalPages: number;
    Total: number;
    Results: { RowNumber: number; State: string }[];
  }>();
}

const numbersOf = (page: { Results: { RowNumber: number }[] }) => page.Results.map((row) => row.RowNumber);

describe("an import's rows, a page at a time", () => {
  it('pages every row: the waiting first, then the accepted, then the rejected, each in file order', async () => {
    const everyRow = [...rowNumbers.pending, ...rowNumbers.finished, ...rowNumbers.rejected];
    const pages = [await pageOf(''), await pageOf('?page=1'), await pageOf('?page=2')];
    expect(pages.map(({ Page, TotalPages, Total }) => [Page, TotalPages, Total])).toEqual([
      [0, 3, ROWS],
      [1, 3, ROWS],
      [2, 3, ROWS],
    ]);
    expect(pages.map((page) => page.Results.length)).toEqual([20, 20, 5]);
    expect(pages.flatMap(numbersOf)).toEqual(everyRow);
    expect(pages[2]!.Results.map((row) => row.State)).toEqual(Array(5).fill('rejected'));
  });

  it('answers an empty page past the end, with the totals', async () => {
    expect(await pageOf('?page=7')).toEqual({ Page: 7, TotalPages: 3, Total: ROWS, Results: [] });
    expect(await pageOf('?state=rejected&page=1')).toEqual({
      Page: 1,
      TotalPages: 1,
      Total: 9,
      Results: [],
    });
  });

  it('shows the rows of one state, and of the waiting ones those an operator works on now', async () => {
    const pending = [await pageOf('?state=pending'), await pageOf('?state=pending&page=1')];
    expect(pending.map(({ Total, TotalPages }) => [Total, TotalPages])).toEqual([
      [27, 2],
      [27, 2],
    ]);
    expect(pending.flatMap(numbersOf)).toEqual(rowNumbers.pending);
    expect(pending[0]!.Results[0]).toEqual({
      State: 'pending',
      Id: created.changeIds[0],
      RowNumber: 2,
      FullName: 'Стажёр 1',
      Snils: null,
      ClaimedBy: 'Орлова Светлана Игоревна',
      Match: 'none',
      HasConflict: false,
    });
    // The expired claim holds nobody.
    expect(pending[0]!.Results[1]).toMatchObject({ RowNumber: 3, ClaimedBy: null });

    const claimed = await pageOf('?state=claimed');
    expect([claimed.Total, numbersOf(claimed)]).toEqual([2, claimedRowNumbers]);

    const finished = await pageOf('?state=finished');
    expect([finished.Total, numbersOf(finished)]).toEqual([9, rowNumbers.finished]);
    expect(finished.Results[0]).toEqual({
      State: 'finished',
      Id: created.changeIds[2],
      RowNumber: 4,
      FullName: 'Стажёр 3',
      Snils: null,
      InternId: null,
      InternFullName: null,
      ProcessedBy: null,
      ProcessedAt: null,
    });

    const rejected = await pageOf('?state=rejected');
    expect([rejected.Total, numbersOf(rejected)]).toEqual([9, rowNumbers.rejected]);
    expect(rejected.Results[0]).toMatchObject({ State: 'rejected', RejectionReason: 'Не указан СНИЛС' });
  });

  it('shows by match the waiting rows only', async () => {
    // No trainee is in the register: every waiting row is a new one.
    const none = [await pageOf('?match=none'), await pageOf('?match=none&page=1')];
    expect(none[0]!.Total).toBe(27);
    expect(none.flatMap(numbersOf)).toEqual(rowNumbers.pending);
    expect((await pageOf('?match=snils')).Total).toBe(0);
    expect((await pageOf('?match=conflict')).Total).toBe(0);
    expect(numbersOf(await pageOf('?state=claimed&match=none'))).toEqual(claimedRowNumbers);
    expect(await pageOf('?state=finished&match=none')).toEqual({
      Page: 0,
      TotalPages: 0,
      Total: 0,
      Results: [],
    });
    // An empty parameter shows every row, as an absent one does.
    expect((await pageOf('?state=&match=')).Total).toBe(ROWS);
  });

  it("counts them in the import's detail: by state, waiting ones by match, and names the first waiting row", async () => {
    const detail = (await get(`/api/v1/imports/${created.id}`, operator)).json();
    expect(detail).toMatchObject({
      StateCounts: { pending: 27, claimed: 2, finished: 9, rejected: 9 },
      MatchCounts: { snils: 0, fullName: 0, none: 27, conflict: 0 },
      FirstPendingId: created.changeIds[0],
    });
    // Beside the import's row lists, whole (docs/api.md#the-contracts-shapes)
    // (imports-detail-spec.routes.test.ts holds them to it).
    expect([detail.Pending.length, detail.Finished.length, detail.Rejected.length]).toEqual([27, 9, 9]);
  });

  it('lets whoever sees the import read them, and refuses others as its detail does', async () => {
    expect((await pageOf('?state=pending', clerk)).Total).toBe(27);
    for (const [caller, status] of [
      [otherClerk, 404],
      [undefined, 401],
    ] as const) {
      const detail = await get(`/api/v1/imports/${created.id}`, caller);
      const rows = await get(`/api/v1/imports/${created.id}/changes`, caller);
      expect([rows.statusCode, detail.statusCode]).toEqual([status, status]);
      const messageOf = (response: typeof rows) => response.json<{ ErrorMessage: string }>().ErrorMessage;
      expect(messageOf(rows)).toBe(messageOf(detail));
    }
    expect((await get(`/api/v1/imports/2147483000/changes`, operator)).statusCode).toBe(404);
  });

  it('refuses an unknown state, match or page', async () => {
    for (const query of ['?state=open', '?match=inn', '?page=-1']) {
      const response = await get(`/api/v1/imports/${created.id}/changes${query}`, operator);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
