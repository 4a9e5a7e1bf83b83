import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import pg from 'pg';
import { openDatabase } from './client.js';

/*
 * `npm run backup` and `npm run restore` (README, «Резервное копирование»). One file holds the whole register:
 * every table, the uploaded files among them (they are stored in the database, stored_files), and the
 * migrations journal, so that a restored database starts as it was. Formats, each made by the database's own
 * tools, none written by hand:
 * - 'pglite': the embedded PGlite's data folder (its dumpDataDir) as a gzipped tar, loaded into an empty
 *   DATA_DIR;
 * - 'pg_dump': PostgreSQL's pg_dump custom format (-Fc), restored by pg_restore into an empty database;
 * - 'sql': a plain SQL dump, by pg_dump built for WASM on PGlite (--sql) or by pg_dump on PostgreSQL, that
 *   psql loads into an empty PostgreSQL database: the way from PGlite to PostgreSQL.
 */

export type BackupFormat = 'pglite' | 'pg_dump' | 'sql';

/** Where the register is: PostgreSQL when a URL is given, else the PGlite data folder (DATA_DIR/db). */
export interface BackupTarget {
  databaseUrl?: string | undefined;
  pgliteDir: string;
}

/** Why a backup or a restore was refused or failed, in Russian, for the operator at the console. */
export class BackupError extends Error {}

export const backupExtensions: Record<BackupFormat, string> = {
  pglite: 'tar.gz',
  pg_dump: 'dump',
  sql: 'sql',
};

/** The PostgreSQL client programs, from Debian's and Ubuntu's package postgresql-client. */
type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

/**
 * pg_dump's arguments for a plain SQL dump that any role can load into a new database: no owners and no
 * grants (the objects then belong to the role that loads them, the app's DATABASE_URL user).
 */
const SQL_DUMP_ARGS = ['--no-owner', '--no-privileges'];

/**
 * pg_dump 17 and later opens a plain dump with this setting, which PostgreSQL 15 and 16 do not know; it only
 * sets the default, so the dump leaves it out and loads into those versions too.
 */
const TRANSACTION_TIMEOUT_LINE = 'SET transaction_timeout = 0;\n';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The backup's format, from its first bytes. */
export async function detectFormat(file: string): Promise<BackupFormat> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(512);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`Файл ${file} не найден.`);
    throw error;
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  if (/^(--|SET |\s*$)/.test(head.toString('latin1')) && head.includes('PostgreSQL database dump'))
    return 'sql';
  throw new BackupError(
    `Файл ${file} не похож на резервную копию реестра: ожидается архив папки PGlite (.tar.gz), ` +
      'файл pg_dump (.dump) или SQL-выгрузка (.sql).',
  );
}

/** Writes the file under a temporary name and renames it when whole, so that no half file looks like a backup. */
async function writeWhole(file: string, write: (partial: string) => Promise<void>) {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * A PGlite data folder that holds a database no process has open: PGlite writes postmaster.pid while it
 * has the folder open and deletes it on close.
 */
function ensurePgliteIdle(dir: string) {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(
      `В папке ${dir} нет базы данных PGlite. Проверьте DATA_DIR (база лежит в его подпапке db) ` +
        'или укажите DATABASE_URL, если реестр работает на PostgreSQL.',
    );
  }
  if (existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new BackupError(
      `Базу в папке ${dir} сейчас держит другой процесс (есть файл postmaster.pid): остановите сервер ` +
        'реестра и повторите. Если сервер не запущен, значит, он был остановлен аварийно: запустите его ' +
        'и остановите штатно (Ctrl+C), затем повторите.',
    );
  }
}

function ensureEmptyFolder(dir: string) {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(
      `Папка ${dir} не пуста: восстановление идёт только в новую базу, чтобы ничего не перезаписать. ` +
        'Укажите другой DATA_DIR (или перенесите текущую папку) и повторите.',
    );
  }
}

/** The connection for PostgreSQL's programs: the URL without its password, which goes in PGPASSWORD. */
function toolConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs one of PostgreSQL's programs; a missing program says which package to install, a failure its error. */
async function runTool(tool: PgTool, args: string[], databaseUrl: string): Promise<void> {
  const connection = toolConnection(databaseUrl);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${connection.dbname}`], {
      env: connection.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `Не найдена программа ${tool}. Установите клиент PostgreSQL той же или более новой версии, ` +
                'чем сервер: в Debian и Ubuntu это пакет postgresql-client (apt-get install postgresql-client).',
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} завершился с ошибкой (код ${code}):\n${stderr.trim()}`));
    });
  });
}

