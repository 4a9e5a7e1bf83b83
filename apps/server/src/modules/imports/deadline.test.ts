import { describe, expect, it } from 'vitest';
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

describe('daysLeft', () => {
  const deadline = new Date('2026-11-30T20:59:59.999Z');
  it('rounds up and goes to zero and below when overdue', () => {
    expect(daysLeft(deadline, new Date('2026-11-16T07:00:00Z'))).toBe(15);
    expect(daysLeft(deadline, new Date('2026-11-30T08:00:00Z'))).toBe(1);
    expect(daysLeft(deadline, new Date('2026-11-30T21:00:00Z'))).toBe(0);
    expect(daysLeft(deadline, new Date('2026-12-02T21:00:00Z'))).toBe(-2);
  });
});
