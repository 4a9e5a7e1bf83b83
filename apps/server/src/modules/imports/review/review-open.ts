import { ChangeStatus, snilsDigits, type ChangeReview } from '@registry/shared';
import type { CurrentAccount } from '../../../lib/session.js';
import { internSectionsAt, type InternChoice, type InternMatch } from '../../intern/intern.service.js';
import { filledPaths, unknownSchoolOf } from './filled-paths.js';
import { internshipChoices, mergeRow } from './merge.js';
import { claimOf } from './review-claims.js';
import { emptyRecord, findChange, recordOf, type ReviewDeps } from './review-rows.js';
import { pathsSinceDownload } from './since-export.js';

type Change = Awaited<ReturnType<typeof findChange>>;

/** The match in the payload's terms. */
function matchPart(
  match: InternMatch,
): Pick<
  ChangeReview,
  | 'Intern'
  | 'ConflictingIntern'
  | 'SnilsHolder'
  | 'ConflictingOrganization'
  | 'FoundByFullName'
  | 'MatchedBy'
  | 'Candidates'
> {
  const { intern, conflictingIntern: conflict, snilsHolder, conflictingOrganization: organization } = match;
  return {
    Intern: intern && {
      Id: intern.id,
      FullName: intern.fullName,
      Status: intern.status,
      Version: intern.version,
      IsDeleted: intern.isDeleted,
    },
    ConflictingIntern: conflict && { Id: conflict.id, FullName: conflict.fullName },
    SnilsHolder: snilsHolder && { Id: snilsHolder.id, FullName: snilsHolder.fullName },
    ConflictingOrganization: organization && { Id: organization.id, Name: organization.name },
    FoundByFullName: match.matchedBy === 'fullName',
    MatchedBy: match.matchedBy,
    Candidates: match.candidates.map((candidate) => ({
      Id: candidate.id,
      FullName: candidate.fullName,
      Status: candidate.status,
      Reasons: candidate.reasons,
    })),
  };
}

/** Finds the trainee the row is about, or takes the operator's choice. */
function matchRow(deps: ReviewDeps, change: Change, organizationId: number, choice: InternChoice) {
  const row = change.sections;
  const snils = row.PersonalInfo.Snils;
  // A row accepted into a trainee is shown beside that trainee unless another is asked for.
  const acceptedInto = change.status === ChangeStatus.Finished ? (change.internId ?? undefined) : undefined;
  return deps.matching.match(
    {
      snils: snils ? snilsDigits(snils) : null,
      fullName: change.fullName,
      dateOfBirth: row.PersonalInfo.DateOfBirth,
      organizationId,
      registryNumber: row.Internship.RegistryNumber,
      registerId: row.RegisterId ?? null,
    },
    choice ?? acceptedInto,
  );
}

/**
 * When the row's pre-filled file was downloaded and its trainee's version then, by the file's verified keys;
 * none unless the row is compared with the trainee its key names (an operator may choose another).
 */
function downloadOf(change: Change, internId: number | undefined) {
  const { exportedAt, exportedVersion } = change;
  if (!exportedAt || exportedVersion === null || internId !== change.sections.RegisterId) return null;
  return { at: exportedAt, version: exportedVersion };
}

/**
 * The row's sections with its school as the dictionary has it now, and the name of a school it still lacks.
 * A school unknown when the file was read may have been added since (by 'Добавить в справочник' on an
 * earlier row of the same file, say): the row then names that school and asks for no choice.
 */
async function withSchoolOfNow(deps: ReviewDeps, change: Change) {
  const unknown = unknownSchoolOf(change.headers, change.raw, change.sections.PersonalInfo.School);
  const school = unknown === null ? null : await deps.schools.findSameName(unknown);
  if (!school) return { sections: change.sections, unknownSchool: unknown };
  const PersonalInfo = { ...change.sections.PersonalInfo, School: school };
  return { sections: { ...change.sections, PersonalInfo }, unknownSchool: null };
}

/**
 * A row beside the trainee it is about (matched, chosen, or none for `new`), section by section; the row's
 * internship is `internshipId` when the operator chose one of the trainee's (`InternshipChoices`).
 */
export async function openChange(
  deps: ReviewDeps,
  ids: { importId: number; changeId: number },
  choice: InternChoice,
  account: CurrentAccount,
  internshipId?: number,
): Promise<ChangeReview> {
  const [progress, change] = await Promise.all([
    deps.imports.progress(ids.importId, account, ids.changeId),
    findChange(deps, ids.importId, ids.changeId),
  ]);
  const organizationId = progress.Organization.Id;
  const match = await matchRow(deps, change, organizationId, choice);
  const now = match.intern ? await recordOf(deps, match.intern.id) : { sections: emptyRecord, version: 0 };
  const record = now.sections;
  const { sections, unknownSchool } = await withSchoolOfNow(deps, change);
  const { paths, marks } = await pathsSinceDownload(
    sections,
    filledPaths(change.headers, change.raw),
    now,
    downloadOf(change, match.intern?.id),
    (at) => internSectionsAt(deps.db, match.intern!.id, at),
    organizationId,
  );
  const merged = mergeRow(sections, record, paths, organizationId, internshipId);
  const number = change.sections.Internship.RegistryNumber;
  return {
    Import: progress,
    ChangeId: change.id,
    RowNumber: change.rowNumber,
    ChangeStatus: change.status,
    Claim: claimOf(change, account),
    InternshipChoices: internshipChoices(record.Internships, organizationId, number).map((entry) => ({
      Id: entry.Id,
      RegistryNumber: entry.RegistryNumber,
      StartedAt: entry.StartedAt,
      Status: entry.Status,
    })),
    ...matchPart(match),
    ...merged,
    Notices: change.notices,
    SinceExport: marks && { ExportedAt: change.exportedAt!.toISOString(), ...marks },
    UnknownSchool: unknownSchool,
    ProcessedBy: change.processedBy,
    ProcessedAt: change.processedAt?.toISOString() ?? null,
    RejectionReason: change.rejectionReason,
  };
}
