/*
 * The rows of the demo's change files, made from the demo's own trainees as an SRO's clerk would write them:
 * a known trainee by SNILS with new contacts, a known trainee by name and birth date under a SNILS the
 * register does not know, a new person, and a new person given the internship number of another trainee
 * of the SRO (a typo the operator is warned of).
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { employmentTypes, type PersonalInfo } from '@registry/shared';
import { sampleRow, snilsFrom, type RowValues } from '../fixtures/change-file-book.js';
import type { InternService } from '../modules/intern/intern.service.js';
import type { Db } from '../db/client.js';
import { internshipFacts, interns } from '../db/schema/index.js';
import { addDays, addMonths, generatePersonName, transliterate, workday, type Random } from './generate.js';
import { firmNames, schoolNames } from './names.js';
import { phone } from './trainee-people.js';

/** What a row says about whom (see the top of the file). */
export type RowKind = 'snils' | 'name' | 'new' | 'conflict';

/** A trainee of the SRO as the register holds them: the name, SNILS and birth date, and their number there. */
export interface SroTrainee {
  id: number;
  person: Pick<PersonalInfo, 'LastName' | 'FirstName' | 'PatronymicName' | 'Snils' | 'DateOfBirth'>;
  registryNumber: string;
  internshipStatus: number;
}

/**
 * The SNILS numbers the register does not know, one after another for all the demo's files: their bodies
 * start where the trainee generator's end (it stays below 200,000,000), so that they match nobody.
 */
export function createUnknownSnils() {
  let body = 200_000_000;
  return () => snilsFrom(++body);
}

/** The trainees with a numbered internship in the SRO, not deleted, oldest record first; with their numbers. */
export async function sroTrainees(db: Db, cards: InternService, organizationId: number) {
  const rows = await db
    .select({
      id: interns.id,
      registryNumber: internshipFacts.registryNumber,
      status: internshipFacts.status,
    })
    .from(internshipFacts)
    .innerJoin(interns, eq(interns.id, internshipFacts.internId))
    .where(
      and(
        eq(internshipFacts.organizationId, organizationId),
        isNotNull(internshipFacts.registryNumber),
        eq(interns.isDeleted, false),
      ),
    )
    .orderBy(asc(interns.id), asc(internshipFacts.startedAt));
  const trainees = new Map<number, SroTrainee>();
  for (const row of rows) {
    const person = trainees.get(row.id)?.person ?? (await cards.get(row.id)).PersonalInfo[0];
    if (!person?.Snils) continue;
    // The latest internship in the SRO is the one a clerk reports on.
    trainees.set(row.id, {
      id: row.id,
      person,
      registryNumber: row.registryNumber!,
      internshipStatus: row.status,
    });
  }
  return { trainees: [...trainees.values()], numbers: new Set(rows.map((row) => row.registryNumber!)) };
}

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const dotted = (iso: string) => iso.split('-').reverse().join('.');

/** The cells that name a trainee of the register. */
function personCells(person: SroTrainee['person']): RowValues {
  return {
    Фамилия: person.LastName,
    Имя: person.FirstName,
    Отчество: person.PatronymicName,
    СНИЛС: person.Snils,
    'Дата рождения': person.DateOfBirth ? utc(person.DateOfBirth) : null,
  };
}

/** What the rows of one SRO's files draw on: the seeded random, the day, and the sequences they continue. */
interface RowContext {
  random: Random;
  today: string;
  unknownSnils: () => string;
  /** The next number of the SRO's documents (contracts, admission decisions). */
  nextDocument: () => number;
  /** The SRO's next free internship number. */
  nextNumber: () => string;
  email: (lastName: string) => string;
}

/** A known trainee by SNILS: a new phone and e-mail; an ongoing internship's contract prolonged. */
function bySnils(context: RowContext, trainee: SroTrainee): RowValues {
  const row: RowValues = {
    ...personCells(trainee.person),
    Телефон: phone(context.random),
    'Адрес электронной почты': context.email(trainee.person.LastName ?? ''),
    'Уникальный идентификационный номер стажировки': trainee.registryNumber,
  };
  if (trainee.internshipStatus === 0) {
    const signed = workday(addDays(context.today, -context.random.int(5, 20)));
    row['Дата окончания договора'] = utc(addMonths(context.today, context.random.pick([6, 12])));
    row['Договор'] = `№ Д-${context.nextDocument()}/${context.today.slice(2, 4)} от ${dotted(signed)}`;
  }
  return row;
}

/** A known trainee by name and birth date: the SNILS in the file is one the register does not know. */
function byName(context: RowContext, trainee: SroTrainee): RowValues {
  return {
    ...personCells(trainee.person),
    СНИЛС: context.unknownSnils(),
    Телефон: phone(context.random),
    'Уникальный идентификационный номер стажировки': trainee.registryNumber,
  };
}

