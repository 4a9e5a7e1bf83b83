import type { InternSchema } from '@registry/shared';
import {
  isValidSnils,
  internSectionKeys,
  internSections,
  texts,
  type Intern,
  type InternSearchQuery,
  type InternSearchResult,
  type InternSectionKey,
  type Internship,
  type PublicIntern,
} from '@registry/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { stableJson } from '../../lib/stable-json.js';
import { toChangeProtocol } from './change-protocols.js';
import { resolveReferences } from './intern-references.js';
import { deriveStatus, fullNameOf, latestDate, snilsOf } from './intern-rules.js';
import { PAGE_SIZE } from '../../lib/search.js';
import type { EntryRow, HistoryKindValue, InternFilter, InternRepository } from './intern.repository.js';

type Entry = Record<string, unknown> & { Id: number };
type SectionData = Partial<Record<InternSectionKey, Entry[]>>;

/** A save of a card, from the operator's form or (later) from an accepted import row. */
export interface SaveRequest {
  internId: number | null;
  version?: number | undefined;
  isCorrecting: boolean;
  sections: SectionData;
  protocol: { number: string; date: string; outgoingNumber: string | null; outgoingDate: string | null };
  /** Set when the changes come from an import row: the import and its SRO. */
  source?: { importId: number; organizationId: number; changeId: number };
  operatorId: number;
}

/** An entry as stored: the contract's shape without its identity and place. */
function storedData(entry: Entry): Record<string, unknown> {
  const { Id: _id, Entry_Id: _position, ...data } = entry;
  return data;
}

function parseEntry(section: InternSectionKey, row: Pick<EntryRow, 'id' | 'position' | 'data'>): Entry {
  return internSections[section].schema.parse({ ...row.data, Id: row.id, Entry_Id: row.position }) as Entry;
}

function groupBySection(rows: EntryRow[]): Record<InternSectionKey, Entry[]> {
  const grouped = Object.fromEntries(internSectionKeys.map((key) => [key, [] as Entry[]])) as Record<
    InternSectionKey,
    Entry[]
  >;
  for (const row of rows) {
    const section = row.section as InternSectionKey;
    if (section in grouped) grouped[section].push(parseEntry(section, row));
  }
  return grouped;
}

