import { isWeekendDate } from '@registry/shared';

/** Moscow has kept UTC+3 all year since 2014; the registry's working days are Moscow's. */
const MOSCOW_OFFSET = '+03:00';
const DAY_MS = 86_400_000;

/**
 * The days that break the five-day week, as the operators keep them in the dictionaries 'Праздничные дни'
 * and 'Рабочие дни (переносы)' (values yyyy-MM-dd).
 */
export interface WorkCalendar {
  holidays: ReadonlySet<string>;
  /** Saturdays and Sundays a decree made working days. */
  workingWeekends: ReadonlySet<string>;
}

function moscowDate(moment: Date): string {
  return new Date(moment.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** A day (yyyy-MM-dd) is working if a decree made it so, or if it is a weekday and not a holiday. */
export function isWorkingDay(date: string, calendar: WorkCalendar): boolean {
  return calendar.workingWeekends.has(date) || (!isWeekendDate(date) && !calendar.holidays.has(date));
}

/**
 * The entry deadline of an import: the end (23:59:59 Moscow time) of the `workingDays`-th working day
 * after the day of upload, by the calendar the operators keep.
 */
export function entryDeadline(uploadedAt: Date, workingDays: number, calendar: WorkCalendar): Date {
  let date = moscowDate(uploadedAt);
  for (let counted = 0; counted < workingDays;) {
    date = nextDate(date);
    if (isWorkingDay(date, calendar)) counted++;
  }
  return new Date(`${date}T23:59:59.999${MOSCOW_OFFSET}`);
}

/** Days left until the deadline, rounded up: 0 or less means overdue. */
export function daysLeft(deadline: Date, now: Date): number {
  const days = Math.ceil((deadline.getTime() - now.getTime()) / DAY_MS);
  return days === 0 ? 0 : days; // never -0, which JSON writes as 0 but comparisons tell apart
}
