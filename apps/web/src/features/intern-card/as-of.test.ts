import { describe, expect, it } from 'vitest';
import { asOfHref, dayOf, isDayValue } from './as-of';

describe('the card as of a day', () => {
  it('takes only real days written yyyy-MM-dd', () => {
    expect(isDayValue('2026-03-05')).toBe(true);
    expect(isDayValue('2024-02-29')).toBe(true);
    expect(isDayValue('2026-02-30')).toBe(false);
    expect(isDayValue('2026.03.05')).toBe(false);
    expect(isDayValue('')).toBe(false);
  });

  it('gives a moment’s day in Moscow time', () => {
    expect(dayOf('2026-11-21T22:30:00Z')).toBe('2026-11-22');
    expect(dayOf('2026-11-21T20:30:00Z')).toBe('2026-11-21');
  });

  it('links a section as of a day, or as it is now', () => {
    expect(asOfHref(5, 'supervisors', '2026-03-05')).toBe('/interns/5/supervisors?asOf=2026-03-05');
    expect(asOfHref(5, 'supervisors', null)).toBe('/interns/5/supervisors');
  });
});
