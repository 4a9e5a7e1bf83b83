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
