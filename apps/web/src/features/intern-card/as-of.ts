import { toDateValue } from '@registry/shared';
import { paths } from '@/config/paths';
import { hrefWithParam, useUrlState, type UrlPlace } from '@/lib/use-url-state';

/*
 * 'The register as of a date': the card shown read-only as the register held it at the end of a day. The day
 * lives in the URL (`?asOf=yyyy-MM-dd`), so that the view can be linked to and Back leaves it.
 */

/** The query parameter of the day a card is shown as of. */
export const AS_OF_PARAM = 'asOf';

/** True for a real calendar day written `yyyy-MM-dd`. */
export function isDayValue(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The day (`yyyy-MM-dd`, Moscow time, as the registry keeps its days) of a moment. */
export const dayOf = (moment: string | Date): string => toDateValue(new Date(moment));

/** Today in Moscow time, `yyyy-MM-dd`. */
export const today = (): string => dayOf(new Date());

/** The link to a card's section, as of a day when one is given. */
export function asOfHref(id: number, slug: string, day: string | null): string {
  const href = paths.internCard.href(id, slug);
  return day === null ? href : `${href}?${new URLSearchParams({ [AS_OF_PARAM]: day }).toString()}`;
}

/** The `?asOf=` of the current URL (null when absent), and a way to set it or (null) remove it. */
export function useAsOf() {
  const { state: asOf, change } = useUrlState(readAsOf, asOfHere);
  // A new history entry each time: Back returns to the view the operator came from.
  const showAsOf = (day: string | null) => change(() => day);
  return { asOf, showAsOf };
}

const readAsOf = (search: URLSearchParams) => search.get(AS_OF_PARAM);
const asOfHere = (day: string | null, here: UrlPlace) => hrefWithParam(here, AS_OF_PARAM, day);
