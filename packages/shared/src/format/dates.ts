/**
 * Dates are shown yyyy.MM.dd (docs/register-rules.md#how-values-are-written-and-shown). Takes the value form
 * yyyy-MM-dd.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[1]}.${match[2]}.${match[3]}` : value;
}

/** Date and time are shown yyyy.MM.dd HH:mm, in Moscow time, where the registry works. */
export function formatDateTime(value: string | Date | null | undefined, timeZone = 'Europe/Moscow'): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}.${parts.month}.${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The date value yyyy-MM-dd of a moment, in Moscow time. */
export function toDateValue(date: Date, timeZone = 'Europe/Moscow'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** True for a Saturday or a Sunday, given as yyyy-MM-dd: the days off of the five-day working week. */
export function isWeekendDate(value: string): boolean {
  const weekday = new Date(`${value}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

// Here, not beside the date schemas: the public pages read dates from the URL without loading zod.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written yyyy-MM-dd. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    y >= 1900 &&
    y <= 2100
  );
}
