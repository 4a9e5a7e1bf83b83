import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { keyCells, type ExportHeader, type RowKey } from './rows/change-file-keys-sheet.js';

/*
 * The pre-filled change file's keys (docs/change-file.md#the-pre-filled-file): per row, the trainee, the
 * entries written into the row and the trainee's version at the export; per file, the export's id, SRO and
 * time. They travel in a very hidden sheet (its layout: rows/change-file-keys-sheet.ts), signed with an HMAC
 * under a server secret, so that a key edited by hand, or a row moved to another file, is told from the keys
 * the register wrote.
 */

const headerLine = (header: ExportHeader) =>
  `change-file\t${header.exportId}\t${header.organizationId}\t${header.exportedAt}\n`;

/** An HMAC over the header and every row key in order, fed as the rows are written. */
export function keysSigner(secret: Buffer, header: ExportHeader) {
  const hmac = createHmac('sha256', secret).update(headerLine(header));
  return {
    add: (key: RowKey) => void hmac.update(`${keyCells(key).join('\t')}\n`),
    signature: () => hmac.digest('hex'),
  };
}

/** Whether the signature is the one the secret gives the header and keys. */
export function verifyKeys(secret: Buffer, header: ExportHeader, keys: RowKey[], signature: string): boolean {
  const signer = keysSigner(secret, header);
  for (const key of keys) signer.add(key);
  const expected = Buffer.from(signer.signature(), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Where the generated secret is kept when the setting gives none. */
export const SECRET_FILE_NAME = 'change-file-secret';

/**
 * The secret the keys are signed with: the setting CHANGE_FILE_SECRET, else one generated into DATA_DIR on
 * first use. The generated file appears whole or not at all (written aside, then linked, which fails if the
 * name exists), so processes sharing DATA_DIR agree on one secret; processes on different machines must be
 * given the setting.
 */
export async function loadChangeFileSecret(setting: string | null, dataDir: string): Promise<Buffer> {
  if (setting) return Buffer.from(setting, 'utf8');
  const file = path.join(dataDir, SECRET_FILE_NAME);
  await mkdir(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(aside, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    await link(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(aside);
  }
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'utf8');
}

/** The secret, read (or generated) on the first export and then kept; a failed attempt is tried again next time. */
export function changeFileSecret(setting: string | null, dataDir: string): () => Promise<Buffer> {
  let secret: Promise<Buffer> | null = null;
  return () =>
    (secret ??= loadChangeFileSecret(setting, dataDir).catch((error: unknown) => {
      secret = null;
      throw error;
    }));
}
