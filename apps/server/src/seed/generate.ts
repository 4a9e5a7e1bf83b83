/*
 * Pure generators of demo data: no database, no clock, no Math.random. The same seed gives the same
 * people, so a demo database and a benchmark can be rebuilt exactly.
 */
import { femaleFirstNames, maleFirstNames, rareSurnames, regions, streets, surnames } from './names.js';

/** A seeded source of pseudo-random numbers. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: tiny, fast and good enough for test data (not for secrets). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (probability) => next() < probability,
  };
}

/**
 * Draws from a list ordered most common first with Zipf weights (rank^-exponent): the first names come up
 * often, the last ones seldom, as names do in a real population.
 */
export function zipf<T>(list: readonly T[], exponent = 1): (random: Random) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= list.length; rank++) cumulative.push((total += rank ** -exponent));
  return (random) => {
    const target = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return list[low]!;
  };
}

/** The female form of a male surname: Иванов → Иванова, Вяземский → Вяземская; Шевченко stays. */
export function feminineSurname(male: string): string {
  return male
    .split('-')
    .map((part) => {
      if (/(ов|ев|ёв|ин|ын)$/.test(part)) return `${part}а`;
      if (/(ий|ый|ой)$/.test(part)) return `${part.slice(0, -2)}ая`;
      return part;
    })
    .join('-');
}

/** The two check digits of a SNILS for its first nine digits (the rule of isValidSnils). */
export function snilsCheckNumber(body: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * (9 - i);
  let check = sum < 100 ? sum : sum === 100 || sum === 101 ? 0 : sum % 101;
  if (check === 100) check = 0;
  return String(check).padStart(2, '0');
}

/** The first SNILS number that carries a check number: smaller ones were issued before it existed. */
export const FIRST_CHECKED_SNILS = 1_001_999;

/** The 11 digits of the SNILS whose first nine digits are `number` (from FIRST_CHECKED_SNILS on). */
export function snilsOfNumber(number: number): string {
  const body = String(number).padStart(9, '0');
  return body + snilsCheckNumber(body);
}

export type Sex = 'male' | 'female';

export interface PersonName {
  sex: Sex;
  lastName: string;
  firstName: string;
  patronymic: string | null;
}

/** 'Фамилия Имя Отчество', as the registry shows and searches a name. */
export function fullName(person: PersonName): string {
  return [person.lastName, person.firstName, person.patronymic].filter(Boolean).join(' ');
}

// Exponents chosen so that the shares come out near Russian statistics: Смирнов about 2%, Иванов 1.5%,
// Александр and Елена about 12% of their sex.
const commonSurname = zipf(surnames, 0.5);
const rareSurname = zipf(rareSurnames, 0.5);
const maleName = zipf(maleFirstNames, 0.7);
const femaleName = zipf(femaleFirstNames, 0.7);
const father = zipf(maleFirstNames, 0.7);

/** Share of people with a surname from the rare list. */
const RARE_SHARE = 0.003;

/** A Russian full name: surname and patronymic in the person's gender; a few have no patronymic. */
export function generatePersonName(random: Random): PersonName {
  const sex: Sex = random.chance(0.5) ? 'male' : 'female';
  const surname = random.chance(RARE_SHARE) ? rareSurname(random) : commonSurname(random);
  const [, son, daughter] = father(random);
  return {
    sex,
    lastName: sex === 'male' ? surname : feminineSurname(surname),
    firstName: sex === 'male' ? maleName(random)[0] : femaleName(random),
    patronymic: random.chance(0.01) ? null : sex === 'male' ? son : daughter,
  };
}

/* Dates are ISO strings `yyyy-MM-dd`, computed in UTC so that no time zone shifts a day. */

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

export function addMonths(iso: string, months: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return toIso(date);
}

/** A working day (Monday to Friday) on or after the given date. */
export function workday(iso: string): string {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? addDays(iso, 2) : weekday === 0 ? addDays(iso, 1) : iso;
}

// The table reads best as a table.
// prettier-ignore
const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch',
  ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', '-': '-',
};

/** Latin letters of a Russian word, for e-mail addresses (ivanov, zhukova). */
export function transliterate(word: string): string {
  return [...word.toLowerCase()].map((letter) => LATIN[letter] ?? '').join('');
}

/** The demo's reference data: SROs, schools and addresses by the ids the database gave them. */
export interface SeedReferences {
  organizations: { id: number; name: string; registryNumber: string }[];
  schools: { id: number; name: string }[];
  addresses: { id: number; value: string }[];
  terminationReasons: { id: number; value: string }[];
}

/** Internship addresses of the demo: offices in the regions' main cities. */
export function generateAddresses(random: Random, count: number): string[] {
  const addresses = new Set<string>();
  while (addresses.size < count) {
    const [, , city] = random.pick(regions);
    addresses.add(`г. ${city}, ${random.pick(streets)}, д. ${random.int(1, 120)}, оф. ${random.int(1, 40)}`);
  }
  return [...addresses];
}

/** Gives each SRO's internships numbers in sequence: unique within the SRO, as the registry requires. */
export function createRegistryNumbers() {
  const next = new Map<string, number>();
  return (organization: { registryNumber: string }, year: string) => {
    const sequence = (next.get(organization.registryNumber) ?? 0) + 1;
    next.set(organization.registryNumber, sequence);
    return `${organization.registryNumber}-${year}-${String(sequence).padStart(4, '0')}`;
  };
}
