import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { uploadRows } from '../../../test/uploads.js';

/*
 * Issue #22, item 7: an upload's entry deadline counts the working days of the production calendar a new
 * database holds: the New Year holidays are skipped, and a Saturday a decree made working is counted.
 */

let t: TestApp;
let operator: { cookie: string };
let sro: { id: number };
// The moment of upload the app reads while a test uploads; the sessions keep the real time.
let uploadMoment: Date | null = null;

beforeAll(async () => {
  t = await buildTestApp({
    env: { IMPORT_DEADLINE_WORKING_DAYS: '5' },
    clock: () => uploadMoment ?? new Date(),
  });
  sro = await createOrganization(t.database.db, { name: 'СРО «Календарь»' });
  const op = await createAccount(t.database.db);
  operator = await loginAs(t.app, op.email, op.password);
});
afterAll(() => t.close());

/** The deadline of an operator's upload made at `moment` (five working days, as the app is set here). */
async function deadlineOfUploadAt(moment: string, surname: string) {
  uploadMoment = new Date(moment);
  try {
    const requisites = { number: `${surname}-вх`, date: '2024-04-01' };
    const { importId } = await uploadRows(t, operator.cookie, sro.id, [{ Фамилия: surname }], requisites);
    const detail = await t.app.inject({
      url: `/api/v1/imports/${importId}`,
      headers: { cookie: operator.cookie },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    return detail.json<{ ImportedAt: string; DeadlineAt: string }>();
  } finally {
    uploadMoment = null;
  }
}

describe('the entry deadline of an upload', () => {
  it('skips the New Year holidays: five working days from Monday 29 December 2025 end on 15 January 2026', async () => {
    // 30 December is the one working day of 2025 left; 31 December to 11 January are days off; then 12–15.
    const created = await deadlineOfUploadAt('2025-12-29T09:00:00+03:00', 'Новогодняя');
    expect(created.ImportedAt).toBe('2025-12-29T06:00:00.000Z');
    expect(created.DeadlineAt).toBe('2026-01-15T20:59:59.999Z');
  });

  it('counts the working Saturday 1 November 2025 and skips the days off of 3 and 4 November', async () => {
    // Thursday 30 October: 31 October, Saturday 1 November, then 5, 6 and 7 November.
    const created = await deadlineOfUploadAt('2025-10-30T12:00:00+03:00', 'Ноябрьская');
    expect(created.DeadlineAt).toBe('2025-11-07T20:59:59.999Z');
  });

  it('counts the working Saturday 27 April 2024 before the May holidays', async () => {
    // Friday 26 April: Saturday 27 April, 2, 3, 6 and 7 May (29 April – 1 May are days off, 4–5 May a weekend).
    const created = await deadlineOfUploadAt('2024-04-26T10:00:00+03:00', 'Апрельская');
    expect(created.DeadlineAt).toBe('2024-05-07T20:59:59.999Z');
  });

  it('counts a working day an operator adds to the dictionary', async () => {
    // Saturday 8 January 2028, after the shipped years: a Friday 7 January upload is due on it with one day.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dictionaries/working-days',
      headers: { cookie: operator.cookie, ...clientHeaders },
      payload: { Value: '2028-01-08' },
    });
    expect(added.statusCode, added.body).toBe(201);
    // Friday 7 January 2028: Saturday 8, then Monday 10 to Thursday 13 January.
    const created = await deadlineOfUploadAt('2028-01-07T10:00:00+03:00', 'Январская');
    expect(created.DeadlineAt).toBe('2028-01-13T20:59:59.999Z');
  });
});