/** Tables of the database outside the system schemas: a database with any is not empty. */
async function countTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Не удалось подключиться к базе DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Writes a PGlite's SQL dump to the file, without the one setting older PostgreSQL versions refuse. */
async function writeSqlDump(dump: Blob, file: string) {
  const head = Buffer.from(await dump.slice(0, 4096).arrayBuffer());
  const at = head.indexOf(TRANSACTION_TIMEOUT_LINE);
  const parts = at < 0 ? [dump] : [dump.slice(0, at), dump.slice(at + TRANSACTION_TIMEOUT_LINE.length)];
  const out = createWriteStream(file);
  await pipeline(
    Readable.from(
      (async function* () {
        for (const part of parts) {
          for await (const chunk of part.stream()) yield chunk;
        }
      })(),
    ),
    out,
  );
}

/**
 * Writes one file of the whole register. PGlite: its data folder (or with `sql`, a plain SQL dump for
 * PostgreSQL), with no server running on it. PostgreSQL: pg_dump's custom format (or with `sql`, plain SQL);
 * the server may keep running, pg_dump reads one consistent snapshot.
 */
export async function backup(
  target: BackupTarget,
  file: string,
  options: { sql?: boolean } = {},
): Promise<BackupFormat> {
  if (existsSync(file)) throw new BackupError(`Файл ${file} уже есть: укажите другое имя.`);
  const format: BackupFormat = options.sql ? 'sql' : target.databaseUrl ? 'pg_dump' : 'pglite';

  if (target.databaseUrl) {
    const { databaseUrl } = target;
    const args = format === 'sql' ? ['--format=plain', ...SQL_DUMP_ARGS] : ['--format=custom'];
    await writeWhole(file, (partial) => runTool('pg_dump', [...args, `--file=${partial}`], databaseUrl));
    return format;
  }

  ensurePgliteIdle(target.pgliteDir);
  const database = await openDatabase({ dataDir: target.pgliteDir });
  try {
    if (format === 'sql') {
      const dump = await database.dumpSql!(SQL_DUMP_ARGS);
      await writeWhole(file, (partial) => writeSqlDump(dump, partial));
    } else {
      const dump = await database.dumpDataDir!();
      const packed = await gzipAsync(Buffer.from(await dump.arrayBuffer()));
      await writeWhole(file, (partial) => writeFile(partial, packed));
    }
  } finally {
    await database.close();
  }
  return format;
}

/**
 * Brings a backup back into an empty database: a PGlite dump into an empty DATA_DIR, a pg_dump file (by
 * pg_restore) or an SQL dump (by psql) into a PostgreSQL database without tables, in one transaction.
 */
export async function restore(target: BackupTarget, file: string): Promise<BackupFormat> {
  const format = await detectFormat(file);

  if (target.databaseUrl) {
    const { databaseUrl } = target;
    if (format === 'pglite') {
      throw new BackupError(
        'Архив папки PGlite восстанавливается только в PGlite (без DATABASE_URL). Чтобы перенести реестр ' +
          'в PostgreSQL, сделайте на PGlite SQL-выгрузку: npm run backup -- --sql ФАЙЛ.sql, и восстановите её.',
      );
    }
    const tables = await countTables(databaseUrl);
    if (tables > 0) {
      throw new BackupError(
        `В базе DATABASE_URL уже есть таблицы (${tables}): восстановление идёт только в пустую базу, ` +
          'чтобы ничего не перезаписать. Создайте новую базу (createdb) и укажите её в DATABASE_URL.',
      );
    }
    if (format === 'pg_dump') {
      const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file];
      await runTool('pg_restore', args, databaseUrl);
    } else {
      const args = [
        '--no-psqlrc',
        '--quiet',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        `--file=${file}`,
      ];
      await runTool('psql', args, databaseUrl);
    }
    return format;
  }

  if (format !== 'pglite') {
    throw new BackupError(
      format === 'pg_dump'
        ? 'Файл pg_dump восстанавливается только в PostgreSQL: укажите DATABASE_URL пустой базы.'
        : 'SQL-выгрузка загружается в PostgreSQL: укажите DATABASE_URL пустой базы.',
    );
  }
  ensureEmptyFolder(target.pgliteDir);
  const tar = await gunzipAsync(await readFile(file));
  try {
    const database = await openDatabase({ dataDir: target.pgliteDir, loadDataDir: new Blob([tar]) });
    await database.close();
  } catch (error) {
    // A half-loaded folder would refuse the next try as not empty.
    await rm(target.pgliteDir, { recursive: true, force: true });
    throw error;
  }
  return format;
}
