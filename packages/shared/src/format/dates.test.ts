import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, isWeekendDate, toDateValue } from './dates.js';

describe('the date formats on screen', () => {
  it('shows a date as yyyy.MM.dd', () => {
    expect(formatDate('2025-03-07')).toBe('2025.03.07');
    expect(formatDate(null)).toBe('');
  });

  it('shows a moment as yyyy.MM.dd HH:mm in Moscow time', () => {
    expect(formatDateTime('2025-12-31T21:30:00Z')).toBe('2026.01.01 00:30');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('gives the Moscow calendar date of a moment', () => {
    expect(toDateValue(new Date('2025-12-31T21:30:00Z'))).toBe('2026-01-01');
  });

  it('tells Saturdays and Sundays from the days of the working week', () => {
    // 2025-11-01 was a Saturday, 2025-11-02 a Sunday, 2025-11-03 a Monday and 2025-10-31 a Friday.
    expect(['2025-10-31', '2025-11-01', '2025-11-02', '2025-11-03'].map(isWeekendDate)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
