import { and, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { basisDocuments, organizations } from '../../db/schema/index.js';
import { matchesTerm } from '../../lib/search.js';

/** What finds basis documents: words of their number or SRO's name, and their date's range. */
export interface DocumentsFilter {
  term?: string | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}

/**
 * The condition on `basis_documents` of a filter: a term matches a document's number or its SRO's name. The
 * SROs are looked up first, in a query of their own (there are a few dozen), so that the documents' query
 * names their ids: given a join or a subquery instead, the planner cannot tell one SRO from all of them, and
 * reads every document by date where the SROs' index would find theirs.
 */
export async function documentsMatching(db: Db, filter: DocumentsFilter): Promise<SQL | undefined> {
  const byNumber = matchesTerm(basisDocuments.searchKey, filter.term);
  let byTerm = byNumber;
  if (byNumber) {
    const named = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(matchesTerm(organizations.searchKey, filter.term));
    if (named.length > 0) {
      byTerm = or(
        byNumber,
        inArray(
          basisDocuments.organizationId,
          named.map((organization) => organization.id),
        ),
      );
    }
  }
  return and(
    byTerm,
    filter.from ? gte(basisDocuments.date, filter.from) : undefined,
    filter.to ? lte(basisDocuments.date, filter.to) : undefined,
  );
}
