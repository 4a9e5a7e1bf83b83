import { readFile } from 'node:fs/promises';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports } from '../../../db/schema/index.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { upload } from '../../../test/uploads.js';
import { sampleRow, sheetOf, xlsOf } from '../../../test/change-files/workbooks.js';
import { fileMessages } from '../rows/change-file-messages.js';

/*
 * A hostile .xls fails its own upload, never the server (issue #34, item 2): ExcelDataReader's
 * Test_git_issue_382_oom.xls, 25 KB whose compound-file chain loops, once made the reader grow memory until
 * the whole Node process aborted, with every request in flight.
 */

let t: TestApp;
let operator: { cookie: string };
let sro: { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Осторожность»' });
  const account = await createAccount(t.database.db);
  operator = await loginAs(t.app, account.email, account.password);
});
afterAll(() => t.close());

const storedImports = async () => (await t.database.db.select({ n: count() }).from(imports))[0]!.n;

function uploadFile(file: Buffer) {
  return upload(t, '/api/v1/imports', operator.cookie, [
    { field: 'data', content: JSON.stringify({ organizationId: sro.id, importSchools: false }) },
    { field: 'file', name: 'изменения.xls', content: file },
  ]);
}

describe('an .xls whose compound-file chain loops', () => {
  it('is refused as damaged in under 5 s, stores nothing, and the server goes on serving', async () => {
    const file = await readFile(
      new URL(
        '../../../test/change-files/real-files/exceldatareader-Test_git_issue_382_oom.xls',
        import.meta.url,
      ),
    );
    const before = await storedImports();
    const started = performance.now();
    const response = await uploadFile(file);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual([fileMessages.damaged]);
    expect(await storedImports()).toBe(before);

    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: clientHeaders });
    expect(health.statusCode).toBe(200);
    const next = await uploadFile(xlsOf(sheetOf([sampleRow()])));
    expect(next.statusCode).toBe(201);
  });
});
