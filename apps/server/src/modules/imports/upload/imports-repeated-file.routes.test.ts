import { createHash } from 'node:crypto';
import { formatDateTime, texts } from '@registry/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports } from '../../../db/schema/index.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { samplePdf } from '../../../test/imports.js';
import { upload } from '../../../test/uploads.js';
import { sampleRow, sheetOf, xlsxOf } from '../../../test/change-files/workbooks.js';

/*
 * Issue #25, item 8: the same change file (the same bytes) uploaded again for the same SRO is refused, naming
 * the earlier import and its date; an operator may upload it on purpose with a confirmation, a representative
 * may not. Nothing of a refused upload is stored.
 */

let t: TestApp;
let operator: { cookie: string };
let representative: { cookie: string };
let sro: { id: number };
let otherSro: { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Повтор»' });
  otherSro = await createOrganization(t.database.db, { name: 'СРО «Другое»' });
  const op = await createAccount(t.database.db);
  const rep = await createAccount(t.database.db, { organizationId: sro.id });
  operator = await loginAs(t.app, op.email, op.password);
  representative = await loginAs(t.app, rep.email, rep.password);
});
afterAll(() => t.close());

const changeFile = (surname: string) => xlsxOf(sheetOf([sampleRow({ Фамилия: surname })]));

function byRepresentative(file: Buffer, data: Record<string, unknown> = {}) {
  return upload(t, '/api/v1/imports/delta', representative.cookie, [
    { field: 'data', content: JSON.stringify({ Number: '7-исх', Date: '2026-11-20', ...data }) },
    { field: 'file', name: 'изменения.xlsx', content: file },
    { field: 'protocol', name: 'протокол.pdf', content: samplePdf },
    { field: 'letter', name: 'письмо.pdf', content: samplePdf },
  ]);
}

function byOperator(file: Buffer, organizationId: number, data: Record<string, unknown> = {}) {
  return upload(t, '/api/v1/imports', operator.cookie, [
    { field: 'data', content: JSON.stringify({ organizationId, importSchools: false, ...data }) },
    { field: 'file', name: 'изменения.xlsx', content: file },
  ]);
}

const importCount = async () => (await t.database.db.select({ n: count() }).from(imports))[0]!.n;

/** The refusal of a repeated file, as it names the earlier import. */
async function expectRefusedAsRepeat(
  response: { statusCode: number; json: () => unknown },
  earlierId: number,
) {
  expect(response.statusCode).toBe(409);
  const [earlier] = await t.database.db
    .select({ importedAt: imports.importedAt })
    .from(imports)
    .where(eq(imports.id, earlierId));
  const body = response.json() as { ErrorMessage: string; Import: { Id: number; ImportedAt: string } };
  expect(body.ErrorMessage).toBe(texts.duplicateUpload(earlierId, formatDateTime(earlier!.importedAt)));
  expect(body.ErrorMessage).toMatch(
    new RegExp(
      `^Этот файл уже загружен для СРО: импорт № ${earlierId} от \\d{4}\\.\\d{2}\\.\\d{2} \\d{2}:\\d{2}\\.`,
    ),
  );
  expect(body.Import).toEqual({ Id: earlierId, ImportedAt: earlier!.importedAt.toISOString() });
}

describe('the same change file uploaded again for the same SRO', () => {
  it('stores the file’s SHA-256 with the import, and refuses the representative’s repeat, storing nothing', async () => {
    const file = await changeFile('Повторова');
    const first = await byRepresentative(file);
    expect(first.statusCode).toBe(201);
    const firstId = first.json<{ Id: number }>().Id;
    const [stored] = await t.database.db
      .select({ fileHash: imports.fileHash })
      .from(imports)
      .where(eq(imports.id, firstId));
    expect(stored!.fileHash).toBe(createHash('sha256').update(file).digest('hex'));

    const before = await importCount();
    await expectRefusedAsRepeat(await byRepresentative(file), firstId);
    // A representative's data has no confirmation: one sent anyway changes nothing.
    await expectRefusedAsRepeat(await byRepresentative(file, { confirmDuplicate: true }), firstId);
    expect(await importCount()).toBe(before);
  });

  it('refuses the operator’s repeat for the SRO unless confirmed, then stores it', async () => {
    const file = await changeFile('Оператова');
    const first = await byOperator(file, sro.id);
    expect(first.statusCode).toBe(201);
    const firstId = first.json<{ Id: number }>().Id;

    await expectRefusedAsRepeat(await byOperator(file, sro.id), firstId);
    await expectRefusedAsRepeat(await byOperator(file, sro.id, { confirmDuplicate: false }), firstId);
    // The representative's repeat of the operator's upload for their SRO is refused as well.
    await expectRefusedAsRepeat(await byRepresentative(file), firstId);

    const confirmed = await byOperator(file, sro.id, { confirmDuplicate: true });
    expect(confirmed.statusCode).toBe(201);
    const confirmedId = confirmed.json<{ Id: number }>().Id;
    expect(confirmedId).not.toBe(firstId);
    // The latest import of the file is the one named from now on.
    await expectRefusedAsRepeat(await byOperator(file, sro.id), confirmedId);
  });

  it('stores one of two uploads of the same file sent at once, and refuses the other naming it', async () => {
    const file = await changeFile('Одновременная');
    const before = await importCount();
    const responses = await Promise.all([byOperator(file, sro.id), byOperator(file, sro.id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const stored = responses.find((response) => response.statusCode === 201)!.json<{ Id: number }>().Id;
    await expectRefusedAsRepeat(
      responses.find((response) => response.statusCode === 409)!,
      stored,
    );
    expect(await importCount()).toBe(before + 1);
  });

  it('takes the same file for another SRO, and a changed file for the same one', async () => {
    const file = await changeFile('Разнова');
    expect((await byOperator(file, sro.id)).statusCode).toBe(201);
    expect((await byOperator(file, otherSro.id)).statusCode).toBe(201);
    expect((await byOperator(await changeFile('Разнов'), sro.id)).statusCode).toBe(201);
  });

  it('takes again the file of an import rejected as a whole', async () => {
    const file = await changeFile('Отклонова');
    const first = await byRepresentative(file);
    expect(first.statusCode).toBe(201);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/imports/${first.json<{ Id: number }>().Id}/reject`,
      headers: { ...operator, ...clientHeaders },
      payload: { reason: 'Протокол не подписан' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await byRepresentative(file)).statusCode).toBe(201);
  });
});
