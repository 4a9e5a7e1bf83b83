import { InternshipStatus, texts, type Intern, type Internship } from '@registry/shared';
import { and, asc, eq, lt } from 'drizzle-orm';
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

/** Every version of a trainee's entries, oldest first, with the entry's section and place. */
async function versionsOf(db: Db, internId: number): Promise<VersionRow[]> {
  return db
    .select({
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
    .where(eq(internEntries.internId, internId))
    .orderBy(asc(internEntryVersions.entryId), asc(internEntryVersions.id));
}

/** A trainee's sections as they stood just before `cutoff`, their references resolved. */
export async function sectionsAt(db: Db, repo: InternCardRepository, id: number, cutoff: Date) {
  const byEntry = new Map<number, VersionRow[]>();
  for (const version of await versionsOf(db, id)) {
    byEntry.set(version.entryId, [...(byEntry.get(version.entryId) ?? []), version]);
  }
  const entries = [...byEntry.values()].flatMap((versions) => entryAt(versions, cutoff) ?? []);
  const sections = groupBySection(entries.sort((a, b) => a.position - b.position));
  await resolveReferences(repo, db, sections, { refuseUnknown: false });
  return sections;
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
