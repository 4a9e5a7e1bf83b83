/** Moscow has kept UTC+3 all year since 2014; the registry's working days are Moscow's. */
const MOSCOW_OFFSET = '+03:00';
const DAY_MS = 86_400_000;

function moscowDate(moment: Date): string {
  return new Date(moment.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The entry deadline of an import: the end (23:59:59 Moscow time) of the `workingDays`-th working day
 * after the day of upload, skipping weekends and the public holidays the operators keep in the dictionary.
 */
export function entryDeadline(uploadedAt: Date, workingDays: number, holidays: ReadonlySet<string>): Date {
  let date = moscowDate(uploadedAt);
  for (let counted = 0; counted < workingDays;) {
    date = nextDate(date);
    if (!isWeekend(date) && !holidays.has(date)) counted++;
  }
  return new Date(`${date}T23:59:59.999${MOSCOW_OFFSET}`);
}

/** Days left until the deadline, rounded up: 0 or less means overdue. */
export function daysLeft(deadline: Date, now: Date): number {
  const days = Math.ceil((deadline.getTime() - now.getTime()) / DAY_MS);
  return days === 0 ? 0 : days; // never -0, which JSON writes as 0 but comparisons tell apart
}
