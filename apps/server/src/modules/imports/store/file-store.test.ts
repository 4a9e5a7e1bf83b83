import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileParts } from '../../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createFileStore } from './file-store.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const partsOf = (fileId: number) =>
  t.database.db
    .select({ part: storedFileParts.part })
    .from(storedFileParts)
    .where(eq(storedFileParts.fileId, fileId))
    .orderBy(storedFileParts.part);

describe('a stored file', () => {
  it('is written in parts of 256 KB and read back whole, byte for byte', async () => {
    const files = createFileStore(t.database.db);
    const content = randomBytes(2 * 256 * 1024 + 1000);
    const id = await files.store(t.database.db, {
      name: 'скан протокола.pdf',
      content,
      extension: 'pdf',
      contentType: 'application/pdf',
    });
    expect((await partsOf(id)).map((row) => row.part)).toEqual([0, 1, 2]);
    const read = await files.content(id);
    expect(read).toMatchObject({ name: 'скан протокола.pdf', size: content.length, extension: 'pdf' });
    expect(read!.content.equals(content)).toBe(true);
  });

  it('keeps an empty file as one empty part, and a missing one is null', async () => {
    const files = createFileStore(t.database.db);
    const id = await files.store(t.database.db, {
      name: 'пусто.sig',
      content: Buffer.alloc(0),
      extension: 'sig',
      contentType: 'application/pkcs7-signature',
    });
    expect(await partsOf(id)).toEqual([{ part: 0 }]);
    expect((await files.content(id))!.content.length).toBe(0);
    expect(await files.content(id + 1000)).toBeNull();
  });
});
