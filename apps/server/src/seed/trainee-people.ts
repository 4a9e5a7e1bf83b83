/*
 * The parts of a demo trainee that every story shares: the person (personal data, a supervisor), and the
 * context a generator keeps between trainees.
 */
import { formatSnils } from '@registry/shared';
import type { createRegistryNumbers } from './generate.js';
import {
  addDays,
  addMonths,
  FIRST_CHECKED_SNILS,
  generatePersonName,
  snilsOfNumber,
  transliterate,
  type PersonName,
  type Random,
  type SeedReferences,
} from './generate.js';
import { firmNames, regions, specialities, streets } from './names.js';

export type Json = Record<string, unknown>;

/** What a generator keeps from one trainee to the next. */
export interface TraineeContext {
  today: string;
  references: SeedReferences;
  registryNumber: ReturnType<typeof createRegistryNumbers>;
  /** SNILS numbers already given, so that no two trainees share one. */
  usedSnils: Set<string>;
  /** Incoming document numbers, one sequence for the whole registry. */
  nextDocument: () => number;
}

export function uniqueSnils(random: Random, used: Set<string>): string {
  for (;;) {
    const snils = snilsOfNumber(random.int(FIRST_CHECKED_SNILS, 199_999_999));
    if (!used.has(snils)) {
      used.add(snils);
      return snils;
    }
  }
}

export function phone(random: Random): string {
  const digits = () => String(random.int(0, 99)).padStart(2, '0');
  return `+7 9${random.int(10, 99)} ${random.int(100, 999)}-${digits()}-${digits()}`;
}

export function requisites(number: string, date: string) {
  return { Number: number, Date: date };
}

export function personalInfo(
  random: Random,
  context: TraineeContext,
  person: PersonName,
  snils: string,
): Json {
  const birthDate = addDays(context.today, -random.int(21 * 365, 55 * 365));
  const [regionCode, region, city] = random.pick(regions);
  // A passport is replaced at 20 and at 45; its series carries the region and the year of issue.
  const age = Number(context.today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  const issuedAt = addDays(addMonths(birthDate, (age > 45 ? 45 : 20) * 12), random.int(5, 60));
  const [speciality, code, qualification] = random.pick(specialities);
  const login = `${transliterate(person.lastName)}.${transliterate(person.firstName)[0]}${random.int(1, 99)}`;
  return {
    Id: -1,
    LastName: person.lastName,
    FirstName: person.firstName,
    PatronymicName: person.patronymic,
    Snils: formatSnils(snils),
    DateOfBirth: birthDate,
    Passport: {
      Series: `${regionCode} ${issuedAt.slice(2, 4)}`,
      Number: `${random.int(100, 999)} ${random.int(100, 999)}`,
      IssuedAt: issuedAt,
      IssuedBy: `ГУ МВД России по ${region}`,
    },
    Contacts: {
      PhoneNumber: phone(random),
      PostalAddress: `${random.int(100, 699)}${random.int(100, 999)}, г. ${city}, ${random.pick(streets)}, д. ${random.int(1, 150)}, кв. ${random.int(1, 300)}`,
      EmailAddress: `${login}@${random.pick(['example.org', 'example.com', 'example.net'])}`,
    },
    Education: { Name: speciality, Code: code, Qualification: qualification },
    School: { Id: random.pick(context.references.schools).id, Name: '' },
  };
}

export function supervisor(random: Random, id: number): Json {
  const person = generatePersonName(random);
  const isEmployee = random.chance(0.6);
  return {
    Id: id,
    LastName: person.lastName,
    FirstName: person.firstName,
    PatronymicName: person.patronymic,
    CadastreNumber: String(random.int(1000, 39999)),
    GrkiNumber: String(random.int(1000, 39999)),
    Contacts: { PhoneNumber: phone(random), PostalAddress: null, EmailAddress: null },
    EmploymentType: isEmployee ? 1 : 0,
    JuridicalShortName: isEmployee ? random.pick(firmNames) : null,
  };
}
