import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../api.js';
import { loadConfig } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { dictionaryEntries, schools } from '../../../db/schema/index.js';
import { sqlRows } from '../../../lib/sql-rows.js';
import { createRecordingMailer } from '../../../test/build-test-app.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { createDictionarySource } from './change-file-dictionaries.js';
import { dictionaryKey } from '../rows/dictionary-match.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the dictionaries a change file is read against', () => {
  it('come from the database, through the app’s services, as the reader’s lists', async () => {
    const [school] = await database.db.insert(schools).values({ name: 'Колледж геодезии' }).returning();
    const [address] = await database.db
      .insert(dictionaryEntries)
      .values({ code: 'addresses', value: 'г. Тула, ул. Ленина, д. 1' })
      .returning();
    const services = createServices({
      database,
      config: loadConfig({ DATA_DIR: '/nonexistent-test-data' }),
      mailer: createRecordingMailer(),
      logger: pino({ enabled: false }),
    });
    const dictionaries = await createDictionarySource(services).load();
    expect(dictionaries.schools).toContainEqual({ Id: school!.id, Name: 'Колледж геодезии' });
    expect(dictionaries.addresses).toContainEqual({ Id: address!.id, Value: 'г. Тула, ул. Ленина, д. 1' });
    expect(dictionaries.terminationReasons.every((entry) => entry.Id > 0 && entry.Value !== '')).toBe(true);
    expect(dictionaries.addresses.map((entry) => entry.Value)).not.toContain(
      dictionaries.terminationReasons[0]?.Value,
    );
  });

  it('are matched by the key the database’s unique indexes use', async () => {
    const names = [
      '«Политехнический  колледж Ёлкина»',
      ' "ПОЛИТЕХНИЧЕСКИЙ колледж\tелкина" ',
      'ул. Ленина, д. 1',
    ];
    for (const name of names) {
      const [key] = await sqlRows<{ value: string }>(
        database.db,
        sql`select registry_name_key(${name}) as value`,
      );
      expect(dictionaryKey(name)).toBe(key!.value);
    }
  });
});
