import { InternshipStatus, texts, type Intern, type Internship } from '@registry/shared';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { internEntries, internEntryVersions, interns } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/app-error.js';
import { toChangeProtocol } from '../../../db/change-protocols.js';
import type { EntryRow, InternCardRepository } from './intern-card.repository.js';
import { resolveReferences } from './intern-references.js';
import { fullNameOf } from '@registry/shared';
import { deriveStatus } from './intern-rules.js';
import { groupBySection } from './intern-sections.js';

/*
 * The card as the register held it at the end of a day (Moscow time, as the registry keeps its days),
 * rebuilt from every entry's versions. A correction amends the version it corrects as if it had been right;
 * one made after the day is undone here, so that the day shows what was written then.
 */

type VersionRow = {
  internId: number;
  entryId: number;
  section: string;
  position: number;
  id: number;
  kind: string;
  data: Record<string, unknown>;
  previousData: Record<string, unknown> | null;
  createdAt: Date;
};

/** The first moment after the day, in Moscow time. */
export const endOfDay = (day: string) => new Date(new Date(`${day}T00:00:00+03:00`).getTime() + 86_400_000);

/** An entry's state at the cutoff, from its versions in order; null when it did not exist or was removed. */
function entryAt(versions: VersionRow[], cutoff: Date): EntryRow | null {
  const before = versions.filter((version) => version.kind !== 'correction' && version.createdAt < cutoff);
  const last = before.at(-1);
  if (!last || last.kind === 'removal') return null;
  // The corrections of `last` are those that follow it before the entry's next version; the first of them
  // made after the day holds, as the state it corrected, what the day showed.
  const after = versions.filter((version) => version.id > last.id);
  const next = after.findIndex((version) => version.kind !== 'correction');
  const corrections = next === -1 ? after : after.slice(0, next);
  const laterCorrection = corrections.find((version) => version.createdAt >= cutoff);
  const data = laterCorrection?.previousData ?? last.data;
  return { id: last.entryId, section: last.section, position: last.position, data };
}

/** Registration numbers of the internships of a state, in the card's order: completed, then ongoing, then the rest. */
function registrationNumbersOf(internships: Internship[]) {
  const rank = (status: number) =>
    status === InternshipStatus.Completed ? 0 : status === InternshipStatus.Ongoing ? 1 : 2;
  return internships
    .filter((internship) => internship.RegistryNumber !== null && internship.Organization !== null)
    .sort((a, b) => rank(a.Status) - rank(b.Status) || (b.StartedAt ?? '').localeCompare(a.StartedAt ?? ''))
    .map((internship) => ({
      Organization: internship.Organization!,
      Number: internship.RegistryNumber!,
      Status: internship.Status,
    }));
}

/** Every version of the trainees' entries, oldest first, with the entry's trainee, section and place. */
async function versionsOf(db: Db, internIds: number[]): Promise<VersionRow[]> {
  return db
    .select({
      internId: internEntries.internId,
      entryId: internEntries.id,
      section: internEntries.section,
      position: internEntries.position,
      id: internEntryVersions.id,
      kind: internEntryVersions.kind,
      data: internEntryVersions.data,
      previousData: internEntryVersions.previousData,
      createdAt: internEntryVersions.createdAt,
    })
    .from(internEntryVersions)
    .innerJoin(internEntries, eq(internEntries.id, internEntryVersions.entryId))
    .where(inArray(internEntries.internId, internIds))
    .orderBy(asc(internEntryVersions.entryId), asc(internEntryVersions.id));
}

/**
 * Trainees' sections as they stood just before `cutoff`, their references resolved, by trainee: one query
 * of versions and one of each kind of reference for them all (a re-upload rebuilds every trainee saved since
 * its download). A trainee with no entry then has empty sections.
 */
export async function sectionsOfManyAt(db: Db, repo: InternCardRepository, ids: number[], cutoff: Date) {
  const byEntry = new Map<number, VersionRow[]>();
  for (const version of ids.length > 0 ? await versionsOf(db, ids) : []) {
    const versions = byEntry.get(version.entryId);
    if (versions) versions.push(version);
    else byEntry.set(version.entryId, [version]);
  }
  const byIntern = new Map<number, EntryRow[]>(ids.map((id) => [id, []]));
  for (const versions of byEntry.values()) {
    const entry = entryAt(versions, cutoff);
    if (entry) byIntern.get(versions[0]!.internId)!.push(entry);
  }
  const sections = new Map(
    [...byIntern].map(([id, entries]) => [
      id,
      groupBySection(entries.sort((a, b) => a.position - b.position)),
    ]),
  );
  await resolveReferences(repo, db, [...sections.values()], { refuseUnknown: false });
  return sections;
}

/** A trainee's sections as they stood just before `cutoff`, their references resolved. */
export async function sectionsAt(db: Db, repo: InternCardRepository, id: number, cutoff: Date) {
  return (await sectionsOfManyAt(db, repo, [id], cutoff)).get(id)!;
}

/** The trainee's card as it stood at the end of the day; 404 before the trainee was entered. */
export async function internAsOf(
  db: Db,
  repo: InternCardRepository,
  id: number,
  day: string,
): Promise<Intern> {
  const cutoff = endOfDay(day);
  const [row] = await db
    .select({ id: interns.id, version: interns.version, isDeleted: interns.isDeleted })
    .from(interns)
    .where(and(eq(interns.id, id), lt(interns.createdAt, cutoff)));
  if (!row) throw new AppError(404, texts.internNotAsOf);
  const sections = await sectionsAt(db, repo, id, cutoff);
  const protocols = (await repo.protocolsOf(id)).filter((protocol) => protocol.createdAt < cutoff);
  return {
    Id: row.id,
    Version: row.version,
    FullName: fullNameOf(sections.PersonalInfo[0]),
    Status: deriveStatus(sections),
    IsDeleted: row.isDeleted,
    HasPendingImport: false,
    PendingImportRows: [],
    RegistrationNumbers: registrationNumbersOf(sections.Internships),
    ...sections,
    ChangeProtocols: protocols.map(toChangeProtocol),
    AsOf: day,
  };
}
