/*
 * Bulk-loads one SRO whose trainees have every section a change-file row reports, for the pre-filled change
 * file's benchmark. The demo's generator (seed/trainee-generator.ts) tells each trainee's story (pauses,
 * resumptions, ended internships, transfers, exams); where the demo saves each story through the service, this
 * writes the state the saves end in, parsed by the API's schema, with the names the service writes into
 * references, as load-trainees.ts does for the thin trainees around it.
 */
import { eq, sql } from 'drizzle-orm';
import {
  formatSnils,
  fullNameOf,
  internSectionKeys,
  SaveInternSchema,
  type InternSections,
} from '@registry/shared';
import type { Database } from '../apps/server/src/db/client.js';
import {
  basisDocuments,
  dictionaryEntries,
  internshipNumbers,
  organizations,
  schools,
} from '../apps/server/src/db/schema/index.js';
import { sqlRows } from '../apps/server/src/lib/sql-rows.js';
import { takeInternshipNumbers } from '../apps/server/src/modules/intern/card/intern-card.repository.js';
import { deriveStatus, snilsOf } from '../apps/server/src/modules/intern/card/intern-rules.js';
import {
  addMonths,
  createRandom,
  generateAddresses,
  type SeedReferences,
} from '../apps/server/src/seed/generate.js';
import { schoolNames } from '../apps/server/src/seed/names.js';
import { createTraineeGenerator } from '../apps/server/src/seed/trainee-generator.js';
import type { Json } from '../apps/server/src/seed/trainee-people.js';
import { snilsOfTrainee } from './load-trainees.js';

/** The SRO the benchmark exports, and the one its transferred trainees came from or went to. */
export const EXPORTED_SRO = {
  name: 'Ассоциация «Саморегулируемая организация кадастровых инженеров «Выгрузка»»',
  registryNumber: '901',
};
const NEIGHBOUR_SRO = {
  name: 'Ассоциация «Саморегулируемая организация кадастровых инженеров «Соседи»»',
  registryNumber: '902',
};

/** One deleted trainee in a hundred: the file must leave them out. */
const DELETED_EVERY = 101;
const CHUNK = 1000;
const TODAY = '2026-03-02';
const INITIAL_PROTOCOL = 'ПВ-1';

/** The SRO of an earlier load of `database`, if there was one. */
export async function findExportedSro(database: Database) {
  const [row] = await database.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.registryNumber, EXPORTED_SRO.registryNumber));
  return row ?? null;
}

