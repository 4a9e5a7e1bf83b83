/*
 * Bulk-loads generated trainees for the search benchmark. Saving a million trainees one by one through the
 * service would take hours, so this writes what the service would have written, in chunks of multi-row
 * INSERT … SELECT FROM unnest(arrays): the interns rows with their list columns (full name, SNILS digits,
 * status, number of SROs), a personal-info entry each, the internships with their facts, and the steps and
 * exam results that make statuses 1 and 2 true. The database computes the folded search key itself.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { organizations } from '../apps/server/src/db/schema/index.js';
import { sqlRows } from '../apps/server/src/lib/sql-rows.js';
import {
  FIRST_CHECKED_SNILS,
  createRandom,
  createRegistryNumbers,
  fullName,
  generatePersonName,
  snilsOfNumber,
  zipf,
} from '../apps/server/src/seed/generate.js';
import { organizationNames } from '../apps/server/src/seed/names.js';
import { takeInternshipNumbers } from '../apps/server/src/modules/intern/card/intern-card.repository.js';

/** Tables the loader writes; their secondary indexes are built after the load, which is many times faster. */
const LOADED_TABLES = ['interns', 'intern_entries', 'internship_facts', 'internship_numbers'];

/** Share of trainees in each status: most are still in training. */
const STATUS_SHARES = [0.6, 0.22, 0.18];
const TRANSFER_SHARE = 0.03;
const DELETED_SHARE = 0.001;

export interface LoadedRegistry {
  organizations: { id: number; name: string }[];
}

/** SNILS numbers spread over the whole range and never repeated: a step coprime with the range's size. */
export function snilsOfTrainee(index: number): string {
  return snilsOfNumber(FIRST_CHECKED_SNILS + ((index * 7919) % 997_000_000));
}

