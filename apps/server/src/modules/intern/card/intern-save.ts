import {
  internSectionKeys,
  internSections,
  texts,
  type InternSectionKey,
  type InternSections,
  type Internship,
  type SectionEntry,
} from '@registry/shared';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/audit.js';
import { AppError } from '../../../lib/app-error.js';
import { jsonEqual } from '../../../lib/stable-json.js';
import type { EntryRow, HistoryKindValue, InternCardRepository } from './intern-card.repository.js';
import { resolveReferences } from './intern-references.js';
import { claimRegisterKeys } from './intern-register-keys.js';
import { fullNameOf } from '@registry/shared';
import { deriveStatus, latestDate, snilsOf } from './intern-rules.js';
import { groupBySection } from './intern-sections.js';

/** A save of a card, from the operator's form or from an accepted import row. */
export interface SaveRequest {
  internId: number | null;
  version?: number | undefined;
  isCorrecting: boolean;
  sections: Partial<InternSections>;
  protocol: { number: string; date: string; outgoingNumber: string | null; outgoingDate: string | null };
  /** Set when the changes come from an import row: the import, its SRO and the row. */
  source?: { importId: number; organizationId: number; changeId: number };
  operatorId: number;
  /** Who saves, for the audit journal; a save without one (the demo seed) is not journalled. */
  actor?: Actor;
}

/** What one save does inside its transaction: the trainee, and the protocol written on first need. */
interface SaveContext {
  tx: Db;
  repo: InternCardRepository;
  request: SaveRequest;
  internId: number;
  protocolId: () => Promise<number>;
}

/** An entry as stored: the contract's shape without its identity and place. */
function storedData(entry: SectionEntry): Record<string, unknown> {
  const { Id: _id, Entry_Id: _position, ...data } = entry;
  return data;
}

/** The indexed columns of the internships of the current state. */
function internshipFactsOf(internId: number, internships: Internship[]) {
  return internships.map((internship) => ({
    entryId: internship.Id,
    internId,
    organizationId: internship.Organization!.Id,
    status: internship.Status,
    registryNumber: internship.RegistryNumber,
    startedAt: internship.StartedAt,
    endedAt: latestDate(internship.MiscInfo, (misc) => misc.EndedAt),
    pausedAt: latestDate(internship.PauseInfo, (pause) => pause.PausedAt),
    resumedAt: latestDate(internship.ResumeInfo, (resume) => resume.ResumedAt),
  }));
}

/** Every dated pause of the internships of the current state, for statistics. */
function internshipPausesOf(internId: number, internships: Internship[]) {
  return internships.flatMap((internship) =>
    internship.PauseInfo.flatMap((pause) =>
      pause.PausedAt
        ? [
            {
              entryId: internship.Id,
              internId,
              organizationId: internship.Organization!.Id,
              pausedAt: pause.PausedAt,
            },
          ]
        : [],
    ),
  );
}

/** Refuses a section's new list that names entries the trainee lacks, or adds or removes while correcting. */
function checkSection(
  request: SaveRequest,
  section: InternSectionKey,
  sent: SectionEntry[],
  current: EntryRow[],
) {
  const known = new Set(current.map((row) => row.id));
  const missing = sent.filter((entry) => entry.Id > 0 && !known.has(entry.Id)).map((entry) => entry.Id);
  if (missing.length > 0) {
    const title = internSections[section].title;
    throw new AppError(
      404,
      texts.invalidRequest,
      missing.map((id) => texts.entryNotFound(title, id)),
    );
  }
  const sentIds = new Set(sent.map((entry) => entry.Id));
  const removed = current.filter((row) => !sentIds.has(row.id));
  const created = sent.filter((entry) => entry.Id <= 0);
  if (request.isCorrecting && created.length > 0) throw new AppError(400, texts.addingInCorrection);
  if (request.isCorrecting && removed.length > 0) throw new AppError(400, texts.removingInCorrection);
  return { removed, created };
}

/** Applies one section's new list of entries; returns whether anything in the section changed. */
async function applySection(
  context: SaveContext,
  section: InternSectionKey,
  sent: SectionEntry[],
  current: EntryRow[],
) {
  const { tx, repo, request, internId } = context;
  const { removed, created } = checkSection(request, section, sent, current);
  const byId = new Map(current.map((row) => [row.id, row]));
  const version = async (
    entryId: number,
    kind: HistoryKindValue,
    data: Record<string, unknown>,
    previous: Record<string, unknown> | null,
  ) =>
    repo.insertVersion(tx, {
      entryId,
      kind,
      data,
      previousData: previous,
      protocolId: await context.protocolId(),
      operatorId: request.operatorId,
    });

  let changed = removed.length > 0 || created.length > 0;
  for (const [index, entry] of sent.entries()) {
    const position = index + 1;
    const data = storedData(entry);
    if (entry.Id <= 0) {
      await version(await repo.insertEntry(tx, { internId, section, position, data }), 'initial', data, null);
      continue;
    }
    const before = byId.get(entry.Id)!;
    if (jsonEqual(before.data, data)) {
      if (before.position !== position) await repo.updateEntry(tx, entry.Id, { position });
      continue;
    }
    changed = true;
    await repo.updateEntry(tx, entry.Id, { position, data });
    if (request.isCorrecting) await repo.amendLatestVersion(tx, entry.Id, data);
    await version(entry.Id, request.isCorrecting ? 'correction' : 'change', data, before.data);
  }
  for (const row of removed) {
    await repo.removeEntry(tx, row.id);
    await version(row.id, 'removal', row.data, row.data);
  }
  return changed;
}

