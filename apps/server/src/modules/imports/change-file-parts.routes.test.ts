import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditAction, type AuditEvent, type ChangeFileParts, type Import } from '@registry/shared';
import { createCallers, type Callers } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createOrganization } from '../../test/factories.js';
import { createIntern, internship, personalInfo } from '../../test/interns.js';
import { uploadFile } from '../../test/uploads.js';
import { readWorkbook } from '../../test/workbook.js';

/*
 * An SRO with more trainees than a change file may have rows gets its pre-filled file in parts
 * (docs/change-file.md#the-pre-filled-file): each part uploads back within the row limit, here two rows.
 */

let t: TestApp;
let callers: Callers;
const ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    env: { IMPORT_MAX_ROWS: '2', CHANGE_FILE_SECRET: 'a secret for the parts test, long enough' },
  });
  callers = await createCallers(t);
  for (const name of ['Арбузова', 'Брусникина', 'Вишнёва']) {
    const card = await createIntern(t.app, callers.asOperator.cookie, {
      PersonalInfo: [personalInfo({ LastName: name })],
      Internships: [internship(callers.organization.id)],
    });
    ids.push(card.Id);
  }
});
afterAll(() => t.close());

const partsUrl = (query = '') => `/api/v1/imports/change-file/parts${query}`;

/** The trainees' ids a part holds, in its rows' order («Номер в реестре»). */
async function idsIn(file: Buffer): Promise<number[]> {
  const sheet = (await readWorkbook(file)).getWorksheet('Данные')!;
  const keys: number[] = [];
  sheet.eachRow((row, number) => {
    if (number >= 3) keys.push(row.getCell(1).value as number);
  });
  return keys;
}

describe('GET /api/v1/imports/change-file/parts', () => {
  it('counts the SRO’s trainees and the parts of at most the upload’s rows each', async () => {
    const response = await t.app.inject({ url: partsUrl(), headers: callers.asRepresentative });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ChangeFileParts>()).toEqual({ Trainees: 3, RowsPerPart: 2, Parts: 2 });
  });

  it('gives an SRO without trainees one part, and refuses what the file itself refuses', async () => {
    const empty = await createOrganization(t.database.db, { name: 'СРО «Пустая»' });
    const asOperator = await t.app.inject({
      url: partsUrl(`?organizationId=${empty.id}`),
      headers: callers.asOperator,
    });
    expect(asOperator.json<ChangeFileParts>()).toEqual({ Trainees: 0, RowsPerPart: 2, Parts: 1 });
    const anotherSro = await t.app.inject({
      url: partsUrl(`?organizationId=${empty.id}`),
      headers: callers.asRepresentative,
    });
    expect(anotherSro.statusCode).toBe(403);
    expect((await t.app.inject({ url: partsUrl(), headers: callers.anonymous })).statusCode).toBe(401);
    const unnamed = await t.app.inject({ url: partsUrl(), headers: callers.asOperator });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().ErrorMessage).toBe('Выберите СРО, стажёров которой выгрузить в файл для изменений');
  });
});

describe('GET /api/v1/imports/change-file?part=', () => {
  it('writes each part’s slice of the trainees in the list’s order, under a name that says which part', async () => {
    const parts = [];
    for (const part of [1, 2]) {
      const response = await t.app.inject({
        url: `/api/v1/imports/change-file?part=${part}`,
        headers: callers.asRepresentative,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(decodeURIComponent(response.headers['content-disposition'] as string)).toContain(
        `часть ${part} из 2.xlsx`,
      );
      parts.push(await idsIn(response.rawPayload));
    }
    expect(parts).toEqual([ids.slice(0, 2), ids.slice(2)]);

    const journal = await t.app.inject({
      url: `/api/v1/audit?action=${AuditAction.ChangeFileExported}`,
      headers: callers.asOperator,
    });
    const events = journal.json<{ Results: AuditEvent[] }>().Results;
    expect(events.map((event) => event.Detail)).toEqual([
      expect.objectContaining({ Rows: 1, Part: 2, Parts: 2 }),
      expect.objectContaining({ Rows: 2, Part: 1, Parts: 2 }),
    ]);
  });

  it('refuses a part past the last, in Russian', async () => {
    const response = await t.app.inject({
      url: '/api/v1/imports/change-file?part=3',
      headers: callers.asRepresentative,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorMessage).toBe(
      'Части 3 файла для изменений нет: стажёры СРО помещаются в 2 части',
    );
  });

  it('uploads back part by part within the row limit, every row «Без изменений»', async () => {
    for (const part of [1, 2]) {
      const response = await t.app.inject({
        url: `/api/v1/imports/change-file?part=${part}`,
        headers: callers.asRepresentative,
      });
      const importId = await uploadFile(
        t,
        callers.asOperator.cookie,
        callers.organization.id,
        response.rawPayload,
      );
      const detail = await t.app.inject({ url: `/api/v1/imports/${importId}`, headers: callers.asOperator });
      expect(detail.json<Import>()).toMatchObject({ PendingCount: 0, UnchangedCount: part === 1 ? 2 : 1 });
    }
  });
});
