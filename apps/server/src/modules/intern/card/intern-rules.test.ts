import { describe, expect, it } from 'vitest';
import { fullNameOf } from '@registry/shared';
import { deriveStatus, latestDate, snilsOf } from './intern-rules.js';

describe('deriveStatus', () => {
  const none = { Internships: [], InternshipSteps: [], ExaminationResults: [] };

  it('is 0 «Стажёр» with nothing done', () => {
    expect(deriveStatus(none)).toBe(0);
  });

  it('is 1 «Допущен к экзамену» only with a completed internship and passed steps', () => {
    expect(deriveStatus({ ...none, Internships: [{ Status: 3 }] })).toBe(0);
    expect(deriveStatus({ ...none, InternshipSteps: [{ HasPassed: true }] })).toBe(0);
    expect(
      deriveStatus({ ...none, Internships: [{ Status: 0 }], InternshipSteps: [{ HasPassed: true }] }),
    ).toBe(0);
    expect(
      deriveStatus({ ...none, Internships: [{ Status: 3 }], InternshipSteps: [{ HasPassed: true }] }),
    ).toBe(1);
  });

  it('is 2 «Аттестован» once an exam is passed', () => {
    expect(deriveStatus({ ...none, ExaminationResults: [{ HasPassed: false }, { HasPassed: true }] })).toBe(
      2,
    );
    expect(deriveStatus({ ...none, ExaminationResults: [{ HasPassed: false }] })).toBe(0);
  });
});

describe('projections of the personal info', () => {
  it('join the name parts that exist and keep SNILS digits', () => {
    expect(fullNameOf({ LastName: 'Лебедева', FirstName: 'Ольга', PatronymicName: null })).toBe(
      'Лебедева Ольга',
    );
    expect(fullNameOf(undefined)).toBe('');
    expect(snilsOf({ Snils: '112-233-445 95' })).toBe('11223344595');
    expect(snilsOf({ Snils: null })).toBeNull();
  });

  it('find the latest date of a list', () => {
    expect(latestDate([{ d: '2025-01-02' }, { d: null }, { d: '2025-03-01' }], (x) => x.d)).toBe(
      '2025-03-01',
    );
    expect(latestDate([], (x: { d: string }) => x.d)).toBeNull();
  });
});
