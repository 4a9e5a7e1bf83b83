/**
 * The production calendar of the Russian Federation for the five-day working week, as shipped to every
 * database by the migration `*_production-calendar.sql`, whose SQL is generated from this table
 * (`productionCalendarSql`; production-calendar.test.ts keeps the two equal and checks every day's weekday).
 * Later years, and corrections, are the operators' to make in the dictionaries 'Праздничные дни' and
 * 'Рабочие дни (переносы)': a change here needs a new migration, since a shipped one never runs again.
 */

export type Weekday = 'пн' | 'вт' | 'ср' | 'чт' | 'пт' | 'сб' | 'вс';
/** A day `yyyy-MM-dd` with its weekday written out, so that a reader checks it against the decree's text. */
export type CalendarDay = readonly [date: string, weekday: Weekday];

export interface CalendarYear {
  year: number;
  /** The act the year follows; null where no decree was checked and the year follows the Labour Code alone. */
  decree: string | null;
  /**
   * Non-working days: every holiday of art. 112 of the Labour Code, on a weekend too, and the days off moved
   * onto weekdays (by the Code from a holiday on a weekend, or by the decree).
   */
  holidays: readonly CalendarDay[];
  /** Saturdays and Sundays the decree made working days. */
  workingDays: readonly CalendarDay[];
}

export const productionCalendar: readonly CalendarYear[] = [
  {
    year: 2024,
    decree: 'постановление Правительства РФ от 10.08.2023 № 1310',
    holidays: [
      ['2024-01-01', 'пн'],
      ['2024-01-02', 'вт'],
      ['2024-01-03', 'ср'],
      ['2024-01-04', 'чт'],
      ['2024-01-05', 'пт'],
      ['2024-01-06', 'сб'],
      ['2024-01-07', 'вс'],
      ['2024-01-08', 'пн'],
      ['2024-02-23', 'пт'],
      ['2024-03-08', 'пт'],
      ['2024-04-29', 'пн'],
      ['2024-04-30', 'вт'],
      ['2024-05-01', 'ср'],
      ['2024-05-09', 'чт'],
      ['2024-05-10', 'пт'],
      ['2024-06-12', 'ср'],
      ['2024-11-04', 'пн'],
      ['2024-12-30', 'пн'],
      ['2024-12-31', 'вт'],
    ],
    workingDays: [
      ['2024-04-27', 'сб'],
      ['2024-11-02', 'сб'],
      ['2024-12-28', 'сб'],
    ],
  },
  {
    year: 2025,
    decree: 'постановление Правительства РФ от 04.10.2024 № 1335',
    holidays: [
      ['2025-01-01', 'ср'],
      ['2025-01-02', 'чт'],
      ['2025-01-03', 'пт'],
      ['2025-01-04', 'сб'],
      ['2025-01-05', 'вс'],
      ['2025-01-06', 'пн'],
      ['2025-01-07', 'вт'],
      ['2025-01-08', 'ср'],
      ['2025-02-23', 'вс'],
      ['2025-03-08', 'сб'],
      ['2025-05-01', 'чт'],
      ['2025-05-02', 'пт'],
      ['2025-05-08', 'чт'],
      ['2025-05-09', 'пт'],
      ['2025-06-12', 'чт'],
      ['2025-06-13', 'пт'],
      ['2025-11-03', 'пн'],
      ['2025-11-04', 'вт'],
      ['2025-12-31', 'ср'],
    ],
    workingDays: [['2025-11-01', 'сб']],
  },
  {
    year: 2026,
    decree: 'постановление Правительства РФ о переносе выходных дней в 2026 году',
    holidays: [
      ['2026-01-01', 'чт'],
      ['2026-01-02', 'пт'],
      ['2026-01-03', 'сб'],
      ['2026-01-04', 'вс'],
      ['2026-01-05', 'пн'],
      ['2026-01-06', 'вт'],
      ['2026-01-07', 'ср'],
      ['2026-01-08', 'чт'],
      ['2026-01-09', 'пт'],
      ['2026-02-23', 'пн'],
      ['2026-03-08', 'вс'],
      ['2026-03-09', 'пн'],
      ['2026-05-01', 'пт'],
      ['2026-05-09', 'сб'],
      ['2026-05-11', 'пн'],
      ['2026-06-12', 'пт'],
      ['2026-11-04', 'ср'],
      ['2026-12-31', 'чт'],
    ],
    workingDays: [],
  },
  {
    // Not checked against the government's decree for 2027: the holidays of art. 112 and the Code's own moves
    // of a holiday on a weekend to the next working day. The decree also moves the two January days off
    // that fall on Saturday 2 and Sunday 3 January to days it names, which are missing here; an operator
    // checks the year against the decree and corrects it in the dictionaries.
    year: 2027,
    decree: null,
    holidays: [
      ['2027-01-01', 'пт'],
      ['2027-01-02', 'сб'],
      ['2027-01-03', 'вс'],
      ['2027-01-04', 'пн'],
      ['2027-01-05', 'вт'],
      ['2027-01-06', 'ср'],
      ['2027-01-07', 'чт'],
      ['2027-01-08', 'пт'],
      ['2027-02-23', 'вт'],
      ['2027-03-08', 'пн'],
      ['2027-05-01', 'сб'],
      ['2027-05-03', 'пн'],
      ['2027-05-09', 'вс'],
      ['2027-05-10', 'пн'],
      ['2027-06-12', 'сб'],
      ['2027-06-14', 'пн'],
      ['2027-11-04', 'чт'],
    ],
    workingDays: [],
  },
];

const values = (days: (year: CalendarYear) => readonly CalendarDay[]) =>
  productionCalendar.flatMap((year) => days(year).map(([date]) => `  ('${date}')`)).join(',\n');

/**
 * The migration's SQL. Days an operator entered before stay as they are (ON CONFLICT DO NOTHING), and a day
 * already kept as a holiday is not made a working day too.
 */
export function productionCalendarSql(): string {
  const years = `${productionCalendar[0]?.year}–${productionCalendar.at(-1)?.year}`;
  return `-- The production calendar of the Russian Federation for ${years}: holidays and the Saturdays made working
-- days, generated from apps/server/src/modules/dictionary/production-calendar.ts, which names each year's
-- decree. 2027 follows art. 112 of the Labour Code alone and must be checked against the government's decree
-- for 2027; operators correct it, and add later years, in the dictionaries.
INSERT INTO "dictionary_entries" ("code", "value")
SELECT 'holidays', "day" FROM (VALUES
${values((year) => year.holidays)}
) AS "calendar" ("day")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "dictionary_entries" ("code", "value")
SELECT 'working-days', "day" FROM (VALUES
${values((year) => year.workingDays)}
) AS "calendar" ("day")
WHERE NOT EXISTS (SELECT 1 FROM "dictionary_entries" WHERE "code" = 'holidays' AND "value" = "day")
ON CONFLICT DO NOTHING;
`;
}
