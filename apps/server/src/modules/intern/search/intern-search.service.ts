import {
  AuditAction,
  formatSnils,
  isValidSnils,
  type InternSearchQuery,
  type InternSearchResult,
} from '@registry/shared';
import type { Actor, AuditRecorder } from '../../../lib/audit.js';
import { cappedPages, countCap, PAGE_SIZE } from '../../../lib/search.js';
import { prepareInternExport } from './intern-export.js';
import type { InternFilter } from './intern-search-filter.js';
import type { InternSearchRepository } from './intern-search.repository.js';

/**
 * The list's filter from its query. A term of digits is a SNILS: operators find by any part of its start,
 * the public only by a complete, valid one (docs/register-rules.md#the-public-card-and-list). Returns null
 * when nothing can match.
 */
export function toFilter(query: InternSearchQuery, isOperator: boolean): InternFilter | null {
  const filter: InternFilter = { status: query.status };
  if (isOperator) {
    filter.organizationId = query.org;
    filter.transfersOnly = query.transfer;
    // The public list is the register: a request for the deleted is ignored there, not answered.
    if (query.deleted) filter.deleted = true;
    filter.details = true;
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

/** The trainee list (operators' and public) and its export. */
/** The export's filter as the journal notes it: what was asked for, as it was asked. */
function exportQueryOf(query: InternSearchQuery): Record<string, string> {
  const { page: _page, ...filter } = query;
  const noted: Record<string, string> = {};
  for (const [name, value] of Object.entries(filter)) if (value) noted[name] = String(value);
  return noted;
}

export function createInternSearchService(repo: InternSearchRepository, audit: AuditRecorder) {
  return {
    /**
     * A page of the list in alphabetical order. It counts only as far as the pagination can show, so that a
     * list of a million trainees costs no more than one of a thousand; `HasMore` says more pages follow. The
     * page and the count are the only two queries, run side by side.
     */
    async search(query: InternSearchQuery, isOperator: boolean): Promise<InternSearchResult> {
      const filter = toFilter(query, isOperator);
      if (!filter) return { ...cappedPages(query.page, 0), Results: [] };
      const [total, rows] = await Promise.all([
        repo.countUpTo(filter, countCap(query.page)),
        repo.searchPage(filter, PAGE_SIZE, query.page * PAGE_SIZE),
      ]);
      return {
        ...cappedPages(query.page, total),
        Results: rows.map((row) => ({
          Id: row.id,
          FullName: row.fullName,
          Status: row.status,
          RegistrationNumbers: row.registrationNumbers,
          IsDeleted: row.isDeleted,
          // Never in the public answer: not even as null (docs/register-rules.md#the-public-card-and-list).
          ...(isOperator && {
            Snils: row.snils === null ? null : formatSnils(row.snils),
            DateOfBirth: row.dateOfBirth,
          }),
        })),
      };
    },

    /**
     * The operators' export of the list: its first batch read, and the writer of the rest. It exports what the
     * list shows, so with `deleted=true` the deleted trainees.
     */
    /** The export of the list the query finds; the journal notes who exported what. */
    prepareExport: async (query: InternSearchQuery, actor: Actor) => {
      await audit.record(null, actor, {
        action: AuditAction.InternsExported,
        organizationId: query.org ?? null,
        detail: { Query: exportQueryOf(query) },
      });
      const filter = toFilter(query, true)!;
      const batchOf: InternSearchRepository['batchOf'] = (ids, withNumbers) =>
        repo.batchOf(ids, withNumbers, filter.deleted === true);
      return prepareInternExport({ ...repo, batchOf }, filter, query.full);
    },

    countActive: () => repo.countActive(),
  };
}

export type InternSearchService = ReturnType<typeof createInternSearchService>;
