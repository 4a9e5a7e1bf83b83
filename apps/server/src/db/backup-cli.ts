import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';
import {
  backup,
  backupExtensions,
  BackupError,
  restore,
  type BackupFormat,
  type BackupTarget,
} from './backup.js';

/*
 * `npm run backup [-- [--sql] [FILE]]` and `npm run restore FILE`, on the database the app's settings name
 * (DATABASE_URL, else the PGlite folder DATA_DIR/db), as `npm start` opens it. See backup.ts.
 */

const formatNames: Record<BackupFormat, string> = {
  pglite: 'архив папки базы PGlite',
  pg_dump: 'файл pg_dump (custom)',
  sql: 'SQL-выгрузка',
};

const USAGE =
  'Использование:\n' +
  '  npm run backup [-- [--sql] [ФАЙЛ]]   резервная копия всего реестра в один файл\n' +
  '  npm run restore ФАЙЛ                 восстановление копии в пустую базу\n';

/** npm runs scripts in the project's folder; a relative file name is meant from where the command was typed. */
function fromCallerFolder(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** `registry-backup-2026-11-26-140502.tar.gz`: the moment in the name, so that copies sort and never collide. */
function defaultName(format: BackupFormat, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp =
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `registry-backup-${stamp}.${backupExtensions[format]}`;
}

function describe(target: BackupTarget): string {
  return target.databaseUrl ? 'PostgreSQL по DATABASE_URL' : `PGlite в папке ${target.pgliteDir}`;
}

async function main(config: Config) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { sql: { type: 'boolean', default: false } },
  });
  const [command, file, ...rest] = positionals;
  const target: BackupTarget = {
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  };

  if (command === 'backup' && rest.length === 0) {
    const format: BackupFormat = values.sql ? 'sql' : target.databaseUrl ? 'pg_dump' : 'pglite';
    const output = fromCallerFolder(file ?? defaultName(format));
    await backup(target, output, { sql: values.sql });
    const megabytes = (statSync(output).size / 2 ** 20).toFixed(1);
    process.stdout.write(
      `Резервная копия (${describe(target)}): ${output}, ${formatNames[format]}, ${megabytes} МБ.\n`,
    );
    return;
  }
  if (command === 'restore' && file && rest.length === 0 && !values.sql) {
    const format = await restore(target, fromCallerFolder(file));
    process.stdout.write(
      `Восстановлено в ${describe(target)} из файла ${file} (${formatNames[format]}). ` +
        'При запуске (npm start) сервер применит миграции, если копия сделана более старой версией.\n',
    );
    return;
  }
  process.stderr.write(USAGE);
  process.exitCode = 2;
}

try {
  await main(loadConfig());
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
