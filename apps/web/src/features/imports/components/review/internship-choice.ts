import {
  formatDate,
  IdSchema,
  internshipStatuses,
  type ChangeReview,
  type InternshipStatus,
} from '@registry/shared';
import { hrefWithParam, type UrlPlace } from '@/lib/use-url-state';

/*
 * Which of the trainee's internships in the import's SRO a row goes into, when its number does not tell
 * (docs/row-review.md «Which internship, when the number does not tell»). The choice is the URL's
 * `?internship=`, so that it stays while the operator stays on the row and goes with another row or trainee.
 */

/** The URL's parameter of the choice. */
export const INTERNSHIP_PARAM = 'internship';

/** The chosen internship's id from the URL's parameter; anything but an id is no choice. */
export function chosenInternship(value: string | null): number | undefined {
  const id = IdSchema.safeParse(value ?? undefined);
  return id.success ? id.data : undefined;
}

export const readInternship = (search: URLSearchParams) => chosenInternship(search.get(INTERNSHIP_PARAM));

/** The row's link with an internship chosen (undefined: none), the rest of its query kept. */
export const internshipHref = (id: number | undefined, here: UrlPlace) =>
  hrefWithParam(here, INTERNSHIP_PARAM, id === undefined ? null : String(id));

type Choice = ChangeReview['InternshipChoices'][number];

/** An internship as the choice offers it: 'СЗО-3 · начата 2024.01.01 · Проводится'. */
export function internshipChoiceLabel(choice: Choice): string {
  return [
    choice.RegistryNumber ? `№ ${choice.RegistryNumber}` : 'без номера',
    choice.StartedAt ? `начата ${formatDate(choice.StartedAt)}` : 'дата начала не указана',
    internshipStatuses.label(choice.Status as InternshipStatus),
  ].join(' · ');
}

/**
 * What the internship section says and offers of the choice: whether the row's internship merges several of
 * the trainee's (IsCumulative, until one is chosen), the internships to choose from (none when the number
 * tells), and the one chosen, if it is among them.
 */
export function internshipChoiceOf(review: ChangeReview, chosen: number | undefined) {
  const options = review.InternshipChoices.map((choice) => ({
    id: choice.Id,
    label: internshipChoiceLabel(choice),
  }));
  return {
    isCumulative: review.Internship.New?.IsCumulative === true,
    options,
    chosen: options.some((option) => option.id === chosen) ? chosen : undefined,
  };
}
