import { changeMatches, changeStates, texts } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { clientHeaders } from '../../test/build-test-app.js';
import { createIntern, internship, personalInfo } from '../../test/interns.js';
import { acceptAll, reviewRows, useReviewApp, type ReviewTest } from '../../test/review.js';
import { uploadRows } from '../../test/uploads.js';
import { readWorkbook } from '../../test/workbook.js';

/*
 * What an SRO's representative sees of its import's rows: the rows, their states and the reasons, never how the
 * register matched them (a match by full name tells that a person of that name and birth date is in the
 * register). Every route a representative may call about an import's rows is asked here.
 */

let test: ReviewTest;
useReviewApp((ready) => (test = ready));

const { freshSnils, newRow } = reviewRows(920_000, 'ПР');

/** The fields that carry the register's matching, in any response. */
const matchingFields = [
  'Match',
  'HasConflict',
  'MatchCounts',
  'InternId',
  'InternFullName',
  'Intern',
  'FoundByFullName',
  'ConflictingIntern',
  'ConflictingOrganization',
];

/** Every field name of a JSON value, however deep. */
function fieldNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(fieldNames);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) => [key, ...fieldNames(field)]);
}

async function saveTrainee(lastName: string, values: { snils?: string; birth?: string; number?: string }) {
  const created = await createIntern(test.t.app, test.callers.operator, {
    PersonalInfo: [
      personalInfo({
        LastName: lastName,
        FirstName: 'Мария',
        PatronymicName: 'Сергеевна',
        Snils: values.snils ?? null,
        DateOfBirth: values.birth ?? null,
      }),
    ],
    ...(values.number
      ? { Internships: [internship(test.callers.sro.id, { RegistryNumber: values.number })] }
      : {}),
  });
  return created.Id as number;
}

describe("a representative's view of its import", () => {
  it('carries its rows, states and reasons, and none of the register’s matching', async () => {
    const { t, callers, calls } = test;
    // A row without a birth date meets a trainee by the full name alone.
    await saveTrainee('Тёзкова', { birth: '1990-01-01' });
    const known = freshSnils();
    await saveTrainee('Снилсова', { snils: known });
    await saveTrainee('Номерова', { snils: freshSnils(), number: 'ПР-ЧУЖОЙ' });
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      newRow('Тёзкова'),
      { ...newRow('Другова'), СНИЛС: known },
      { ...newRow('Новикова'), 'Уникальный идентификационный номер стажировки': 'ПР-ЧУЖОЙ' },
      newRow('Принятова'),
      newRow('Отклонова'),
    ]);
    const [, , , accepted, rejected] = changeIds as [number, number, number, number, number];
    const review = (await calls.open(importId, accepted, 'new')).json();
    expect((await calls.submit(importId, accepted, 'new', acceptAll(review))).statusCode).toBe(200);
    expect((await calls.reject(importId, rejected, 'Нет подписи')).statusCode).toBe(200);

    const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
    const rowsUrl = `/api/v1/imports/${importId}/changes`;

    // The operator sees the matches: by full name and birth date, by SNILS, a clashing number.
    const operatorRows = (await get(`${rowsUrl}?state=pending`, callers.operator)).json().Results;
    expect(
      operatorRows.map((row: { Match: string; HasConflict: boolean }) => [row.Match, row.HasConflict]),
    ).toEqual([
      ['fullName', false],
      ['snils', false],
      ['none', true],
    ]);

    // The representative sees every route about its rows without them.
    const urls = [
      `/api/v1/imports/${importId}`,
      '/api/v1/imports/',
      '/api/v1/imports/pending',
      rowsUrl,
      ...changeStates.map((state) => `${rowsUrl}?state=${state}`),
    ];
    for (const url of urls) {
      const response = await get(url, callers.representative);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const names = fieldNames(response.json());
      expect(
        matchingFields.filter((field) => names.includes(field)),
        url,
      ).toEqual([]);
    }
    const detail = (await get(`/api/v1/imports/${importId}`, callers.representative)).json();
    expect(detail.StateCounts).toEqual({
      pending: 3,
      claimed: 0,
      conflicting: 0,
      finished: 1,
      rejected: 1,
      unchanged: 0,
    });
    const all = (await get(rowsUrl, callers.representative)).json().Results;
    expect(all.map((row: { State: string }) => row.State)).toEqual([
      'pending',
      'pending',
      'pending',
      'finished',
      'rejected',
    ]);
    expect(all[4]).toMatchObject({ State: 'rejected', RejectionReason: 'Нет подписи' });

    // A filter by match would tell the same by which rows it shows.
    for (const match of changeMatches) {
      const response = await get(`${rowsUrl}?match=${match}`, callers.representative);
      expect(response.statusCode, match).toBe(403);
      expect(response.json().ErrorMessage).toBe(texts.forbidden);
    }
    // The row review, which sets the row beside the register, is the operators' alone.
    const opened = await get(`${rowsUrl}/${changeIds[0]}`, callers.representative);
    expect(opened.statusCode).toBe(403);
    const next = await t.app.inject({
      method: 'POST',
      url: `${rowsUrl}/next`,
      headers: { cookie: callers.representative, ...clientHeaders },
      payload: {},
    });
    expect(next.statusCode).toBe(403);

    // The file of its rejected rows holds the rows as the SRO wrote them, and the reason.
    const file = await get(`/api/v1/imports/${importId}/rejected-rows`, callers.representative);
    expect(file.statusCode).toBe(200);
    const book = await readWorkbook(file.rawPayload);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
    expect(cells).toContain('Нет подписи');
    expect(cells.filter((cell) => /Найден|Совпадени|Тёзкова|Снилсова/.test(cell))).toEqual([]);
  });
});
