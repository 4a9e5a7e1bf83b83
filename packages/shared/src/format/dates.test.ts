import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, toDateValue } from './dates.js';

describe('date formats of SPEC.md §9', () => {
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
});
