import { eq } from 'drizzle-orm';
import { texts } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports } from '../../db/schema/index.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../test/factories.js';
import { createStoredImport } from '../../test/imports.js';
import { createIntern, internship, personalInfo, saveIntern } from '../../test/interns.js';
import { readWorkbook } from '../../test/workbook.js';

/*
 * Every figure of docs/statistics.md on hand-made data whose answers are known, for the year 2025: each
 * trainee and file below says what it counts for.
 */

let t: TestApp;
let operator: string;
let a: { id: number; name: string };
let b: { id: number; name: string };
let c: { id: number; name: string };
let paused: { Id: number; Version: number; Internships: { Id: number }[] };

const moscow = (moment: string) => new Date(`${moment}+03:00`);

async function trainee(internships: Record<string, unknown>[]) {
  return createIntern(t.app, operator, {
    PersonalInfo: [personalInfo()],
    Internships: internships.map((values, index) => ({ ...internship(a.id), Id: -10 - index, ...values })),
  });
}

/** A file sent by an SRO, as it stands now: uploaded, handled (or rejected whole) and due at these moments. */
async function file(
  organizationId: number,
  values: {
    rows: number;
    pending?: number;
    rejected?: number;
    status: number;
    importedAt: string;
    deadlineAt: string;
    handledAt?: string;
    rejectedAt?: string;
  },
) {
  const accountId = (await createAccount(t.database.db)).id;
  const created = await createStoredImport(t.database.db, {
    organizationId,
    importedById: accountId,
    importedAt: moscow(values.importedAt),
    deadlineAt: moscow(values.deadlineAt),
    status: values.status,
  });
  await t.database.db
    .update(imports)
    .set({
      rowCount: values.rows,
      pendingCount: values.pending ?? 0,
      rejectedCount: values.rejected ?? 0,
      handledAt: values.handledAt ? moscow(values.handledAt) : null,
      rejectedAt: values.rejectedAt ? moscow(values.rejectedAt) : null,
    })
    .where(eq(imports.id, created.id));
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  a = await createOrganization(db, { name: 'СРО «Альфа»' });
  b = await createOrganization(db, { name: 'СРО «Бета»' });
  c = await createOrganization(db, { name: 'СРО «Гамма»' });
  const account = await createAccount(db);
  operator = (await loginAs(t.app, account.email, account.password)).cookie;

  // Accepted in A; paused twice in 2025 and once in 2024.
  paused = await trainee([
    {
      StartedAt: '2025-02-10',
      PauseInfo: [{ PausedAt: '2025-03-01' }, { PausedAt: '2025-06-01' }, { PausedAt: '2024-12-01' }],
    },
  ]);
  // Terminated in A in 2025 (begun in 2024), then accepted in B: a move from A.
  await trainee([
    { StartedAt: '2024-05-01', Status: 2, MiscInfo: [{ EndedAt: '2025-04-01' }] },
    { StartedAt: '2025-04-10', Organization: { Id: b.id, Name: '' } },
  ]);
  // Completed in B in 2025; another completed only in 2026.
  await trainee([
    {
      StartedAt: '2023-01-01',
      Status: 3,
      Organization: { Id: b.id, Name: '' },
      MiscInfo: [{ EndedAt: '2025-11-30' }],
    },
  ]);
  await trainee([
    {
      StartedAt: '2023-01-01',
      Status: 3,
      Organization: { Id: b.id, Name: '' },
      MiscInfo: [{ EndedAt: '2026-01-05' }],
    },
  ]);
  // Accepted and terminated in A on the period's last day.
  await trainee([{ StartedAt: '2025-07-07', Status: 2, MiscInfo: [{ EndedAt: '2025-12-31' }] }]);
  // Accepted in A, but deleted: it counts nowhere.
  const deleted = await trainee([{ StartedAt: '2025-03-03' }]);
  await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/interns/${deleted.Id}`,
    headers: { cookie: operator, ...clientHeaders },
  });

  // A: handled in 48 hours with 2 rows rejected; rejected whole in 24 hours; waiting past its deadline;
  // and one sent an hour before the period.
  await file(a.id, {
    rows: 10,
    rejected: 2,
    status: 2,
    importedAt: '2025-03-01T10:00:00',
    handledAt: '2025-03-03T10:00:00',
    deadlineAt: '2025-03-15T23:59:00',
  });
  await file(a.id, {
    rows: 4,
    pending: 4,
    status: 3,
    importedAt: '2025-05-01T09:00:00',
    rejectedAt: '2025-05-02T09:00:00',
    deadlineAt: '2025-05-15T23:59:00',
  });
  await file(a.id, {
    rows: 5,
    pending: 5,
    status: 0,
    importedAt: '2025-06-01T12:00:00',
    deadlineAt: '2025-06-10T23:59:00',
  });
  await file(a.id, {
    rows: 7,
    status: 2,
    importedAt: '2024-12-31T23:00:00',
    handledAt: '2025-01-02T23:00:00',
    deadlineAt: '2025-01-20T23:59:00',
  });
  // B: sent half an hour before the period ends, handled 20 days later, after its deadline.
  await file(b.id, {
    rows: 3,
    status: 2,
    importedAt: '2025-12-31T23:30:00',
    handledAt: '2026-01-20T23:30:00',
    deadlineAt: '2026-01-15T23:59:00',
  });
});
afterAll(() => t.close());

const stats = (query: string, cookie = operator) =>
  t.app.inject({ url: `/api/v1/stats/organizations?${query}`, headers: { cookie } });

const zeros = { Accepted: 0, Paused: 0, Terminated: 0, Completed: 0, Migrated: 0 };
const noFiles = {
  FilesReceived: 0,
  RowsReceived: 0,
  RowsAccepted: 0,
  RowsRejected: 0,
  FilesRejected: 0,
  MedianHandlingHours: null,
  PastDeadline: 0,
};

describe('GET /api/v1/stats/organizations', () => {
  it('counts each figure of the year by SRO, every SRO listed, with the totals', async () => {
    const response = await stats('from=2025-01-01&to=2025-12-31');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ From: '2025-01-01', To: '2025-12-31', Organization: null });
    const byName = Object.fromEntries(
      result.Rows.map((row: { Organization: { Name: string } }) => [row.Organization.Name, row]),
    );
    expect(byName[a.name]).toEqual({
      Organization: { Id: a.id, Name: a.name },
      Accepted: 2,
      Paused: 2,
      Terminated: 2,
      Completed: 0,
      Migrated: 1,
      FilesReceived: 3,
      RowsReceived: 19,
      RowsAccepted: 8,
      RowsRejected: 2,
      FilesRejected: 1,
      MedianHandlingHours: 36,
      PastDeadline: 1,
    });
    expect(byName[b.name]).toEqual({
      Organization: { Id: b.id, Name: b.name },
      ...zeros,
      Accepted: 1,
      Completed: 1,
      FilesReceived: 1,
      RowsReceived: 3,
      RowsAccepted: 3,
      RowsRejected: 0,
      FilesRejected: 0,
      MedianHandlingHours: 480,
      PastDeadline: 1,
    });
    expect(byName[c.name]).toEqual({ Organization: { Id: c.id, Name: c.name }, ...zeros, ...noFiles });
    expect(result.Totals).toEqual({
      Accepted: 3,
      Paused: 2,
      Terminated: 2,
      Completed: 1,
      Migrated: 1,
      FilesReceived: 4,
      RowsReceived: 22,
      RowsAccepted: 11,
      RowsRejected: 2,
      FilesRejected: 1,
      MedianHandlingHours: 48,
      PastDeadline: 2,
    });
  });

  it('shows one SRO when asked, and follows the card: a pause removed no longer counts', async () => {
    const only = (await stats(`from=2025-01-01&to=2025-12-31&org=${a.id}`)).json();
    expect(only.Organization).toEqual({ Id: a.id, Name: a.name });
    expect(only.Rows).toHaveLength(1);
    expect(only.Rows[0]).toMatchObject({ Accepted: 2, Paused: 2, Migrated: 1 });
    expect(only.Totals).toMatchObject({ Accepted: 2, Paused: 2, FilesReceived: 3 });

    const saved = await saveIntern(t.app, operator, paused.Id, {
      Version: paused.Version,
      Internships: [
        {
          ...internship(a.id),
          Id: paused.Internships[0]!.Id,
          StartedAt: '2025-02-10',
          PauseInfo: [{ PausedAt: '2025-03-01' }],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await stats(`from=2025-01-01&to=2025-12-31&org=${a.id}`)).json().Rows[0].Paused).toBe(1);
  });

  it('counts a single day, both ends included', async () => {
    const day = (await stats(`from=2025-12-31&to=2025-12-31&org=${a.id}`)).json();
    expect(day.Rows[0]).toMatchObject({ Accepted: 0, Terminated: 1, FilesReceived: 0 });
  });

  it('refuses a period that ends before it begins, or lacks a date, in Russian', async () => {
    const reversed = await stats('from=2025-12-31&to=2025-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().Info).toEqual([`«to»: ${texts.periodReversed}`]);
    const missing = await stats('to=2025-01-01');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Info).toEqual([`«from»: ${texts.required}`]);
    expect((await stats('from=2025-01-01&to=2025-12-31&org=999999')).statusCode).toBe(404);
  });
});

describe('GET /api/v1/stats/organizations/export', () => {
  it('downloads the table as .xlsx: the period and the SRO in the title, the header, a row per SRO, the totals', async () => {
    const response = await t.app.inject({
      url: '/api/v1/stats/organizations/export?from=2025-01-01&to=2025-12-31',
      headers: { cookie: operator },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('stats-2025-01-01-2025-12-31.xlsx');
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.getWorksheet('Статистика')!;
    expect(sheet.getCell('A1').value).toBe('Статистика за период с 2025.01.01 по 2025.12.31');
    expect(sheet.getCell('A2').value).toBe('Все СРО');
    expect(sheet.getRow(3).getCell(2).value).toBe('Принято на стажировку');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    // One pause fewer than at first: a test above removed it.
    expect(values(4)).toEqual([a.name, 2, 1, 2, 0, 1, 3, 19, 8, 2, 1, 36, 1]);
    expect(values(sheet.rowCount)).toEqual(['Итого', 3, 1, 2, 1, 1, 4, 22, 11, 2, 1, 48, 2]);
    expect(sheet.getRow(sheet.rowCount).font?.bold).toBe(true);
  });
});
