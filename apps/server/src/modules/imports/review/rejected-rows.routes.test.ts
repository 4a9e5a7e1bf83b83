import { asc, eq } from 'drizzle-orm';
import { snilsDigits } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importChanges } from '../../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { reviewCallers, reviewCalls } from '../../../test/review.js';
import { upload, uploadRows } from '../../../test/uploads.js';
import { snilsFrom } from '../../../test/change-files/workbooks.js';
import { readWorkbook } from '../../../test/workbook.js';

/*
 * The rejected rows' file goes back to the SRO, which corrects it and uploads it again: read back, it must
 * give the rows it holds, whatever Excel made of the cells the first time (numbers that lost their leading
 * zeros, dates, flags).
 */

let t: TestApp;
let callers: Awaited<ReturnType<typeof reviewCallers>>;
let calls: ReturnType<typeof reviewCalls>;

beforeAll(async () => {
  t = await buildTestApp();
  callers = await reviewCallers(t);
  calls = reviewCalls(t, callers.operator);
});
afterAll(() => t.close());

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A SNILS with leading zeros as Excel keeps it when the clerk types it: a number. */
const snilsNumber = (snils: string) => Number(snilsDigits(snils));

/** The rows of an import as stored: what the review shows and merges, in file order. */
async function storedRows(importId: number) {
  return t.database.db
    .select({ fullName: importChanges.fullName, snils: importChanges.snils, data: importChanges.data })
    .from(importChanges)
    .where(eq(importChanges.importId, importId))
    .orderBy(asc(importChanges.rowNumber));
}

describe('the rejected rows’ file, uploaded again', () => {
  it('gives the same rows: a SNILS or a passport typed as a number keeps its zeros, a date cell its date', async () => {
    const zeroSnils = snilsFrom(12_345_678);
    const twoZeroSnils = snilsFrom(1_234_567);
    expect(zeroSnils.startsWith('0')).toBe(true);
    const rows = [
      {
        Фамилия: 'Нулева',
        СНИЛС: snilsNumber(zeroSnils),
        'Паспорт: серия': 412,
        'Паспорт: номер': 12_345,
        'Образование: код специальности': 10_302,
        Телефон: 79_161_234_567,
        'Руководитель: уникальный регистрационный номер': 12_345,
        'Руководитель: номер в ГРКИ': 1234,
        'Уникальный идентификационный номер стажировки': 2_025_001,
        'Решение о приёме на стажировку': utc('2025-03-14'),
        'Вводный этап: пройден': true,
        'Вводный этап: материалы представлены': 1,
      },
      {
        Фамилия: 'Двунулева',
        СНИЛС: snilsNumber(twoZeroSnils),
        'Уникальный идентификационный номер стажировки': 'СТ-2025-002',
      },
      { Фамилия: 'Текстова', СНИЛС: snilsDigits(snilsFrom(345_678_901)) },
    ];
    const first = await uploadRows(t, callers.operator, callers.sro.id, rows);
    for (const changeId of first.changeIds) await calls.reject(first.importId, changeId, 'Исправьте');

    const file = await t.app.inject({
      url: `/api/v1/imports/${first.importId}/rejected-rows`,
      headers: { cookie: callers.representative },
    });
    expect(file.statusCode).toBe(200);
    const workbook = await readWorkbook(file.rawPayload);
    const sheet = workbook.getWorksheet('Данные')!;
    // Every SNILS as the template writes it, in a text cell.
    expect([2, 3, 4].map((row) => sheet.getRow(row).getCell(4).value)).toEqual([
      zeroSnils,
      twoZeroSnils,
      snilsFrom(345_678_901),
    ]);

    const again = await upload(t, '/api/v1/imports', callers.operator, [
      { field: 'data', content: JSON.stringify({ organizationId: callers.sro.id }) },
      { field: 'file', name: 'исправлено.xlsx', content: file.rawPayload },
    ]);
    expect(again.statusCode, again.body).toBe(201);
    const before = await storedRows(first.importId);
    const after = await storedRows(again.json<{ Id: number }>().Id);
    expect(after.map((row) => row.snils)).toEqual([zeroSnils, twoZeroSnils, snilsFrom(345_678_901)]);
    expect(after).toEqual(before);
  });
});
