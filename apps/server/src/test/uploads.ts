import { UPLOAD_ID_HEADER, type ChangeState } from '@registry/shared';
import type { TestApp } from './build-test-app.js';
import { clientHeaders } from './build-test-app.js';
import { sampleRow, sheetOf, xlsxOf, type RowValues } from './change-files/workbooks.js';

export type Part = { field: string; name?: string; content: Buffer | string; type?: string };

/** A multipart body as a browser's FormData sends it. */
export function multipart(parts: Part[]) {
  const boundary = `----registry${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.name === undefined
        ? `form-data; name="${part.field}"`
        : `form-data; name="${part.field}"; filename="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.name === undefined ? '' : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`) +
          '\r\n',
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a multipart upload as the web app does. */
export function upload(t: TestApp, url: string, cookie: string, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...clientHeaders, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const testRequisites = { number: '17-вх', date: '2026-11-21' };

/**
 * An operator's upload of a change file for the SRO, with incoming requisites unless `requisites` is null;
 * the import's id. Tests send the same rows again where that is their point (an SRO resending what the
 * register has); the refusal of a repeated file is imports-repeated-file.routes.test.ts's, so the operator
 * confirms here.
 */
export async function uploadFile(
  t: TestApp,
  cookie: string,
  organizationId: number,
  file: Buffer,
  { name = 'изменения.xlsx', requisites = testRequisites as typeof testRequisites | null } = {},
): Promise<number> {
  const response = await upload(t, '/api/v1/imports', cookie, [
    {
      field: 'data',
      content: JSON.stringify({
        organizationId,
        importSchools: false,
        confirmDuplicate: true,
        ...requisites,
      }),
    },
    { field: 'file', name, content: file },
  ]);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<{ Id: number }>().Id;
}

/**
 * An operator's upload of a change file made of the given rows (each the template's sample row with some
 * cells changed), with incoming requisites unless `requisites` is null. Returns the import's id and its rows'
 * ids in file order.
 */
export async function uploadRows(
  t: TestApp,
  cookie: string,
  organizationId: number,
  rows: RowValues[],
  requisites: { number: string; date: string } | null = testRequisites,
) {
  const file = await xlsxOf(sheetOf(rows.map((row) => sampleRow(row))));
  const importId = await uploadFile(t, cookie, organizationId, file, { requisites });
  const changeIds = (await importRows(t, cookie, importId, 'pending')).map((row) => row.Id);
  return { importId, changeIds };
}

/** Every row of an import in a state, in file order, read a page at a time as the import's page reads them. */
export async function importRows<Row extends { Id: number } = { Id: number }>(
  t: TestApp,
  cookie: string,
  importId: number,
  state: ChangeState,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0, totalPages = 1; page < totalPages; page++) {
    const response = await t.app.inject({
      url: `/api/v1/imports/${importId}/changes?state=${state}&page=${page}`,
      headers: { cookie },
    });
    if (response.statusCode !== 200) throw new Error(`rows: ${response.statusCode} ${response.body}`);
    const body = response.json<{ TotalPages: number; Results: Row[] }>();
    rows.push(...body.Results);
    totalPages = body.TotalPages;
  }
  return rows;
}

/** An operator's upload of a one-row file (files differ by the surname), named by `uploadId` when given. */
export async function uploadOneRow(
  t: TestApp,
  cookie: string,
  organizationId: number,
  surname: string,
  uploadId: string | null = null,
) {
  const body = multipart([
    { field: 'data', content: JSON.stringify({ organizationId, importSchools: false }) },
    {
      field: 'file',
      name: 'изменения.xlsx',
      content: await xlsxOf(sheetOf([sampleRow({ Фамилия: surname })])),
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: {
      cookie,
      ...clientHeaders,
      'content-type': body.contentType,
      ...(uploadId ? { [UPLOAD_ID_HEADER]: uploadId } : {}),
    },
    payload: body.payload,
  });
}
