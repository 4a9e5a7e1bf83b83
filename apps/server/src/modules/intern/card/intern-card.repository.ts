import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  accounts,
  basisDocuments,
  changeProtocols,
  dictionaryEntries,
  internEntries,
  internEntryVersions,
  interns,
  internshipFacts,
  internshipNumbers,
  internshipPauses,
  organizations,
  schools,
} from '../../../db/schema/index.js';
import { protocolColumns } from '../../../db/change-protocols.js';
import { registrationNumbers } from './registration-numbers.js';

export type EntryRow = { id: number; section: string; position: number; data: Record<string, unknown> };
export type HistoryKindValue = 'initial' | 'change' | 'correction' | 'removal';

/**
 * Gives the internship numbers of a trainee's facts (or, with null, of every trainee's: a bulk load) to the
 * trainee in `internship_numbers`, unless the trainee is deleted.
 */
export async function takeInternshipNumbers(tx: Db, internId: number | null) {
  await tx.execute(sql`
    insert into ${internshipNumbers} (organization_id, number_key, intern_id)
    select distinct f.organization_id, registry_number_key(f.registry_number), f.intern_id
    from ${internshipFacts} f join ${interns} i on i.id = f.intern_id and not i.is_deleted
    where ${internId === null ? sql`true` : sql`f.intern_id = ${internId}`}
      and registry_number_key(f.registry_number) <> ''`);
}

/** A trainee's own row: the lock of a save, the list columns it keeps in step, delete and restore. */
function internRows(db: Db) {
  return {
    /** Locks the trainee row for the rest of the transaction. */
    async lock(tx: Db, id: number) {
      const [row] = await tx
        .select({ version: interns.version, isDeleted: interns.isDeleted })
        .from(interns)
        .where(eq(interns.id, id))
        .for('update');
      return row ?? null;
    },

    async insertIntern(tx: Db): Promise<number> {
      const [row] = await tx.insert(interns).values({}).returning({ id: interns.id });
      return row!.id;
    },

    async updateProjection(
      tx: Db,
      id: number,
      values: {
        fullName: string;
        snils: string | null;
        status: number;
        organizationCount: number;
        version: number;
      },
    ) {
      await tx
        .update(interns)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(interns.id, id));
    },

    /** A trainee's row with its registration numbers. */
    async find(id: number) {
      const [row] = await db
        .select({ ...getTableColumns(interns), registrationNumbers: registrationNumbers(interns.id) })
        .from(interns)
        .where(eq(interns.id, id));
      return row ?? null;
    },

    async setDeleted(tx: Db, id: number, isDeleted: boolean) {
      await tx
        .update(interns)
        .set({ isDeleted, updatedAt: sql`now()`, version: sql`${interns.version} + 1` })
        .where(eq(interns.id, id));
    },

    /** The indexed columns of a trainee's current internships, and their pauses, written anew. */
    async replaceFacts(
      tx: Db,
      internId: number,
      facts: (typeof internshipFacts.$inferInsert)[],
      pauses: (typeof internshipPauses.$inferInsert)[],
    ) {
      await tx.delete(internshipPauses).where(eq(internshipPauses.internId, internId));
      await tx.delete(internshipFacts).where(eq(internshipFacts.internId, internId));
      if (facts.length > 0) await tx.insert(internshipFacts).values(facts);
      if (pauses.length > 0) await tx.insert(internshipPauses).values(pauses);
    },
  };
}

/** The register's keys a trainee holds: their internship numbers, and who else holds a SNILS or a number. */
function registerKeyQueries() {
  return {
    /**
     * The internship numbers the trainee holds in their SROs, taken anew from the facts: none while deleted.
     * A number another trainee holds fails on `internship_numbers_key`.
     */
    async replaceNumbers(tx: Db, internId: number) {
      await tx.delete(internshipNumbers).where(eq(internshipNumbers.internId, internId));
      await takeInternshipNumbers(tx, internId);
    },

    /** Another trainee, not deleted, with this SNILS (digits). */
    async snilsHolder(tx: Db, snils: string, internId: number) {
      const [row] = await tx
        .select({ Id: interns.id, FullName: interns.fullName })
        .from(interns)
        .where(and(eq(interns.snils, snils), eq(interns.isDeleted, false), ne(interns.id, internId)))
        .limit(1);
      return row ?? null;
    },

    /** Another trainee holding one of this trainee's internship numbers in its SRO, with the number. */
    async internshipNumberHolder(tx: Db, internId: number) {
      const [row] = await tx
        .select({
          Id: interns.id,
          FullName: interns.fullName,
          number: internshipFacts.registryNumber,
          organization: organizations.name,
        })
        .from(internshipFacts)
        .innerJoin(
          internshipNumbers,
          and(
            eq(internshipNumbers.organizationId, internshipFacts.organizationId),
            eq(internshipNumbers.numberKey, sql`registry_number_key(${internshipFacts.registryNumber})`),
            ne(internshipNumbers.internId, internId),
          ),
        )
        .innerJoin(interns, eq(interns.id, internshipNumbers.internId))
        .innerJoin(organizations, eq(organizations.id, internshipFacts.organizationId))
        .where(eq(internshipFacts.internId, internId))
        .limit(1);
      return row ?? null;
    },
  };
}

