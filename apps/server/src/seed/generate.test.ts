import { isValidSnils } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  createRandom,
  createRegistryNumbers,
  feminineSurname,
  generatePersonName,
  snilsCheckNumber,
  snilsOfNumber,
  transliterate,
  zipf,
  type SeedReferences,
} from './generate.js';
import { createTraineeGenerator } from './trainee-generator.js';

const references: SeedReferences = {
  organizations: [
    { id: 1, name: 'СРО 1', registryNumber: '001' },
    { id: 2, name: 'СРО 2', registryNumber: '002' },
  ],
  schools: [{ id: 1, name: 'Университет' }],
  addresses: [{ id: 1, value: 'г. Москва' }],
  terminationReasons: ['Заявление стажёра', 'Невыполнение программы стажировки', 'Переход в другую СРО'].map(
    (value, index) => ({ id: index + 1, value }),
  ),
};

describe('the seeded random source', () => {
  it('repeats itself for the same seed and differs for another', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw(7).every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it('draws the first items of a Zipf list far more often than the last', () => {
    const random = createRandom(1);
    const pick = zipf(['first', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'last']);
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const item = pick(random);
      counts.set(item, (counts.get(item) ?? 0) + 1);
    }
    // Weights 1 and 1/10 of a total of about 2.93: 34% and 3.4%.
    expect(counts.get('first')! / 10_000).toBeCloseTo(0.34, 1);
    expect(counts.get('last')! / 10_000).toBeCloseTo(0.034, 1);
  });
});

describe('names', () => {
  it('puts surnames in the female form', () => {
    expect(
      ['Иванов', 'Соловьёв', 'Ильин', 'Вяземский', 'Толстой', 'Шевченко', 'Черных', 'Мусин-Пушкин'].map(
        feminineSurname,
      ),
    ).toEqual([
      'Иванова',
      'Соловьёва',
      'Ильина',
      'Вяземская',
      'Толстая',
      'Шевченко',
      'Черных',
      'Мусина-Пушкина',
    ]);
  });

  it('gives women female surnames and patronymics, men male ones, and some ё', () => {
    const random = createRandom(3);
    const people = Array.from({ length: 2000 }, () => generatePersonName(random));
    const women = people.filter((p) => p.sex === 'female');
    const men = people.filter((p) => p.sex === 'male');
    expect(women.length).toBeGreaterThan(800);
    expect(men.length).toBeGreaterThan(800);
    expect(women.every((p) => p.patronymic === null || /(вна|чна)$/.test(p.patronymic))).toBe(true);
    expect(men.every((p) => p.patronymic === null || /(вич|ич)$/.test(p.patronymic))).toBe(true);
    expect(women.filter((p) => p.lastName.endsWith('ова')).length).toBeGreaterThan(women.length / 3);
    expect(people.some((p) => `${p.lastName}${p.firstName}${p.patronymic}`.includes('ё'))).toBe(true);
    // Common surnames are common: Иванов(а) is among the most frequent, and no surname dominates.
    const ivanovs = people.filter((p) => /^Иванова?$/.test(p.lastName)).length;
    expect(ivanovs).toBeGreaterThan(20);
    expect(ivanovs).toBeLessThan(200);
  });

  it('transliterates for e-mail addresses', () => {
    expect(transliterate('Жукова')).toBe('zhukova');
    expect(transliterate('Щёкин')).toBe('shchekin');
  });
});

describe('SNILS', () => {
  it("computes the check number of the issue's rule", () => {
    // Below 100 the sum itself; 100 and 101 give 00; above, the sum mod 101.
    expect(snilsCheckNumber('112233445')).toBe('95');
    expect(snilsCheckNumber('911000020')).toBe('00');
    expect(snilsCheckNumber('911000021')).toBe('00');
    expect(snilsCheckNumber('999999999')).toBe('01');
  });

  it('makes valid SNILS for any number', () => {
    for (const number of [1_001_999, 2_345_678, 123_456_789, 999_999_999]) {
      expect(isValidSnils(snilsOfNumber(number)), String(number)).toBe(true);
    }
  });
});

describe('trainees', () => {
  const generate = (seed: number) => {
    const next = createTraineeGenerator(createRandom(seed), references, '2026-11-22');
    return Array.from({ length: 300 }, next);
  };

  it('is the same for the same seed', () => {
    expect(generate(5)).toEqual(generate(5));
  });

  it('tells every story, with unique valid SNILS', () => {
    const trainees = generate(5);
    const stories = new Set(trainees.map((t) => t.story));
    expect([...stories].sort()).toEqual([
      'admitted',
      'certified',
      'certified-after-appeal',
      'failed-exam',
      'ongoing',
      'paused',
      'resumed',
      'terminated',
      'transfer',
    ]);
    expect(new Set(trainees.map((t) => t.snils)).size).toBe(300);
    expect(trainees.every((t) => isValidSnils(t.snils))).toBe(true);
    expect(trainees.some((t) => t.saves.length > 1)).toBe(true);
    expect(trainees.some((t) => t.saves.some((save) => save.isCorrecting))).toBe(true);
  });

  it('ends a transfer in one SRO and begins it in another', () => {
    const transfer = generate(5).find((t) => t.story === 'transfer')!;
    const [left, joined] = transfer.saves.at(-1)!.sections.Internships!;
    expect(left!.Status).toBe(2);
    expect(left!.Organization).not.toEqual(joined!.Organization);
  });

  it('numbers internships uniquely within an SRO', () => {
    const next = createRegistryNumbers();
    const sro = { registryNumber: '007' };
    expect([next(sro, '2025'), next(sro, '2026'), next({ registryNumber: '008' }, '2026')]).toEqual([
      '007-2025-0001',
      '007-2026-0002',
      '008-2026-0001',
    ]);
  });

  it('adds months in the calendar', () => {
    expect(addMonths('2025-06-15', 18)).toBe('2026-12-15');
  });
});
