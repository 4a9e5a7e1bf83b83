import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeForSearch } from '@registry/shared';
import type { Database } from '../db/client.js';
import { sqlRows } from './sql-rows.js';
import { openTestDatabase } from '../test/test-database.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function scalar(query: SQL): Promise<unknown> {
  const [row] = await sqlRows<{ value: unknown }>(database.db, query);
  return row?.value;
}

describe('registry_fold', () => {
  it('folds stored text exactly as normalizeForSearch folds a search term', async () => {
    const alphabet =
      'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ абвгдеёжзийклмнопрстуфхцчшщъыьэюя ABCDEFGHIJKLMNOPQRSTUVWXYZ 0-9 «»';
    expect(await scalar(sql`select registry_fold(${alphabet}) as value`)).toBe(normalizeForSearch(alphabet));
  });
});

describe('registry_name_key', () => {
  it('makes one name of spellings that differ in case, ё/е, quotes and spacing', async () => {
    const keys = await Promise.all(
      [
        '«Политехнический  колледж Ёлкина»',
        '"ПОЛИТЕХНИЧЕСКИЙ колледж Елкина"',
        "  'политехнический колледж елкина' ",
      ].map((name) => scalar(sql`select registry_name_key(${name}) as value`)),
    );
    expect(new Set(keys)).toEqual(new Set(['политехнический колледж елкина']));
  });
});
