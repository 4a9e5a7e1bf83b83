import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { organizations } from './schema/index.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the embedded database', () => {
  it('keeps its data on disk across a close and a reopen, and migrating again changes nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-db-'));
    dirs.push(dataDir);

    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db
      .insert(organizations)
      .values({ name: 'СРО «Балтийское объединение кадастровых инженеров»' });
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    const rows = await second.db.select({ name: organizations.name }).from(organizations);
    await second.close();
    expect(rows).toEqual([{ name: 'СРО «Балтийское объединение кадастровых инженеров»' }]);
  });
});