function toDate(day: number): string {
  return new Date(Date.UTC(2015, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

/** Columns of one chunk, as arrays bound to unnest(). */
function generateChunk(
  random: ReturnType<typeof createRandom>,
  first: number,
  size: number,
  pickOrganization: (random: ReturnType<typeof createRandom>) => { id: number; registryNumber: string },
  organizationsList: { id: number; registryNumber: string }[],
  registryNumber: ReturnType<typeof createRegistryNumbers>,
  nextEntryId: () => number,
) {
  const trainees = {
    id: [] as number[],
    fullName: [] as string[],
    lastName: [] as string[],
    firstName: [] as string[],
    patronymic: [] as (string | null)[],
    snils: [] as string[],
    birthDate: [] as string[],
    status: [] as number[],
    organizationCount: [] as number[],
    isDeleted: [] as boolean[],
  };
  const internships = {
    entryId: [] as number[],
    internId: [] as number[],
    position: [] as number[],
    organizationId: [] as number[],
    status: [] as number[],
    registryNumber: [] as string[],
    startedAt: [] as string[],
  };
  const addInternship = (
    internId: number,
    position: number,
    sro: { id: number; registryNumber: string },
    status: number,
    day: number,
  ) => {
    const startedAt = toDate(day);
    internships.entryId.push(nextEntryId());
    internships.internId.push(internId);
    internships.position.push(position);
    internships.organizationId.push(sro.id);
    internships.status.push(status);
    internships.registryNumber.push(registryNumber(sro, startedAt.slice(0, 4)));
    internships.startedAt.push(startedAt);
  };

  for (let id = first; id < first + size; id++) {
    const person = generatePersonName(random);
    const draw = random.next();
    const status = draw < STATUS_SHARES[0]! ? 0 : draw < STATUS_SHARES[0]! + STATUS_SHARES[1]! ? 1 : 2;
    const isTransfer = status === 0 && random.chance(TRANSFER_SHARE / STATUS_SHARES[0]!);
    const sro = pickOrganization(random);
    const day = random.int(0, 4000);
    trainees.id.push(id);
    trainees.fullName.push(fullName(person));
    trainees.lastName.push(person.lastName);
    trainees.firstName.push(person.firstName);
    trainees.patronymic.push(person.patronymic);
    trainees.snils.push(snilsOfTrainee(id));
    trainees.birthDate.push(toDate(-random.int(7000, 18000)));
    trainees.status.push(status);
    trainees.organizationCount.push(isTransfer ? 2 : 1);
    trainees.isDeleted.push(random.chance(DELETED_SHARE));
    // A transfer ends the internship in one SRO (2 'Прекращена') and starts one in another.
    addInternship(id, 1, sro, isTransfer ? 2 : status === 0 ? random.pick([0, 0, 0, 0, 1, 2]) : 3, day);
    if (isTransfer) {
      const others = organizationsList.filter((other) => other.id !== sro.id);
      addInternship(id, 2, random.pick(others), 0, day + random.int(30, 120));
    }
  }
  return { trainees, internships };
}

async function insertChunk(database: Database, chunk: ReturnType<typeof generateChunk>) {
  const { trainees: t, internships: i } = chunk;
  const p = sql.param;
  await database.db.execute(sql`
    insert into interns (id, full_name, snils, status, organization_count, is_deleted) overriding system value
    select id, full_name, snils, status, organization_count, is_deleted
    from unnest(${p(t.id)}::int[], ${p(t.fullName)}::text[], ${p(t.snils)}::text[], ${p(t.status)}::smallint[],
                ${p(t.organizationCount)}::smallint[], ${p(t.isDeleted)}::boolean[])
      as t(id, full_name, snils, status, organization_count, is_deleted)`);
  // The personal-info entry has the id of its trainee: the two identity sequences are moved on afterwards.
  await database.db.execute(sql`
    insert into intern_entries (id, intern_id, section, position, data) overriding system value
    select id, id, 'PersonalInfo', 1, jsonb_build_object(
      'LastName', last_name, 'FirstName', first_name, 'PatronymicName', patronymic,
      'Snils', substr(snils, 1, 3) || '-' || substr(snils, 4, 3) || '-' || substr(snils, 7, 3) || ' ' || substr(snils, 10, 2),
      'DateOfBirth', birth_date,
      'Passport', jsonb_build_object(
        'Series', lpad((id % 89 + 1)::text, 2, '0') || ' ' || lpad((id % 23)::text, 2, '0'),
        'Number', lpad((id * 7 % 1000)::text, 3, '0') || ' ' || lpad((id * 13 % 1000)::text, 3, '0'),
        'IssuedAt', null, 'IssuedBy', null),
      'Contacts', jsonb_build_object('PhoneNumber', '+7 9' || lpad((id % 100000000)::text, 8, '0'), 'PostalAddress', null, 'EmailAddress', null),
      'Education', jsonb_build_object('Name', null, 'Code', null, 'Qualification', null),
      'School', null)
    from unnest(${p(t.id)}::int[], ${p(t.lastName)}::text[], ${p(t.firstName)}::text[], ${p(t.patronymic)}::text[],
                ${p(t.snils)}::text[], ${p(t.birthDate)}::text[])
      as t(id, last_name, first_name, patronymic, snils, birth_date)`);
  await database.db.execute(sql`
    insert into intern_entries (id, intern_id, section, position, data) overriding system value
    select i.entry_id, i.intern_id, 'Internships', i.position, jsonb_build_object(
      'StartedAt', i.started_at, 'Organization', jsonb_build_object('Id', o.id, 'Name', o.name),
      'Duration', 12, 'Status', i.status, 'RegistryNumber', i.registry_number)
    from unnest(${p(i.entryId)}::int[], ${p(i.internId)}::int[], ${p(i.position)}::int[], ${p(i.organizationId)}::int[],
                ${p(i.status)}::smallint[], ${p(i.registryNumber)}::text[], ${p(i.startedAt)}::text[])
      as i(entry_id, intern_id, position, organization_id, status, registry_number, started_at)
    join organizations o on o.id = i.organization_id`);
  await database.db.execute(sql`
    insert into internship_facts (entry_id, intern_id, organization_id, status, registry_number, started_at)
    select entry_id, intern_id, organization_id, status, registry_number, started_at::date
    from unnest(${p(i.entryId)}::int[], ${p(i.internId)}::int[], ${p(i.organizationId)}::int[],
                ${p(i.status)}::smallint[], ${p(i.registryNumber)}::text[], ${p(i.startedAt)}::text[])
      as i(entry_id, intern_id, organization_id, status, registry_number, started_at)`);
}

/**
 * Drops the secondary indexes of `tables` and returns the statements that rebuild them (`rebuildIndexes`),
 * with the statistics targets a migration set on their columns (a dropped index forgets them).
 */
export async function dropSecondaryIndexes(database: Database, tables: string[]): Promise<string[]> {
  const rows = await sqlRows<{ indexname: string; indexdef: string }>(
    database.db,
    sql`
    select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in ${tables}
      and indexname not in (select conname from pg_constraint)`,
  );
  const targets = await sqlRows<{ statement: string }>(
    database.db,
    sql`
    select format('alter index %I alter column %s set statistics %s', c.relname, a.attnum, a.attstattarget)
      as statement
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relname in ${rows.length > 0 ? rows.map((row) => row.indexname) : ['']}
      and a.attstattarget > 0`,
  );
  for (const row of rows) await database.db.execute(sql.raw(`drop index "${row.indexname}"`));
  return [...rows.map((row) => row.indexdef), ...targets.map((row) => row.statement)];
}

/** Runs the statements of `dropSecondaryIndexes`: the indexes are built once, after a bulk load. */
export async function rebuildIndexes(database: Database, statements: string[]) {
  await database.db.transaction(async (tx) => {
    // Index builds sort in memory when they may (PGlite's heap is smaller); for this transaction only.
    const memory = database.kind === 'postgres' ? '1GB' : '256MB';
    await tx.execute(sql.raw(`set local maintenance_work_mem = '${memory}'`));
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

/**
 * Loads `total` trainees into a freshly migrated, empty database, with ~20 SROs of Zipf-like sizes, and
 * reports progress. Ends with the indexes rebuilt and the tables vacuumed and analysed, as autovacuum
 * would leave a table after a bulk load.
 */
export async function loadTrainees(
  database: Database,
  total: number,
  options: { seed?: number; chunk?: number; onProgress?: (done: number) => void } = {},
): Promise<LoadedRegistry> {
  const { db } = database;
  const chunkSize = options.chunk ?? 20_000;
  const random = createRandom(options.seed ?? 1);
  const sros = await db
    .insert(organizations)
    .values(organizationNames.map(([name, registryNumber]) => ({ name, registryNumber })))
    .returning({
      id: organizations.id,
      name: organizations.name,
      registryNumber: organizations.registryNumber,
    });
  const sroList = sros.map((row) => ({ id: row.id, registryNumber: row.registryNumber! }));
  const pickOrganization = zipf(sroList, 0.7);
  const registryNumber = createRegistryNumbers();
  let entryId = total;
  const nextEntryId = () => ++entryId;

  const rebuild = await dropSecondaryIndexes(database, LOADED_TABLES);
  for (let first = 1; first <= total; first += chunkSize) {
    const size = Math.min(chunkSize, total - first + 1);
    await insertChunk(
      database,
      generateChunk(random, first, size, pickOrganization, sroList, registryNumber, nextEntryId),
    );
    options.onProgress?.(first + size - 1);
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('interns', 'id'), ${total})`);
  await db.execute(sql`select setval(pg_get_serial_sequence('intern_entries', 'id'), ${entryId})`);
  // Statuses 1 and 2 need passed internship steps, and 2 a passed exam, for the derived status to hold.
  await db.execute(sql`
    insert into intern_entries (intern_id, section, position, data)
    select id, 'InternshipSteps', 1, '{"HasPassed": true}'::jsonb from interns where status >= 1`);
  await db.execute(sql`
    insert into intern_entries (intern_id, section, position, data)
    select id, 'ExaminationResults', 1, '{"HasPassed": true, "CorrectAnswersNumber": 70}'::jsonb
    from interns where status = 2`);

  // Who holds each internship number, as every save writes it; the generated numbers never repeat in an SRO.
  await takeInternshipNumbers(db, null);

  await rebuildIndexes(database, rebuild);
  for (const table of LOADED_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
  // Write the load out now rather than in a checkpoint in the middle of the measurements.
  await db.execute(sql`checkpoint`);
  return { organizations: sros.map(({ id, name }) => ({ id, name })) };
}
