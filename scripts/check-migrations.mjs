// `npm run db:check`: fails when the Drizzle schema has changes that no committed migration holds, so that
// a schema edit cannot land without its migration. It generates into a scratch copy and compares.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const committed = path.join(serverDir, 'migrations');
// drizzle-kit reads --out relative to its working directory, so the scratch copy lives beside the real one.
const scratchName = `.migrations-check-${process.pid}`;
const scratch = path.join(serverDir, scratchName);

try {
  cpSync(committed, scratch, { recursive: true });
  const before = readdirSync(scratch).length;
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/drizzle-kit'),
    [
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      '--out',
      scratchName,
      '--casing',
      'snake_case',
    ],
    { cwd: serverDir, encoding: 'utf8' },
  );
  // drizzle-kit may exit 0 after a failure, so its own words decide.
  if (
    result.status !== 0 ||
    (!/No schema changes/.test(result.stdout) && readdirSync(scratch).length === before)
  ) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(1);
  }
  const after = readdirSync(scratch).length;
  if (after !== before) {
    console.error(
      'Схема базы данных изменена, но миграция не создана: выполните `npm run db:generate -- --name <что изменилось>`.',
    );
    process.exit(1);
  }
  console.log('Схема и миграции согласованы.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