/** A person the register has never seen, starting an internship; `number` to give a taken one. */
function newPerson(context: RowContext, number?: string): RowValues {
  const person = generatePersonName(context.random);
  const supervisor = generatePersonName(context.random);
  const birthDate = addDays(context.today, -context.random.int(22 * 365, 45 * 365));
  const startedAt = workday(addDays(context.today, -context.random.int(10, 60)));
  const months = context.random.pick([12, 24]);
  const admission = context.nextDocument();
  return sampleRow({
    Фамилия: person.lastName,
    Имя: person.firstName,
    Отчество: person.patronymic,
    СНИЛС: context.unknownSnils(),
    'Дата рождения': utc(birthDate),
    'Паспорт: номер': `${context.random.int(100, 999)} ${context.random.int(100, 999)}`,
    'Паспорт: дата выдачи': utc(addDays(addMonths(birthDate, 20 * 12), context.random.int(5, 60))),
    Телефон: phone(context.random),
    'Почтовый адрес': undefined,
    'Адрес электронной почты': context.email(person.lastName),
    'Учебное заведение': context.random.pick(schoolNames),
    'Руководитель: фамилия': supervisor.lastName,
    'Руководитель: имя': supervisor.firstName,
    'Руководитель: отчество': supervisor.patronymic,
    'Руководитель: уникальный регистрационный номер': String(context.random.int(1000, 39999)),
    'Руководитель: номер в ГРКИ': String(context.random.int(1000, 39999)),
    'Руководитель: телефон': phone(context.random),
    'Руководитель: почтовый адрес': undefined,
    'Руководитель: адрес электронной почты': undefined,
    'Руководитель: форма занятости': employmentTypes.label(1),
    'Руководитель: сокращённое наименование юридического лица': context.random.pick(firmNames),
    'Уникальный идентификационный номер стажировки': number ?? context.nextNumber(),
    'Дата начала стажировки': utc(startedAt),
    'Продолжительность стажировки, мес.': months,
    'Решение о приёме на стажировку': `№ ${admission}-П от ${dotted(addDays(startedAt, -1))}`,
    'Дата окончания договора': utc(addMonths(startedAt, months)),
    Договор: `№ Д-${admission}/${startedAt.slice(2, 4)} от ${dotted(addDays(startedAt, -1))}`,
    'Вводный этап: дата начала': utc(startedAt),
    'Вводный этап: дата окончания': undefined,
    'Вводный этап: пройден': 'Нет',
    'Вводный этап: материалы представлены': 'Нет',
  });
}

/**
 * Makes the rows of one SRO's files, as of `today`. Known trainees' rows fill only the cells the clerk
 * reports (an empty cell changes nothing); a new person's row is the template's sample row with the
 * person's own values.
 */
export function createRowMaker(
  random: Random,
  today: string,
  sro: { registryNumber: string; numbersInUse: Set<string>; trainees: SroTrainee[] },
  unknownSnils: () => string,
) {
  const pool = sro.trainees;
  let cursor = 0;
  let documents = 0;
  const context: RowContext = {
    random,
    today,
    unknownSnils,
    nextDocument: () => ++documents,
    nextNumber: () => {
      for (let sequence = sro.numbersInUse.size + 1; ; sequence++) {
        const number = `${sro.registryNumber}-${today.slice(0, 4)}-${String(sequence).padStart(4, '0')}`;
        if (!sro.numbersInUse.has(number)) {
          sro.numbersInUse.add(number);
          return number;
        }
      }
    },
    email: (lastName) =>
      `${transliterate(lastName)}${random.int(1, 99)}@${random.pick(['example.org', 'example.com'])}`,
  };

  /**
   * The rows of one file of the given kinds. Known trainees are taken in turn from the SRO's (from where the
   * previous file stopped), never twice in one file; the conflicting row takes the number of a trainee the
   * file does not otherwise name. With too few trainees a row becomes a new person's.
   */
  return function rowsOf(kinds: RowKind[]): RowValues[] {
    const used = new Set<number>();
    const take = () => {
      for (let tried = 0; tried < pool.length; tried++) {
        const trainee = pool[cursor++ % pool.length]!;
        if (!used.has(trainee.id)) {
          used.add(trainee.id);
          return trainee;
        }
      }
      return null;
    };
    return kinds.map((kind) => {
      const trainee = kind === 'new' ? null : take();
      if (!trainee) return newPerson(context);
      if (kind === 'snils') return bySnils(context, trainee);
      if (kind === 'name') return byName(context, trainee);
      return newPerson(context, trainee.registryNumber);
    });
  };
}
