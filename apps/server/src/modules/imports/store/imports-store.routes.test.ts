import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  counterKeys,
  importChanges,
  imports,
  registryCounters,
  storedFileParts,
  storedFiles,
} from '../../../db/schema/index.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { sampleRow, sheetOf, snilsFrom, xlsxOf } from '../../../test/change-files/workbooks.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { createStoredImport } from '../../../test/imports.js';
import { multipart } from '../../../test/uploads.js';
import { discardHalfStored } from './imports-store.js';
import { storingStatus } from './imports-store.repository.js';
import { createImportsStoreRepository } from './imports-store.repository.js';
import type * as RepositoryModule from './imports-store.repository.js';

/*
 * An upload is visible whole or not at all, and a failed one leaves nothing: on PostgreSQL in one transaction,
 * on PGlite in steps under a hidden status (imports-store.ts). The repository is wrapped so that a test can
 * look at the app while rows are stored, and make a step fail.
 */
const steps = vi.hoisted(() => ({
  /** Runs after the second statement of rows (PGlite) or the rows' insert (PostgreSQL); may throw. */
  afterRows: null as null | ((importId: number) => Promise<void>),
  rowStatements: 0,
  /** Rows inserted by the statements of either database. */
  rowsInserted: 0,
  failReveal: false,
}));

vi.mock('./imports-store.repository.js', async (importOriginal) => {
  const original = await importOriginal<typeof RepositoryModule>();
  return {
    ...original,
    createImportsStoreRepository: () => {
      const repo = original.createImportsStoreRepository();
      const afterRows = async (importId: number) => {
        const hook = steps.afterRows;
        steps.afterRows = null;
        if (hook) await hook(importId);
      };
      return {
        ...repo,
        async insertChanges(...call: Parameters<typeof repo.insertChanges>) {
          await repo.insertChanges(...call);
          steps.rowsInserted += call[2].rowNumbers.length;
          await afterRows(call[1]);
        },
        async insertChangesAsText(...call: Parameters<typeof repo.insertChangesAsText>) {
          await repo.insertChangesAsText(...call);
          steps.rowsInserted += call[2].rowNumbers.length;
          if (++steps.rowStatements === 2) await afterRows(call[1]);
        },
        async revealImport(...call: Parameters<typeof repo.revealImport>) {
          if (steps.failReveal) throw new Error('the last step failed');
          return repo.revealImport(...call);
        },
      };
    },
  };
});

let t: TestApp;
let operator: { cookie: string };
let sro: { id: number };
let operatorId: number;
let excel: Buffer;
const ROWS = 120;

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Шаги»' });
  const op = await createAccount(t.database.db);
  operatorId = op.id;
  operator = await loginAs(t.app, op.email, op.password);
  excel = await xlsxOf(
    sheetOf(
      Array.from({ length: ROWS }, (_, i) =>
        sampleRow({
          СНИЛС: snilsFrom(300_000_000 + i),
          'Уникальный идентификационный номер стажировки': `Ш-${i}`,
        }),
      ),
    ),
  );
});
afterAll(() => t.close());
beforeEach(() => {
  steps.afterRows = null;
  steps.rowStatements = 0;
  steps.rowsInserted = 0;
  steps.failReveal = false;
});

function uploadFile(file = excel) {
  const { payload, contentType } = multipart([
    // The same file each time, on purpose: how it is stored is tested here, not the refusal of a repeat.
    {
      field: 'data',
      content: JSON.stringify({ importSchools: false, organizationId: sro.id, confirmDuplicate: true }),
    },
    { field: 'file', name: 'шаги.xlsx', content: file },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: {
      cookie: operator.cookie,
      ...clientHeaders,
      'content-type': contentType,
    },
    payload,
  });
}

async function stored() {
  const db = t.database.db;
  const [importCount] = await db.select({ n: count() }).from(imports);
  const [rowCount] = await db.select({ n: count() }).from(importChanges);
  const [fileCount] = await db.select({ n: count() }).from(storedFiles);
  const [partCount] = await db.select({ n: count() }).from(storedFileParts);
  const [waiting] = await db
    .select({ n: registryCounters.value })
    .from(registryCounters)
    .where(eq(registryCounters.key, counterKeys.waitingImports));
  return {
    imports: importCount!.n,
    rows: rowCount!.n,
    files: fileCount!.n,
    fileParts: partCount!.n,
    waiting: Number(waiting!.n),
  };
}