async function insertReferences(database: Database, random: ReturnType<typeof createRandom>) {
  const { db } = database;
  const sros = await db.insert(organizations).values([EXPORTED_SRO, NEIGHBOUR_SRO]).returning({
    id: organizations.id,
    name: organizations.name,
    registryNumber: organizations.registryNumber,
  });
  // A kept database may have some of them already: the trainees point at whichever are there.
  await db
    .insert(schools)
    .values(schoolNames.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(dictionaryEntries)
    .values(generateAddresses(random, 40).map((value) => ({ code: 'addresses', value })))
    .onConflictDoNothing();
  const schoolRows = await db.select({ id: schools.id, name: schools.name }).from(schools);
  const dictionary = (code: string) =>
    db
      .select({ id: dictionaryEntries.id, value: dictionaryEntries.value })
      .from(dictionaryEntries)
      .where(eq(dictionaryEntries.code, code));
  const addresses = await dictionary('addresses');
  const terminationReasons = await dictionary('termination-reasons');
  const references: SeedReferences = {
    organizations: sros.map((row) => ({ ...row, registryNumber: row.registryNumber! })),
    schools: schoolRows,
    addresses,
    terminationReasons,
  };
  return { references, organizationId: sros[0]!.id };
}

/** The state a trainee's saves end in: each save sends whole sections, a later one replacing an earlier. */
function finalSections(saves: { sections: Record<string, Json[]> }[]): Record<string, Json[]> {
  const state: Record<string, Json[]> = {};
  for (const save of saves) Object.assign(state, save.sections);
  return state;
}

/** Writes into each reference the name the service would (intern-references.ts). */
function nameReferences(sections: Partial<InternSections>, references: SeedReferences) {
  const names = (list: { id: number; name?: string; value?: string }[]) =>
    new Map(list.map((item) => [item.id, item.name ?? item.value ?? '']));
  const sros = names(references.organizations);
  const schoolNamesById = names(references.schools);
  const addresses = names(references.addresses);
  const reasons = names(references.terminationReasons);
  for (const info of sections.PersonalInfo ?? []) {
    if (info.School) info.School.Name = schoolNamesById.get(info.School.Id) ?? '';
  }
  for (const internship of sections.Internships ?? []) {
    if (internship.Organization) internship.Organization.Name = sros.get(internship.Organization.Id) ?? '';
    if (internship.EndBasis) internship.EndBasis.Value = reasons.get(internship.EndBasis.Id) ?? '';
    for (const misc of internship.MiscInfo) {
      if (misc.Address) misc.Address.Value = addresses.get(misc.Address.Id) ?? '';
    }
  }
}

/** A generated trainee with an internship in the SRO, as the rows the loader inserts. */
function traineeRows(
  generated: Record<string, Json[]>,
  id: number,
  organizationId: number,
  references: SeedReferences,
) {
  const internships = generated.Internships!;
  const own = internships.find((internship) => (internship.Organization as Json).Id === organizationId)!;
  // Every list of the SRO's internship has an entry, so that every column of the row is filled.
  own.ContractInfo = [
    {
      ContractEndsAt: addMonths(own.StartedAt as string, 24),
      Requisites: { Number: `ТД-${id}`, Date: own.StartedAt, UnstructuredValue: null },
    },
  ];
  generated.PersonalInfo![0]!.Snils = formatSnils(snilsOfTrainee(id));
  const withIds = Object.fromEntries(
    Object.entries(generated).map(([key, entries]) => [
      key,
      entries.map((entry, index) => ({ ...entry, Id: -(index + 1) })),
    ]),
  );
  const { Version: _version, ...sections } = SaveInternSchema.shape.Intern.parse(withIds);
  nameReferences(sections, references);
  const entries = internSectionKeys.flatMap((section) =>
    (sections[section] ?? []).map((entry, index) => {
      const { Id: _id, Entry_Id: _position, ...data } = entry;
      return { section, position: index + 1, data: JSON.stringify(data) };
    }),
  );
  return {
    fullName: fullNameOf(sections.PersonalInfo![0]!),
    snils: snilsOf(sections.PersonalInfo![0])!,
    status: deriveStatus({
      Internships: sections.Internships ?? [],
      InternshipSteps: sections.InternshipSteps ?? [],
      ExaminationResults: sections.ExaminationResults ?? [],
    }),
    organizationCount: new Set(sections.Internships!.map((internship) => internship.Organization!.Id)).size,
    entries,
  };
}

type TraineeRows = ReturnType<typeof traineeRows> & { id: number; isDeleted: boolean };

async function insertChunk(database: Database, chunk: TraineeRows[]) {
  const p = sql.param;
  await database.db.execute(sql`
    insert into interns (id, full_name, snils, status, organization_count, is_deleted) overriding system value
    select * from unnest(${p(chunk.map((t) => t.id))}::int[], ${p(chunk.map((t) => t.fullName))}::text[],
      ${p(chunk.map((t) => t.snils))}::text[], ${p(chunk.map((t) => t.status))}::smallint[],
      ${p(chunk.map((t) => t.organizationCount))}::smallint[], ${p(chunk.map((t) => t.isDeleted))}::boolean[])`);
  const entries = chunk.flatMap((trainee) =>
    trainee.entries.map((entry) => ({ ...entry, internId: trainee.id })),
  );
  await database.db.execute(sql`
    insert into intern_entries (intern_id, section, position, data)
    select intern_id, section, position, data::jsonb
    from unnest(${p(entries.map((e) => e.internId))}::int[], ${p(entries.map((e) => e.section))}::text[],
      ${p(entries.map((e) => e.position))}::int[], ${p(entries.map((e) => e.data))}::text[])
      as e(intern_id, section, position, data)`);
}

/**
 * Adds an SRO with `count` trainees who are not deleted (and one deleted in a hundred besides), every one
 * with personal info, a supervisor, an internship in the SRO with each of its lists, and steps; a transfer
 * has a second internship in a neighbouring SRO; and each one's history of a first save. Returns the SRO's id.
 */
export async function loadSroTrainees(database: Database, count: number, seed = 36): Promise<number> {
  const { db } = database;
  const random = createRandom(seed);
  const { references, organizationId } = await insertReferences(database, random);
  const nextTrainee = createTraineeGenerator(random, references, TODAY);
  const [last] = await sqlRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from interns`);
  const firstId = last!.id + 1;
  const total = count + Math.floor(count / (DELETED_EVERY - 1));

  let chunk: TraineeRows[] = [];
  for (let done = 0; done < total;) {
    const generated = finalSections(nextTrainee().saves);
    const isOwn = generated.Internships!.some(
      (internship) => (internship.Organization as Json).Id === organizationId,
    );
    if (!isOwn) continue;
    const id = firstId + done;
    chunk.push({
      ...traineeRows(generated, id, organizationId, references),
      id,
      isDeleted: done % DELETED_EVERY === DELETED_EVERY - 1,
    });
    done++;
    if (chunk.length === CHUNK || done === total) {
      await insertChunk(database, chunk);
      chunk = [];
    }
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('interns', 'id'), ${firstId + total - 1})`);
  // The internships' indexed columns, as a save writes them (intern-save.ts), read from the entries.
  await db.execute(sql`
    insert into internship_facts
      (entry_id, intern_id, organization_id, status, registry_number, started_at, ended_at, paused_at, resumed_at)
    select e.id, e.intern_id, (e.data -> 'Organization' ->> 'Id')::int, (e.data ->> 'Status')::smallint,
      e.data ->> 'RegistryNumber', (e.data ->> 'StartedAt')::date,
      (select max((m ->> 'EndedAt')::date) from jsonb_array_elements(e.data -> 'MiscInfo') m),
      (select max((m ->> 'PausedAt')::date) from jsonb_array_elements(e.data -> 'PauseInfo') m),
      (select max((m ->> 'ResumedAt')::date) from jsonb_array_elements(e.data -> 'ResumeInfo') m)
    from intern_entries e where e.section = 'Internships' and e.intern_id >= ${firstId}`);
  // The history the first save of that state writes (intern-save.ts): a protocol under one basis document and
  // an initial version of each entry. A file sent back after the trainee was saved again is read against the
  // record as downloaded, rebuilt from these versions.
  const [document] = await db
    .insert(basisDocuments)
    .values({ number: INITIAL_PROTOCOL, date: TODAY, internCount: total })
    .returning({ id: basisDocuments.id });
  await db.execute(sql`
    insert into change_protocols (intern_id, document_id, number, date, modified_sections)
    select i.id, ${document!.id}, ${INITIAL_PROTOCOL}, ${TODAY},
      array(select distinct e.section::text from intern_entries e where e.intern_id = i.id order by 1)
    from interns i where i.id >= ${firstId}`);
  await db.execute(sql`
    insert into intern_entry_versions (entry_id, kind, data, protocol_id)
    select e.id, 'initial', e.data, p.id
    from intern_entries e join change_protocols p on p.intern_id = e.intern_id
    where e.intern_id >= ${firstId}`);
  // Who holds each number: taken again for the whole register, the loaded SROs' numbers with the new ones.
  await db.delete(internshipNumbers);
  await takeInternshipNumbers(db, null);
  for (const table of [
    'interns',
    'intern_entries',
    'internship_facts',
    'internship_numbers',
    'change_protocols',
    'intern_entry_versions',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  await db.execute(sql`checkpoint`);
  return organizationId;
}
