import { describe, expect, it } from 'vitest';
import { productionCalendar } from '../dictionary/production-calendar.js';
import { daysLeft, entryDeadline, type WorkCalendar } from './deadline.js';

const none: WorkCalendar = { holidays: new Set(), workingWeekends: new Set() };

describe('entryDeadline', () => {
  it('counts working days after the day of upload, to the end of the day in Moscow', () => {
    // Monday 2026-11-16 10:00 Moscow; ten working days later is Monday 2026-11-30.
    const deadline = entryDeadline(new Date('2026-11-16T07:00:00Z'), 10, none);
    expect(deadline.toISOString()).toBe('2026-11-30T20:59:59.999Z');
  });

  it('skips weekends: a Friday upload with one working day is due on Monday', () => {
    expect(entryDeadline(new Date('2026-11-20T12:00:00Z'), 1, none).toISOString()).toBe(
      '2026-11-23T20:59:59.999Z',
    );
  });

  it('takes the upload day in Moscow: Friday 23:30 Moscow is still Friday', () => {
    expect(entryDeadline(new Date('2026-11-20T20:30:00Z'), 1, none).toISOString()).toBe(
      '2026-11-23T20:59:59.999Z',
    );
  });

  it('skips the holidays of the dictionary', () => {
    // 2026-12-30 (Wednesday) upload; 31 Dec and the New Year holidays up to 8 January are days off.
    const holidays = new Set([
      '2026-12-31',
      '2027-01-01',
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
    ]);
    expect(entryDeadline(new Date('2026-12-30T09:00:00Z'), 2, { ...none, holidays }).toISOString()).toBe(
      '2027-01-12T20:59:59.999Z',
    );
  });

  it('counts a Saturday a decree made working, and it alone', () => {
    // Friday 2025-10-31 upload: Saturday 1 November is working; the Sunday after it is not.
    const calendar = { holidays: new Set<string>(), workingWeekends: new Set(['2025-11-01']) };
    expect(entryDeadline(new Date('2025-10-31T09:00:00Z'), 1, calendar).toISOString()).toBe(
      '2025-11-01T20:59:59.999Z',
    );
    expect(entryDeadline(new Date('2025-10-31T09:00:00Z'), 2, calendar).toISOString()).toBe(
      '2025-11-03T20:59:59.999Z',
    );
  });
});

describe('entryDeadline on the shipped production calendar', () => {
  const shipped: WorkCalendar = {
    holidays: new Set(productionCalendar.flatMap((year) => year.holidays.map(([date]) => date))),
    workingWeekends: new Set(productionCalendar.flatMap((year) => year.workingDays.map(([date]) => date))),
  };
  const deadline = (moment: string, days: number) =>
    entryDeadline(new Date(moment), days, shipped).toISOString();

  it('goes past the New Year holidays: 5 working days from Monday 29.12.2025 end on Thursday 15.01.2026', () => {
    // 30 December; 31 December to 11 January are days off; 12, 13, 14 and 15 January.
    expect(deadline('2025-12-29T09:00:00+03:00', 5)).toBe('2026-01-15T20:59:59.999Z');
    // The shipped 2027 days (the Labour Code's): from Wednesday 30.12.2026, 31 December to 10 January are off.
    expect(deadline('2026-12-30T09:00:00+03:00', 1)).toBe('2027-01-11T20:59:59.999Z');
  });

  it('counts the working Saturdays 01.11.2025 and 27.04.2024, and skips the days off after them', () => {
    expect(deadline('2025-10-31T12:00:00+03:00', 1)).toBe('2025-11-01T20:59:59.999Z');
    // 1 November, then 3 and 4 November are days off: the second working day is Wednesday 5 November.
    expect(deadline('2025-10-31T12:00:00+03:00', 2)).toBe('2025-11-05T20:59:59.999Z');
    expect(deadline('2024-04-26T12:00:00+03:00', 1)).toBe('2024-04-27T20:59:59.999Z');
    // 27 April, then 29 April to 1 May are days off: the second working day is Thursday 2 May.
    expect(deadline('2024-04-26T12:00:00+03:00', 2)).toBe('2024-05-02T20:59:59.999Z');
  });

  it('takes the ten working days of the setting across the May holidays of 2026', () => {
    // Thursday 30.04.2026: 1 May and 11 May are days off, 9 May a Saturday; 4–8, 12–15 and 18 May are counted.
    expect(deadline('2026-04-30T10:00:00+03:00', 10)).toBe('2026-05-18T20:59:59.999Z');
  });
});

describe('daysLeft', () => {
  const deadline = new Date('2026-11-30T20:59:59.999Z');
  it('rounds up and goes to zero and below when overdue', () => {
    expect(daysLeft(deadline, new Date('2026-11-16T07:00:00Z'))).toBe(15);
    expect(daysLeft(deadline, new Date('2026-11-30T08:00:00Z'))).toBe(1);
    expect(daysLeft(deadline, new Date('2026-11-30T21:00:00Z'))).toBe(0);
    expect(daysLeft(deadline, new Date('2026-12-02T21:00:00Z'))).toBe(-2);
  });
});