/** What the app shows of an import: in the list, its detail, its file, the menu's counter. */
async function shown(importId: number) {
  const get = (url: string) => t.app.inject({ url, headers: { cookie: operator.cookie } });
  const list = (await get('/api/v1/imports?page=0')).json<{ Results: { Id: number }[] }>();
  const [row] = await t.database.db
    .select({ fileId: imports.fileId })
    .from(imports)
    .where(eq(imports.id, importId));
  return {
    listed: list.Results.some((item) => item.Id === importId),
    detail: (await get(`/api/v1/imports/${importId}`)).statusCode,
    file: row ? (await get(`/api/v1/files/${row.fileId}`)).statusCode : 404,
    waiting: (await stored()).waiting,
  };
}

describe('storing an upload', () => {
  it('stores every row and shows the import once it is whole', async () => {
    const before = await stored();
    const response = await uploadFile();
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ Id: number }>().Id;
    expect(await stored()).toEqual({
      imports: before.imports + 1,
      rows: before.rows + ROWS,
      files: before.files + 1,
      fileParts: before.fileParts + 1,
      waiting: before.waiting + 1,
    });
    expect(await shown(id)).toMatchObject({ listed: true, detail: 200, file: 200 });
  });

  it('shows nothing of an import while its rows are stored, and leaves nothing when a step fails', async () => {
    const before = await stored();
    let seen: Awaited<ReturnType<typeof shown>> | null = null;
    let rowsMeanwhile = 0;
    steps.afterRows = async (importId) => {
      seen = await shown(importId);
      const [rows] = await t.database.db
        .select({ n: count() })
        .from(importChanges)
        .where(eq(importChanges.importId, importId));
      rowsMeanwhile = rows!.n;
      throw new Error('the database went away');
    };
    const response = await uploadFile();
    expect(response.statusCode).toBe(500);
    expect(seen).toEqual({ listed: false, detail: 404, file: 404, waiting: before.waiting });
    // On PGlite two steps of rows were written (and hidden); on PostgreSQL they are not yet committed.
    expect(rowsMeanwhile).toBe(t.database.kind === 'pglite' ? 100 : 0);
    expect(await stored()).toEqual(before);
  });

  it('stores the rows while the file is read on, and leaves nothing when a later row is refused', async () => {
    const before = await stored();
    // The reader sends rows a thousand at a time while it reads on; the bad row is in the second thousand.
    const rows = Array.from({ length: 1100 }, (_, i) =>
      sampleRow({
        СНИЛС: i === 1050 ? 'нет' : snilsFrom(310_000_000 + i),
        'Уникальный идентификационный номер стажировки': `Ч-${i}`,
      }),
    );
    const response = await uploadFile(await xlsxOf(sheetOf(rows)));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Info: string[] }>().Info).toEqual([
      expect.stringMatching(/^Строка 1052, «СНИЛС»/),
    ]);
    expect(steps.rowsInserted).toBe(1000);
    expect(await stored()).toEqual(before);
  });

  it('leaves nothing when the last step fails', async () => {
    const before = await stored();
    steps.failReveal = true;
    const response = await uploadFile();
    expect(response.statusCode).toBe(500);
    expect(await stored()).toEqual(before);
  });

  it('deletes on start the imports a stopped process left half stored, shown nowhere before', async () => {
    const db = t.database.db;
    const before = await stored();
    const half = await createStoredImport(db, {
      organizationId: sro.id,
      importedById: operatorId,
      status: storingStatus,
      withDocuments: true,
      rows: [{ fullName: 'Иванов Иван Иванович', snils: null }],
    });
    expect(await shown(half.id)).toEqual({ listed: false, detail: 404, file: 404, waiting: before.waiting });
    expect(await discardHalfStored(db, createImportsStoreRepository())).toBe(1);
    expect(await stored()).toEqual(before);
  });
});