/** The entries of a trainee's sections and their versions. */
function entryQueries() {
  return {
    /** The current entries of a trainee, optionally of some sections only, in section order. */
    async currentEntries(tx: Db, internId: number, sections?: string[]): Promise<EntryRow[]> {
      const conditions = [eq(internEntries.internId, internId), eq(internEntries.isRemoved, false)];
      if (sections) conditions.push(inArray(internEntries.section, sections));
      return tx
        .select({
          id: internEntries.id,
          section: internEntries.section,
          position: internEntries.position,
          data: internEntries.data,
        })
        .from(internEntries)
        .where(and(...conditions))
        .orderBy(asc(internEntries.section), asc(internEntries.position), asc(internEntries.id));
    },

    async insertEntry(
      tx: Db,
      values: { internId: number; section: string; position: number; data: Record<string, unknown> },
    ) {
      const [row] = await tx.insert(internEntries).values(values).returning({ id: internEntries.id });
      return row!.id;
    },

    async updateEntry(tx: Db, id: number, values: { position: number; data?: Record<string, unknown> }) {
      await tx
        .update(internEntries)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(internEntries.id, id));
    },

    async removeEntry(tx: Db, id: number) {
      await tx
        .update(internEntries)
        .set({ isRemoved: true, updatedAt: sql`now()` })
        .where(eq(internEntries.id, id));
    },

    async insertVersion(
      tx: Db,
      values: {
        entryId: number;
        kind: HistoryKindValue;
        data: Record<string, unknown>;
        previousData: Record<string, unknown> | null;
        protocolId: number;
        operatorId: number | null;
      },
    ) {
      await tx.insert(internEntryVersions).values(values);
    },

    /** A correction rewrites the state the entry's latest version recorded, as if it had been right. */
    async amendLatestVersion(tx: Db, entryId: number, data: Record<string, unknown>) {
      await tx.execute(sql`
        update ${internEntryVersions} set data = ${JSON.stringify(data)}::jsonb
        where id = (select max(id) from ${internEntryVersions} where entry_id = ${entryId} and kind <> 'correction')`);
    },
  };
}

/** The basis document of a protocol's requisites, SRO and import: found, or created. */
async function upsertBasisDocument(tx: Db, values: typeof changeProtocols.$inferInsert): Promise<number> {
  const [document] = await tx
    .insert(basisDocuments)
    .values({
      number: values.number,
      date: values.date,
      outgoingNumber: values.outgoingNumber ?? null,
      outgoingDate: values.outgoingDate ?? null,
      importId: values.importId ?? null,
      organizationId: values.organizationId ?? null,
    })
    .onConflictDoUpdate({
      target: [
        basisDocuments.number,
        basisDocuments.date,
        basisDocuments.outgoingNumber,
        basisDocuments.outgoingDate,
        basisDocuments.importId,
        basisDocuments.organizationId,
      ],
      set: { lastChangedAt: sql`now()` },
    })
    .returning({ id: basisDocuments.id });
  return document!.id;
}

/** Change protocols, and the rows of other tables a save's references point to. */
function protocolQueries(db: Db) {
  return {
    /** Writes a save's protocol under its basis document, which it creates or counts the trainee in. */
    async insertProtocol(tx: Db, values: typeof changeProtocols.$inferInsert): Promise<number> {
      const documentId = await upsertBasisDocument(tx, values);
      const [row] = await tx
        .insert(changeProtocols)
        .values({ ...values, documentId })
        .returning({ id: changeProtocols.id });
      // The upsert holds the document's row until commit, so two saves of one trainee count it once.
      await tx.execute(sql`
        update ${basisDocuments} set intern_count = intern_count + 1
        where id = ${documentId} and not exists (
          select 1 from ${changeProtocols}
          where document_id = ${documentId} and intern_id = ${values.internId} and id <> ${row!.id})`);
      return row!.id;
    },

    async setProtocolSections(tx: Db, protocolId: number, sections: string[]) {
      await tx
        .update(changeProtocols)
        .set({ modifiedSections: sections })
        .where(eq(changeProtocols.id, protocolId));
    },

    /** The ids among `ids` that exist: organizations, schools, or entries of one dictionary. */
    async existingIds(tx: Db, kind: 'organizations' | 'schools' | { dictionary: string }, ids: number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows =
        kind === 'organizations'
          ? await tx
              .select({ id: organizations.id, name: organizations.name })
              .from(organizations)
              .where(inArray(organizations.id, ids))
          : kind === 'schools'
            ? await tx
                .select({ id: schools.id, name: schools.name })
                .from(schools)
                .where(inArray(schools.id, ids))
            : await tx
                .select({ id: dictionaryEntries.id, name: dictionaryEntries.value })
                .from(dictionaryEntries)
                .where(and(eq(dictionaryEntries.code, kind.dictionary), inArray(dictionaryEntries.id, ids)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async protocolsOf(internId: number) {
      return db
        .select(protocolColumns)
        .from(changeProtocols)
        .leftJoin(organizations, eq(organizations.id, changeProtocols.organizationId))
        .leftJoin(accounts, eq(accounts.id, changeProtocols.operatorId))
        .where(eq(changeProtocols.internId, internId))
        .orderBy(asc(changeProtocols.createdAt), asc(changeProtocols.id));
    },
  };
}

/** A trainee's card: its row, entries, versions and change protocols. */
export function createInternCardRepository(db: Db) {
  return { ...internRows(db), ...registerKeyQueries(), ...entryQueries(), ...protocolQueries(db) };
}

export type InternCardRepository = ReturnType<typeof createInternCardRepository>;
