import type { InternSections } from '@registry/shared';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { texts } from '@registry/shared';
import type { InternCardRepository } from './intern-card.repository.js';

type Ref = { Id: number; Name?: string; Value?: string };

/** Where the sections point into other tables, and what such a table is called in a message. */
const referenceKinds = [
  { kind: 'organizations', what: 'СРО', field: 'Name' },
  { kind: 'schools', what: 'Учебное заведение', field: 'Name' },
  { kind: { dictionary: 'termination-reasons' }, what: 'Основание прекращения стажировки', field: 'Value' },
  { kind: { dictionary: 'addresses' }, what: 'Адрес', field: 'Value' },
] as const;

/** Every reference in the given sections, by the index of its kind in `referenceKinds`. */
function collect(cards: Partial<InternSections>[]): Ref[][] {
  const found: Ref[][] = referenceKinds.map(() => []);
  const add = (index: number, ref: unknown) => {
    if (ref && typeof ref === 'object' && 'Id' in ref) found[index]!.push(ref as Ref);
  };
  for (const sections of cards) {
    for (const info of sections.PersonalInfo ?? []) add(1, info.School);
    for (const internship of sections.Internships ?? []) {
      add(0, internship.Organization);
      add(2, internship.EndBasis);
      for (const misc of internship.MiscInfo) add(3, misc.Address);
    }
  }
  return found;
}

/**
 * Checks that every SRO, school and dictionary value the sections point to exists, and writes its current
 * name into the reference, so that a renamed SRO shows its new name everywhere. With `refuseUnknown` a
 * missing one is an error listing them all; otherwise (reading) the stored name is kept. Several trainees'
 * sections are resolved together, a query a kind for them all.
 */
export async function resolveReferences(
  repo: InternCardRepository,
  tx: Db,
  sections: Partial<InternSections> | Partial<InternSections>[],
  options: { refuseUnknown: boolean },
) {
  const found = collect(Array.isArray(sections) ? sections : [sections]);
  const problems: string[] = [];
  // One kind after another: `tx` may be a transaction's single connection, where node-postgres refuses
  // (and pg 9 will fail) queries sent before the previous one has answered.
  for (const [index, { kind, what, field }] of referenceKinds.entries()) {
    const refs = found[index]!;
    const names = await repo.existingIds(tx, kind, [...new Set(refs.map((ref) => ref.Id))]);
    for (const ref of refs) {
      const name = names.get(ref.Id);
      if (name !== undefined) ref[field] = name;
      else if (options.refuseUnknown) problems.push(texts.unknownReference(what, ref.Id));
    }
  }
  if (problems.length > 0) throw new AppError(400, texts.invalidRequest, [...new Set(problems)]);
}
