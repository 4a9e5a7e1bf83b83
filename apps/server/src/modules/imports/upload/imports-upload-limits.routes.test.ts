import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports } from '../../../db/schema/index.js';
import { buildTestApp, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { upload } from '../../../test/uploads.js';
import { inlineRow, packageOf } from '../../../test/change-files/workbooks.js';
import { fileMessages } from '../rows/change-file-messages.js';
import { MAX_CELL_TEXT } from '../reader/formats/sheet-grid.js';

/*
 * What one upload may cost (issue #25, item 7): a cell longer than Excel allows refuses the file at once,
 * naming its row and column, and nothing is stored.
 */

let t: TestApp;
let operator: { cookie: string };
let sro: { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Пределы»' });
  const op = await createAccount(t.database.db);
  operator = await loginAs(t.app, op.email, op.password);
});
afterAll(() => t.close());

const storedImports = async () => (await t.database.db.select({ n: count() }).from(imports))[0]!.n;

function uploadFile(file: Buffer, data: Record<string, unknown> = {}) {
  return upload(t, '/api/v1/imports', operator.cookie, [
    { field: 'data', content: JSON.stringify({ organizationId: sro.id, importSchools: false, ...data }) },
    { field: 'file', name: 'изменения.xlsx', content: file },
  ]);
}

describe('a cell longer than Excel allows', () => {
  it('refuses the file with its row and column and stores nothing', async () => {
    const before = await storedImports();
    const file = packageOf({
      sheet:
        inlineRow(1, ['Фамилия', 'Имя', 'СНИЛС', 'Паспорт: кем выдан']) +
        inlineRow(2, ['Иванова', 'Мария', '112-233-445 95', 'Я'.repeat(5_000_000)]),
    });
    const response = await uploadFile(file);
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual([fileMessages.cellTextTooLong(2, 'D', MAX_CELL_TEXT)]);
    expect(response.json().Info[0]).toBe(
      'Строка 2, столбец D: в ячейке больше 32\u00a0767 символов — больше, чем вмещает ячейка Excel, файл отклонён: сократите текст и загрузите файл снова',
    );
    expect(await storedImports()).toBe(before);
  });
});