/** The indexed columns of the internships of the current state. */
function internshipFactsOf(internId: number, internships: Entry[]) {
  return (internships as unknown as (Internship & { Id: number })[]).map((internship) => ({
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

/** How many pages ahead of the current one the list counts: its pagination shows up to 10 page links. */
const PAGES_AHEAD = 10;

/**
 * The list's filter from its query. A term of digits is a SNILS: operators find by any part of its start,
 * the public only by a complete, valid one (DESIGN.md §6). Returns null when nothing can match.
 */
export function toFilter(query: InternSearchQuery, isOperator: boolean): InternFilter | null {
  const filter: InternFilter = { status: query.status };
  if (isOperator) {
    filter.organizationId = query.org;
    filter.transfersOnly = query.transfer;
  }
  const term = query.term;
  if (term && /^[\d\s-]+$/.test(term) && /\d/.test(term)) {
    const digits = term.replace(/\D/g, '');
    const exact = digits.length === 11;
    if (!isOperator && !(exact && isValidSnils(digits))) return null;
    if (digits.length > 11) return null;
    filter.snils = { digits, exact };
  } else {
    filter.term = term;
  }
  return filter;
}

export function createInternService(db: Db, repo: InternRepository) {
  /** Applies one section's new list of entries; returns whether anything in the section changed. */
  async function applySection(
    tx: Db,
    request: SaveRequest & { internId: number },
    section: InternSectionKey,
    sent: Entry[],
    current: EntryRow[],
    protocolId: () => Promise<number>,
  ): Promise<boolean> {
    const title = internSections[section].title;
    const byId = new Map(current.map((row) => [row.id, row]));
    const sentIds = new Set(sent.filter((entry) => entry.Id > 0).map((entry) => entry.Id));
    const missing = [...sentIds].filter((id) => !byId.has(id));
    if (missing.length > 0) {
      throw new AppError(
        404,
        texts.invalidRequest,
        missing.map((id) => texts.entryNotFound(title, id)),
      );
    }
    const removed = current.filter((row) => !sentIds.has(row.id));
    const created = sent.filter((entry) => entry.Id <= 0);
    if (request.isCorrecting && created.length > 0) throw new AppError(400, texts.addingInCorrection);
    if (request.isCorrecting && removed.length > 0) throw new AppError(400, texts.removingInCorrection);

    let changed = removed.length > 0 || created.length > 0;
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
        protocolId: await protocolId(),
        operatorId: request.operatorId,
      });

    for (const [index, entry] of sent.entries()) {
      const position = index + 1;
      const data = storedData(entry);
      if (entry.Id <= 0) {
        const entryId = await repo.insertEntry(tx, { internId: request.internId, section, position, data });
        await version(entryId, 'initial', data, null);
        continue;
      }
      const before = byId.get(entry.Id)!;
      const isChanged = stableJson(before.data) !== stableJson(data);
      if (!isChanged) {
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
  async function refreshProjection(tx: Db, internId: number, version: number) {
    const sections = groupBySection(await repo.currentEntries(tx, internId));
    const facts = internshipFactsOf(internId, sections.Internships);
    await repo.replaceFacts(tx, internId, facts);
    const first = sections.PersonalInfo[0] as Parameters<typeof fullNameOf>[0] &
      Parameters<typeof snilsOf>[0];
    await repo.updateProjection(tx, internId, {
      fullName: fullNameOf(first),
      snils: snilsOf(first),
      status: deriveStatus(sections as unknown as Parameters<typeof deriveStatus>[0]),
      organizationCount: new Set(facts.map((fact) => fact.organizationId)).size,
      version,
    });
  }

  const service = {
    /**
     * Saves a card in one transaction: new entries get their first version, changed ones a new version (or,
     * when correcting, an amended one and a correction record), left-out ones are removed; one change
     * protocol is the basis of them all. A save made from an older version than the stored one is refused.
     */
    async save(request: SaveRequest): Promise<number> {
      const saved = await db.transaction((tx) => service.saveIn(tx, request));
      return saved.internId;
    },

    /**
     * A save inside the caller's transaction: an accepted import row is written exactly as a card save, in
     * the same transaction that marks the row handled. With `allowUnchanged` a save that changes nothing
     * writes nothing and says so instead of refusing.
     */
    async saveIn(
      tx: Db,
      request: SaveRequest,
      options: { allowUnchanged?: boolean } = {},
    ): Promise<{ internId: number; modified: InternSectionKey[] }> {
      const sentSections = internSectionKeys.filter((key) => request.sections[key] !== undefined);
      let internId = request.internId;
      let version = 1;
      if (internId === null) {
        if (!request.sections.PersonalInfo?.length) throw new AppError(400, texts.personalInfoRequired);
        if (request.isCorrecting) throw new AppError(400, texts.addingInCorrection);
        internId = await repo.insertIntern(tx);
      } else {
        const locked = await repo.lock(tx, internId);
        if (!locked) throw new AppError(404, texts.internNotFound);
        if (request.version === undefined) throw new AppError(400, texts.versionRequired);
        if (locked.version !== request.version) throw new AppError(409, texts.staleIntern);
        version = locked.version + 1;
        if (request.sections.PersonalInfo?.length === 0) throw new AppError(400, texts.personalInfoRequired);
      }

      await resolveReferences(repo, tx, request.sections, { refuseUnknown: true });

      // The protocol is written only once something is known to change, and then only once.
      let protocol: Promise<number> | null = null;
      const modified: InternSectionKey[] = [];
      const protocolId = () =>
        (protocol ??= repo.insertProtocol(tx, {
          internId: internId!,
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

      const current = await repo.currentEntries(tx, internId, sentSections);
      for (const section of sentSections) {
        const changed = await applySection(
          tx,
          { ...request, internId },
          section,
          request.sections[section]!,
          current.filter((row) => row.section === section),
          protocolId,
        );
        if (changed) modified.push(section);
      }
      if (modified.length === 0) {
        if (options.allowUnchanged) return { internId, modified };
        throw new AppError(400, texts.nothingToSave);
      }
      await repo.setProtocolSections(tx, await protocolId(), modified);
      await refreshProjection(tx, internId, version);
      return { internId, modified };
    },

    /**
     * The current entries of some sections of a trainee, with their references' current names, and the
     * trainee's own row: what a row review compares an uploaded row with.
     */
    async sectionsOf(id: number, sections: InternSectionKey[]) {
      const row = await repo.find(id);
      if (!row) return null;
      const grouped = groupBySection(await repo.currentEntries(db, id, sections));
      await resolveReferences(repo, db, grouped, { refuseUnknown: false });
      return { intern: row, sections: grouped };
    },

    /** The whole trainee as an operator sees it. */
    async get(id: number): Promise<Intern> {
      const row = await repo.find(id);
      if (!row) throw new AppError(404, texts.internNotFound);
      const [entries, protocols, pendingImportRows] = await Promise.all([
        repo.currentEntries(db, id),
        repo.protocolsOf(id),
        repo.pendingImportRows(row.snils),
      ]);
      const sections = groupBySection(entries);
      await resolveReferences(repo, db, sections, { refuseUnknown: false });
      return {
        Id: row.id,
        Version: row.version,
        FullName: row.fullName,
        Status: row.status,
        IsDeleted: row.isDeleted,
        HasPendingImport: pendingImportRows.length > 0,
        PendingImportRows: pendingImportRows,
        RegistrationNumbers: row.registrationNumbers,
        ...(sections as unknown as Pick<Intern, InternSectionKey>),
        ChangeProtocols: protocols.map(toChangeProtocol),
      };
    },

    /** What the public registry shows of a trainee: names, numbers, supervisors' names, internships. */
    async getPublic(id: number): Promise<PublicIntern> {
      const intern = await service.get(id);
      if (intern.IsDeleted) throw new AppError(404, texts.internNotFound);
      return {
        Id: intern.Id,
        FullName: intern.FullName,
        Status: intern.Status,
        RegistrationNumbers: intern.RegistrationNumbers,
        PersonalInfo: intern.PersonalInfo.map(({ Id, LastName, FirstName, PatronymicName }) => ({
          Id,
          LastName,
          FirstName,
          PatronymicName,
        })),
        Supervisors: intern.Supervisors.map(
          ({ Id, LastName, FirstName, PatronymicName, CadastreNumber }) => ({
            Id,
            LastName,
            FirstName,
            PatronymicName,
            CadastreNumber,
          }),
        ),
        Internships: intern.Internships,
        InternshipSteps: intern.InternshipSteps,
      };
    },

    async setDeleted(id: number, isDeleted: boolean): Promise<Intern> {
      if (!(await repo.setDeleted(id, isDeleted))) throw new AppError(404, texts.internNotFound);
      return service.get(id);
    },

    /**
     * A page of the list in alphabetical order. It counts only as far as the pagination can show, so that a
     * list of a million trainees costs no more than one of a thousand; `HasMore` says more pages follow. The
     * page and the count are the only two queries, run side by side.
     */
    async search(query: InternSearchQuery, isOperator: boolean): Promise<InternSearchResult> {
      const filter = toFilter(query, isOperator);
      if (!filter) return { Page: query.page, TotalPages: 0, HasMore: false, Results: [] };
      const cap = (query.page + PAGES_AHEAD) * PAGE_SIZE + 1;
      const [total, rows] = await Promise.all([
        repo.countUpTo(filter, cap),
        repo.searchPage(filter, PAGE_SIZE, query.page * PAGE_SIZE),
      ]);
      return {
        Page: query.page,
        TotalPages: Math.ceil(Math.min(total, cap - 1) / PAGE_SIZE),
        HasMore: total >= cap,
        Results: rows.map((row) => ({
          Id: row.id,
          FullName: row.fullName,
          Status: row.status,
          RegistrationNumbers: row.registrationNumbers,
          IsDeleted: row.isDeleted,
        })),
      };
    },
  };
  return service;
}

export type InternService = ReturnType<typeof createInternService>;
export type InternResponse = z.input<typeof InternSchema>;
