/*
 * Pure generators of demo data: no database, no clock, no Math.random. The same seed gives the same
 * people, so a demo database and a benchmark can be rebuilt exactly.
 */
import { formatSnils } from '@registry/shared';
import {
  femaleFirstNames,
  firmNames,
  maleFirstNames,
  rareSurnames,
  regions,
  specialities,
  streets,
  surnames,
} from './names.js';

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
function workday(iso: string): string {
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

/** A story a trainee's record tells: it sets the internships, steps and exam results, and so the status. */
export type TraineeStory =
  | 'ongoing'
  | 'paused'
  | 'resumed'
  | 'terminated'
  | 'admitted'
  | 'failed-exam'
  | 'certified'
  | 'certified-after-appeal'
  | 'transfer';

const stories: readonly (readonly [TraineeStory, number])[] = [
  ['ongoing', 40],
  ['paused', 5],
  ['resumed', 5],
  ['terminated', 5],
  ['admitted', 15],
  ['failed-exam', 5],
  ['certified', 17],
  ['certified-after-appeal', 3],
  ['transfer', 5],
];

function pickStory(random: Random): TraineeStory {
  let target = random.next() * stories.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [story, weight] of stories) if ((target -= weight) < 0) return story;
  return 'ongoing';
}

type Json = Record<string, unknown>;

/** One save of the trainee's card: the whole state of the sections it sends. */
export interface SeedSave {
  isCorrecting: boolean;
  /** Sections in the save payload's shape; entries are matched to stored ones by their place. */
  sections: Record<string, Json[]>;
  protocol: { number: string; date: string; outgoingNumber: string | null; outgoingDate: string | null };
}