/** Recomputes what lists and filters read from the whole current state of the trainee. */
async function refreshProjection(tx: Db, repo: InternCardRepository, internId: number, version: number) {
  const sections = groupBySection(await repo.currentEntries(tx, internId));
  const facts = internshipFactsOf(internId, sections.Internships);
  await repo.replaceFacts(tx, internId, facts, internshipPausesOf(internId, sections.Internships));
  const first = sections.PersonalInfo[0];
  const snils = snilsOf(first);
  await claimRegisterKeys(tx, repo, { id: internId, snils }, (savepoint) =>
    repo.updateProjection(savepoint, internId, {
      fullName: fullNameOf(first),
      snils,
      status: deriveStatus(sections),
      organizationCount: new Set(facts.map((fact) => fact.organizationId)).size,
      version,
    }),
  );
}

/** The trainee a save writes to: a new one, or the existing one locked at the version the save was made from. */
async function targetOf(tx: Db, repo: InternCardRepository, request: SaveRequest) {
  if (request.internId === null) {
    if (!request.sections.PersonalInfo?.length) throw new AppError(400, texts.personalInfoRequired);
    if (request.isCorrecting) throw new AppError(400, texts.addingInCorrection);
    return { internId: await repo.insertIntern(tx), version: 1 };
  }
  const locked = await repo.lock(tx, request.internId);
  if (!locked) throw new AppError(404, texts.internNotFound);
  if (request.version === undefined) throw new AppError(400, texts.versionRequired);
  if (locked.version !== request.version) throw new AppError(409, texts.staleIntern);
  if (request.sections.PersonalInfo?.length === 0) throw new AppError(400, texts.personalInfoRequired);
  return { internId: request.internId, version: locked.version + 1 };
}

/** The save's change protocol, written only once something is known to change, and then only once. */
function protocolWriter(tx: Db, repo: InternCardRepository, request: SaveRequest, internId: number) {
  let protocol: Promise<number> | null = null;
  return () =>
    (protocol ??= repo.insertProtocol(tx, {
      internId,
      importId: request.source?.importId ?? null,
      importChangeId: request.source?.changeId ?? null,
      organizationId: request.source?.organizationId ?? null,
      number: request.protocol.number,
      date: request.protocol.date,
      outgoingNumber: request.protocol.outgoingNumber,
      outgoingDate: request.protocol.outgoingDate,
      isCorrection: request.isCorrecting,
      operatorId: request.operatorId,
    }));
}

/**
 * A save inside the caller's transaction: new entries get their first version, changed ones a new version
 * (or, when correcting, an amended one and a correction record), left-out ones are removed; one change
 * protocol is the basis of them all. A save made from an older version than the stored one is refused. With
 * `allowUnchanged` a save that changes nothing writes nothing and says so instead of refusing (an accepted
 * import row equal to the record).
 */
export async function saveIn(
  tx: Db,
  repo: InternCardRepository,
  request: SaveRequest,
  options: { allowUnchanged?: boolean } = {},
): Promise<{ internId: number; modified: InternSectionKey[]; protocolId: number | null }> {
  const { internId, version } = await targetOf(tx, repo, request);
  await resolveReferences(repo, tx, request.sections, { refuseUnknown: true });
  const context: SaveContext = {
    tx,
    repo,
    request,
    internId,
    protocolId: protocolWriter(tx, repo, request, internId),
  };
  const sentSections = internSectionKeys.filter((key) => request.sections[key] !== undefined);
  const current = await repo.currentEntries(tx, internId, sentSections);
  const modified: InternSectionKey[] = [];
  for (const section of sentSections) {
    const rows = current.filter((row) => row.section === section);
    if (await applySection(context, section, request.sections[section]!, rows)) modified.push(section);
  }
  if (modified.length === 0) {
    if (options.allowUnchanged) return { internId, modified, protocolId: null };
    throw new AppError(400, texts.nothingToSave);
  }
  const protocolId = await context.protocolId();
  await repo.setProtocolSections(tx, protocolId, modified);
  await refreshProjection(tx, repo, internId, version);
  return { internId, modified, protocolId };
}
