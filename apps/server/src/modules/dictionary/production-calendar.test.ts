import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.js';
import { isWorkingDay } from '../imports/deadline.js';
import {
  productionCalendar,
  productionCalendarSql,
  type CalendarYear,
  type Weekday,
} from './production-calendar.js';

const weekdays: Weekday[] = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];
const weekdayOf = (date: string) => weekdays[new Date(`${date}T00:00:00Z`).getUTCDay()];
const isWeekend = (date: string) => ['сб', 'вс'].includes(weekdayOf(date) ?? '');

/** The non-working holidays of art. 112 of the Labour Code, month and day. */
const labourCodeHolidays = [
  '01-01', '01-02', '01-03', '01-04', '01-05', '01-06', '01-07', '01-08',
  '02-23', '03-08', '05-01', '05-09', '06-12', '11-04',
]; // prettier-ignore

/** The working days of a year by the deadlines' rule, on the shipped calendar. */
function workingDayCount(year: CalendarYear): number {
  const calendar = {
    holidays: new Set(year.holidays.map(([date]) => date)),
    workingWeekends: new Set(year.workingDays.map(([date]) => date)),
  };
  let count = 0;
  for (let day = Date.UTC(year.year, 0, 1); new Date(day).getUTCFullYear() === year.year; day += 86_400_000) {
    if (isWorkingDay(new Date(day).toISOString().slice(0, 10), calendar)) count++;
  }
  return count;
}

describe('the production calendar', () => {
  it('covers 2024 to 2027, one entry a year', () => {
    expect(productionCalendar.map((year) => year.year)).toEqual([2024, 2025, 2026, 2027]);
  });

  it('writes every day with its real weekday', () => {
    for (const year of productionCalendar) {
      for (const [date, weekday] of [...year.holidays, ...year.workingDays]) {
        expect(weekdayOf(date), date).toBe(weekday);
      }
    }
  });

  it('lists each day once, in its own year, in order, and never as both a holiday and a working day', () => {
    const all = productionCalendar.flatMap((year) => [...year.holidays, ...year.workingDays]);
    const dates = all.map(([date]) => date);
    expect(new Set(dates).size).toBe(dates.length);
    for (const year of productionCalendar) {
      for (const days of [year.holidays, year.workingDays]) {
        const listed = days.map(([date]) => date);
        expect(listed.every((date) => date.startsWith(`${year.year}-`))).toBe(true);
        expect(listed).toEqual([...listed].sort());
      }
    }
  });

  it('holds every holiday of the Labour Code, and moves days off only onto weekdays', () => {
    for (const year of productionCalendar) {
      const listed = year.holidays.map(([date]) => date);
      const byCode = labourCodeHolidays.map((day) => `${year.year}-${day}`);
      expect(listed, String(year.year)).toEqual(expect.arrayContaining(byCode));
      const moved = listed.filter((date) => !byCode.includes(date));
      expect(moved.filter(isWeekend), String(year.year)).toEqual([]);
    }
  });

  it('makes working days only of Saturdays and Sundays', () => {
    const working = productionCalendar.flatMap((year) => year.workingDays.map(([date]) => date));
    expect(working).toEqual(['2024-04-27', '2024-11-02', '2024-12-28', '2025-11-01']);
    expect(working.every(isWeekend)).toBe(true);
  });

  it('counts as many working days a year as the published calendar', () => {
    // The production calendars published for 2024, 2025 and 2026; 2027 is the Labour Code's count alone.
    expect(productionCalendar.map(workingDayCount)).toEqual([248, 247, 247, 249]);
    expect(productionCalendar.map((year) => year.decree === null)).toEqual([false, false, false, true]);
  });

  it('is what the migration ships to every database', () => {
    const [file] = readdirSync(migrationsFolder).filter((name) => name.endsWith('_production-calendar.sql'));
    expect(file).toBeDefined();
    expect(readFileSync(path.join(migrationsFolder, file ?? ''), 'utf8')).toBe(productionCalendarSql());
  });
});
