import { snilsDigits, type ChangeReview } from '@registry/shared';
import type { Decisions } from './review-model';

/** An internship number as the register's key folds it (`registry_number_key`): spaces dropped, case and ё/е ignored. */
const numberKey = (value: unknown) =>
  typeof value === 'string' ? value.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, '') : '';

const snilsKey = (value: unknown) => (typeof value === 'string' ? snilsDigits(value) : null);

/** A key of the register another trainee holds, and who. */
export type RegisterRefusal = { key: 'snils' | 'internshipNumber'; holder: { Id: number; FullName: string } };

/**
 * What the register would refuse the row for as the operator has left it (docs/row-review.md «The register's
 * two keys»): the row's SNILS, held by another trainee (`SnilsHolder`), or its internship number, held by
 * another in the SRO (`ConflictingIntern`). Keeping the register's SNILS, correcting the value or leaving the
 * internship out is no refusal.
 */
export function registerRefusal(review: ChangeReview, decisions: Decisions): RegisterRefusal | null {
  const person = decisions.results.PersonalInfo;
  const rowSnils = snilsKey(review.PersonalInfo.New?.Snils);
  if (review.SnilsHolder && person && rowSnils !== null && snilsKey(person.Snils) === rowSnils)
    return { key: 'snils', holder: review.SnilsHolder };
  const internship = decisions.excluded.Internship ? null : decisions.results.Internship;
  const rowNumber = numberKey(review.Internship.New?.RegistryNumber);
  if (
    review.ConflictingIntern &&
    internship &&
    rowNumber &&
    numberKey(internship.RegistryNumber) === rowNumber
  )
    return { key: 'internshipNumber', holder: review.ConflictingIntern };
  return null;
}
