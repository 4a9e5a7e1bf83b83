import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../test/build-test-app.js';
import { createAccount } from '../test/factories.js';
import { createIntern, internship, personalInfo } from '../test/interns.js';
import { reviewCalls } from '../test/review.js';
import { uploadRows } from '../test/uploads.js';
import { snilsFrom } from '../test/change-files/workbooks.js';
import { workbookCells } from '../test/workbook-xml.js';

/*
 * Texts a user typed that a spreadsheet would take for a formula, in every workbook the app writes: each
 * must be a text cell (a shared or an inline string), never a formula, and read back as it was typed.
 */

const organizationName = '=HYPERLINK("https://example.org/steal","СРО «Кадастровые инженеры»")';
const issuedBy = '+7 (999) 123-45-67';
const rawCell = '-2+3 ОВД района';
const rowReason = '@SUM(A1:A9)';
const importReason = '=1+2 протокол не подписан';

let t: TestApp;
let operator: Record<string, string>;
let organizationId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const account = await createAccount(t.database.db);
  operator = { ...clientHeaders, ...(await loginAs(t.app, account.email, account.password)) };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: operator,
    payload: { Name: organizationName, RegistryNumber: '321' },
  });
  expect(created.statusCode, created.body).toBe(201);
  organizationId = created.json().Id;
  await createIntern(t.app, operator.cookie!, {
    PersonalInfo: [personalInfo({ Passport: { IssuedBy: issuedBy } })],
    Internships: [internship(organizationId, { RegistryNumber: 'ФОР-1', Status: 1 })],
  });
});
afterAll(() => t.close());

/** Downloads a workbook and holds it to the rule; answers its cells. */
async function download(url: string) {
  const response = await t.app.inject({ url, headers: operator });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  const cells = workbookCells(response.rawPayload);
  expect(cells.filter((cell) => cell.hasFormula)).toEqual([]);
  const formulaLike = cells.filter((cell) => /^[=+\-@]/.test(cell.text));
  for (const cell of formulaLike) {
    expect(['s', 'inlineStr'], `${url} ${cell.sheet} ${cell.ref}: ${cell.text}`).toContain(cell.type);
  }
  return formulaLike.map((cell) => cell.text);
}

describe('texts that start like a formula', () => {
  it('are text cells in the trainee list’s export, short and full', async () => {
    expect(await download(`/api/v1/interns/export?org=${organizationId}`)).toEqual([
      `${organizationName}: ФОР-1`,
    ]);
    const full = await download(`/api/v1/interns/export?org=${organizationId}&full=true`);
    expect(full).toEqual(expect.arrayContaining([`${organizationName}: ФОР-1`, issuedBy, organizationName]));
  });

  it('are text cells in the statistics', async () => {
    const texts = await download('/api/v1/stats/organizations/export?from=2000-01-01&to=2100-12-31');
    expect(texts).toContain(organizationName);
  });

  it('are text cells in the rejected rows’ file and in the rejected import’s file', async () => {
    const { importId, changeIds } = await uploadRows(t, operator.cookie!, organizationId, [
      { Фамилия: 'Первая', 'Паспорт: кем выдан': rawCell },
      {
        Фамилия: 'Вторая',
        СНИЛС: snilsFrom(123_456_789),
        'Уникальный идентификационный номер стажировки': 'ФОР-2',
      },
    ]);
    const calls = reviewCalls(t, operator.cookie!);
    expect((await calls.reject(importId, changeIds[0]!, rowReason)).statusCode).toBe(200);
    // The template's sample row has telephones too, written as «+7 916 …».
    expect(await download(`/api/v1/imports/${importId}/rejected-rows`)).toEqual(
      expect.arrayContaining([rawCell, '+7 916 123-45-67', rowReason]),
    );

    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/imports/${importId}/reject`,
      headers: operator,
      payload: { reason: importReason },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const fileId = rejected.json().Rejection.Id;
    // The reason on each of its rows.
    expect(new Set(await download(`/api/v1/files/rejections/${fileId}`))).toEqual(new Set([importReason]));
  });
});
