// Starts the built server for the browser tests on a fresh, empty data directory under e2e/.tmp.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tmp = path.join(here, '.tmp');
mkdirSync(tmp, { recursive: true });

// Data directories of earlier runs are kept for an hour, to look into a failure, then removed.
const hourAgo = Date.now() - 60 * 60 * 1000;
for (const name of readdirSync(tmp)) {
  const dir = path.join(tmp, name);
  if (name.startsWith('data-') && statSync(dir).mtimeMs < hourAgo)
    rmSync(dir, { recursive: true, force: true });
}

const dataDir = path.join(tmp, `data-${Date.now()}`);
mkdirSync(dataDir);
process.env.DATA_DIR = dataDir;
// The tests run in other processes: they find this run's data (the mail outbox) through this file.
writeFileSync(path.join(tmp, 'current-data-dir'), dataDir);

await import('../apps/server/dist/main.js');
