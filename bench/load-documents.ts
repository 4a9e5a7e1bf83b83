/*
 * Bulk-loads generated basis documents and their change protocols for the documents benchmark, as the saves
 * would have written them (intern-card.repository.ts): a document per requisites, SRO and import, counting
 * its trainees, and a protocol under it for each trainee it changed. Trainees must be loaded first.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { sqlRows } from '../apps/server/src/lib/sql-rows.js';
import { dropSecondaryIndexes, rebuildIndexes } from './load-trainees.js';

/**
 * `count` basis documents over eleven years, about 25 a day: six in ten from an SRO's change file (an import
 * each, mostly of a few rows, one in a thousand of 2,000 trainees), the rest entered by hand for one to three
 * trainees. Each trainee a document changed has a protocol under it, as a save writes it.
 */
export async function loadDocuments(database: Database, count: number, trainees: number, operatorId: number) {
  const { db } = database;
  const p = sql.param;
  const sros = await sqlRows<{ id: number }>(db, sql`select id from organizations order by id`);
  const imported = Math.round(count * 0.6);
  await db.execute(sql`
    insert into stored_files (name, size, nominal_extension, extension, content_type, sha256, content)
    values ('bench.xlsx', 1, 'xlsx', 'xlsx', 'application/octet-stream', repeat('0', 64), '\\x00'::bytea)`);
  // The first SROs send most files: the square of an even draw picks the low ones more often.
  await db.execute(sql`
    insert into imports (organization_id, imported_by_id, imported_at, deadline_at, status, file_id,
                         number, date, organization_number, organization_date, row_count, pending_count)
    select sro.id, ${operatorId}, day.at, day.at + interval '14 days', 2, (select max(id) from stored_files),
           n || '-вх', day.at::date, 'исх-' || (h % 900 + 100), day.at::date - 3, size.rows, 0
    from generate_series(1, ${imported}) n
    cross join lateral (select abs(hashtext('import ' || n)) as h) hash
    cross join lateral (
      select timestamptz '2015-01-01 10:00+03' + make_interval(days => (n::bigint * 4000 / ${imported})::int) as at
    ) day
    cross join lateral (
      select (${p(sros.map((sro) => sro.id))}::int[])[1 + floor(power((h % 10007) / 10007.0, 2) * ${sros.length})::int]
        as id
    ) sro
    cross join lateral (
      select case when h % 1000 = 0 then 2000
                  else 1 + floor(100 * power((h / 10007 % 10007) / 10007.0, 6))::int end as rows
    ) size`);
  await db.execute(sql`
    insert into basis_documents (number, date, outgoing_number, outgoing_date, import_id, organization_id,
                                 intern_count, last_changed_at)
    select number, date, organization_number, organization_date, id, organization_id, row_count,
           imported_at + interval '1 day'
    from imports`);
  const manual = count - imported;
  await db.execute(sql`
    insert into basis_documents (number, date, intern_count, last_changed_at)
    select n || '-П', day, 1 + abs(hashtext('manual ' || n)) % 3, day + time '12:00'
    from generate_series(1, ${manual}) n
    cross join lateral (select date '2015-01-01' + (n::bigint * 4000 / ${manual})::int as day) d`);
  // A million protocols load many times faster into a table without its five secondary indexes.
  const rebuild = await dropSecondaryIndexes(database, ['change_protocols']);
  // Distinct trainees under a document: steps of a prime that does not divide the number of trainees.
  await db.execute(sql`
    insert into change_protocols (intern_id, import_id, organization_id, document_id, number, date,
                                  outgoing_number, outgoing_date, operator_id, modified_sections, created_at)
    select 1 + (d.id::bigint * 7919 + k::bigint * 104729) % ${trainees}, d.import_id, d.organization_id, d.id,
           d.number, d.date, d.outgoing_number, d.outgoing_date, ${operatorId},
           '{PersonalInfo,Internships}', d.last_changed_at + make_interval(secs => k)
    from basis_documents d cross join generate_series(1, d.intern_count) k`);
  await rebuildIndexes(database, rebuild);
  for (const table of ['imports', 'basis_documents', 'change_protocols']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  // Write the load out now rather than in a checkpoint in the middle of the measurements.
  await db.execute(sql`checkpoint`);
  const [protocols] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from change_protocols`);
  return { protocols: protocols!.n };
}