/** A generated trainee: the saves that build the record, oldest first. */
export interface SeedTrainee {
  person: PersonName;
  snils: string;
  story: TraineeStory;
  saves: SeedSave[];
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

interface TraineeContext {
  today: string;
  references: SeedReferences;
  registryNumber: ReturnType<typeof createRegistryNumbers>;
  /** SNILS numbers already given, so that no two trainees share one. */
  usedSnils: Set<string>;
  /** Incoming document numbers, one sequence for the whole registry. */
  nextDocument: () => number;
}

/** Builds the generator of demo trainees for the given reference data, as of `today`. */
export function createTraineeGenerator(random: Random, references: SeedReferences, today: string) {
  let document = 0;
  const context: TraineeContext = {
    today,
    references,
    registryNumber: createRegistryNumbers(),
    usedSnils: new Set(),
    nextDocument: () => ++document,
  };
  return () => generateTrainee(random, context);
}

function uniqueSnils(random: Random, used: Set<string>): string {
  for (;;) {
    const snils = snilsOfNumber(random.int(FIRST_CHECKED_SNILS, 199_999_999));
    if (!used.has(snils)) {
      used.add(snils);
      return snils;
    }
  }
}

function phone(random: Random): string {
  const digits = () => String(random.int(0, 99)).padStart(2, '0');
  return `+7 9${random.int(10, 99)} ${random.int(100, 999)}-${digits()}-${digits()}`;
}

function requisites(number: string, date: string) {
  return { Number: number, Date: date };
}

function personalInfo(random: Random, context: TraineeContext, person: PersonName, snils: string): Json {
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

function supervisor(random: Random, id: number): Json {
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

/** Five stages over the internship's months; those before `until` are done (passed, materials in). */
function internshipSteps(startedAt: string, months: number, until: string, statementDate: string | null) {
  const stageDays = Math.floor((months * 30) / 5);
  const keys = ['EntryStep', 'Step1', 'Step2', 'Step3', 'ClosingStep'];
  const steps: Json = { Id: -1 };
  keys.forEach((key, index) => {
    const started = addDays(startedAt, index * stageDays);
    const ended = addDays(started, stageDays - 1);
    const isDone = ended <= until;
    steps[key] =
      started > until
        ? {}
        : { StartedAt: started, EndedAt: isDone ? ended : null, HasPassed: isDone, HasMaterials: isDone };
  });
  steps.SupervisorStatement = statementDate
    ? requisites(`З-${statementDate.slice(0, 4)}`, statementDate)
    : {};
  steps.HasPassed = statementDate !== null;
  return steps;
}

/** Everything a trainee's record holds, in the order an SRO would report it. */
function generateTrainee(random: Random, context: TraineeContext): SeedTrainee {
  const { today, references } = context;
  const story = pickStory(random);
  const person = generatePersonName(random);
  const snils = uniqueSnils(random, context.usedSnils);
  const isCompleted = ['admitted', 'failed-exam', 'certified', 'certified-after-appeal'].includes(story);
  const months = story === 'transfer' ? random.pick([12, 18, 24]) : random.pick([6, 12, 12, 18, 24]);
  // Completed and ended internships began long enough ago to have ended; ongoing ones within their length.
  const startedAt = workday(
    isCompleted || story === 'terminated'
      ? addDays(today, -(months * 31 + random.int(30, 700)))
      : story === 'transfer'
        ? addDays(today, -random.int(120, 300))
        : addDays(today, -random.int(20, months * 30 - 10)),
  );
  const endedAt = addMonths(startedAt, months);
  const organization = random.pick(references.organizations);
  const reason = (value: string) => {
    const found = references.terminationReasons.find((entry) => entry.value === value)!;
    return { Id: found.id, Value: '' };
  };
  const internship = (id: number, sro: { id: number; registryNumber: string }, started: string): Json => ({
    Id: id,
    StartedAt: started,
    Organization: { Id: sro.id, Name: '' },
    Duration: months,
    Status: 0,
    RegistryNumber: context.registryNumber(sro, started.slice(0, 4)),
    MiscInfo: [
      {
        EndedAt: null,
        Address: { Id: random.pick(references.addresses).id, Value: '' },
        AdmissionRequisites: requisites(`П-${random.int(10, 999)}`, started),
      },
    ],
  });

  const first = internship(-1, organization, startedAt);
  const misc = (first.MiscInfo as Json[])[0]!;
  const sections: Record<string, Json[]> = {
    PersonalInfo: [personalInfo(random, context, person, snils)],
    Supervisors: [supervisor(random, -1)],
    Internships: [first],
  };
  // The stages are those of the current internship, done up to the day it stopped or today.
  let stepsFrom = startedAt;
  let stepsUntil = today;

  if (story === 'paused' || story === 'resumed') {
    const pausedAt = addDays(startedAt, random.int(10, 60));
    first.Status = story === 'paused' ? 1 : 0;
    first.PauseInfo = [
      {
        PausedAt: pausedAt,
        PauseDuration: `${random.int(1, 6)} мес.`,
        PauseBasis: random.pick([
          'Заявление стажёра',
          'Временная нетрудоспособность',
          'Отпуск по уходу за ребёнком',
        ]),
        Requisites: requisites(`ПР-${random.int(1, 300)}`, pausedAt),
      },
    ];
    if (story === 'paused') stepsUntil = pausedAt;
    else {
      const resumedAt = addDays(pausedAt, random.int(5, 20));
      first.ResumeInfo = [
        { ResumedAt: resumedAt, Requisites: requisites(`ВЗ-${random.int(1, 300)}`, resumedAt) },
      ];
    }
  }
  if (story === 'terminated') {
    first.Status = 2;
    first.EndBasis = reason(random.pick(['Заявление стажёра', 'Невыполнение программы стажировки']));
    misc.EndedAt = stepsUntil = addDays(startedAt, random.int(40, months * 25));
  }
  if (story === 'transfer') {
    // The trainee left one SRO for another: the first internship ends on that ground, a second begins.
    const other = random.pick(references.organizations.filter((sro) => sro.id !== organization.id));
    const movedAt = workday(addDays(startedAt, random.int(30, 90)));
    first.Status = 2;
    first.EndBasis = reason('Переход в другую СРО');
    misc.EndedAt = movedAt;
    stepsFrom = addDays(movedAt, 1);
    sections.Internships!.push(internship(-2, other, stepsFrom));
  }
  if (isCompleted) {
    first.Status = 3;
    misc.EndedAt = stepsUntil = endedAt;
    misc.ModificationRequisites = requisites(`ЗВ-${random.int(10, 999)}`, endedAt);
  }
  sections.InternshipSteps = [
    internshipSteps(stepsFrom, months, stepsUntil, isCompleted ? addDays(endedAt, 3) : null),
  ];

  if (story === 'failed-exam' || story === 'certified' || story === 'certified-after-appeal') {
    const heldAt = workday(addDays(endedAt, random.int(20, 90)));
    const passed = story === 'certified';
    sections.Examinations = [
      {
        Id: -1,
        HeldAt: heldAt,
        HeldAtTime: random.pick(['10:00', '11:00', '14:00']),
        GroupNumber: String(random.int(1, 40)),
        CommissionName: 'Экзаменационная комиссия Росреестра',
        DecisionRequisites: requisites(`Р-${random.int(100, 999)}`, addDays(heldAt, 3)),
      },
    ];
    sections.ExaminationResults = [
      { Id: -1, CorrectAnswersNumber: passed ? random.int(64, 80) : random.int(40, 63), HasPassed: passed },
    ];
    if (story === 'certified-after-appeal') {
      // The appeal was granted: the recount passed the exam.
      const appliedAt = addDays(heldAt, random.int(3, 10));
      sections.ExaminationAppeals = [
        {
          Id: -1,
          HasBeenAppealed: true,
          HasApplicationPassed: true,
          ApplicationRequisites: requisites(`А-${random.int(1, 200)}`, appliedAt),
          DecisionRequisistes: requisites(`РА-${random.int(1, 200)}`, addDays(appliedAt, 14)),
        },
      ];
      sections.ExaminationResults[0]!.HasPassed = true;
    }
  }
  if (random.chance(0.3)) {
    sections.Documents = [{ Id: -1, Requisites: requisites(`Д-${random.int(100, 9999)}`, startedAt) }];
  }

  return { person, snils, story, saves: history(random, context, sections, startedAt) };
}

/**
 * The saves that lead to the final state. Most records are entered once; some first as an ongoing internship
 * and later completed (an edit), some get a new phone number (an edit) or a typo fixed (a correction).
 */
function history(random: Random, context: TraineeContext, final: Record<string, Json[]>, startedAt: string) {
  let date = workday(addDays(startedAt, random.int(3, 20)));
  const saves: SeedSave[] = [];
  const save = (sections: Record<string, Json[]>, isCorrecting = false) => {
    const number = context.nextDocument();
    saves.push({
      isCorrecting,
      sections: structuredClone(sections),
      protocol: {
        number: `${date.slice(0, 4)}/${String(number).padStart(5, '0')}`,
        date,
        outgoingNumber: random.chance(0.7) ? `Исх-${random.int(1, 2000)}` : null,
        outgoingDate: null,
      },
    });
  };

  if (final.Internships![0]!.Status === 3 && random.chance(0.4)) {
    // Entered when the internship began; the completion, steps and exam came in a later report.
    const early = structuredClone(final);
    const internship = early.Internships![0]!;
    const misc = (internship.MiscInfo as Json[])[0]!;
    internship.Status = 0;
    misc.EndedAt = null;
    delete misc.ModificationRequisites;
    for (const section of ['InternshipSteps', 'Examinations', 'ExaminationResults', 'ExaminationAppeals']) {
      delete early[section];
    }
    save(early);
    date = addDays(date, 200);
  }
  save(final);

  let personal = final.PersonalInfo!;
  if (random.chance(0.05)) {
    personal = structuredClone(personal);
    (personal[0]!.Contacts as Json).PhoneNumber = phone(random);
    date = addDays(date, 30);
    save({ PersonalInfo: personal });
  }
  if (random.chance(0.03)) {
    // A passport number was entered wrong; a correction amends it as if it had been right.
    personal = structuredClone(personal);
    (personal[0]!.Passport as Json).Number = `${random.int(100, 999)} ${random.int(100, 999)}`;
    date = addDays(date, 10);
    save({ PersonalInfo: personal }, true);
  }
  return saves;
}
