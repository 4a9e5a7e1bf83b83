import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  EmploymentType,
  formatSnils,
  InternshipStatus,
  internshipStages,
  snilsFromBody,
  type DictionaryRef,
  type Internship,
  type InternshipStep,
  type InternshipSteps,
  type NamedRef,
  type PersonalInfo,
  type Requisites,
  type Supervisor,
} from '@registry/shared';
import { stableJson } from '../../../lib/stable-json.js';
import { preFilledFile } from '../../../test/change-files/pre-filled-file.js';
import { testOptions } from '../../../test/change-files/reader-options.js';
import type { ExportedTrainee } from '../change-file-export.repository.js';
import { verifyKeys } from '../change-file-keys.js';
import { DATE_FORMAT, FIRST_DATA_ROW } from '../change-file-template.js';
import { readChangeFile } from '../reader/change-file-reader.js';
import { emptySections } from '../reader/section-schemas.js';
import { filledPaths } from '../review/filled-paths.js';
import { mergeRow, type MergedRow } from '../review/merge.js';
import { changesNothing } from '../review/unchanged-rows.js';
import { russianDate } from './change-file-cells.js';
import { changeFileColumns, DATA_SHEET_NAME, type ChangeFileColumn } from './change-file-columns.js';
import { createRowPacker, unpackRows } from './change-file-packing.js';
import { dictionaryKey } from './dictionary-match.js';
import { cellOf, fieldOf, rowEntriesOf, type RowEntries } from './change-file-values.js';

/*
 * The pre-filled change file's round trip as a property (issue #36, 8b): random trainees of one SRO are written
 * by the export's own writer (with a repository that holds them instead of a database), a few random cells of
 * a few random rows are edited as a clerk would (a new value spelled as the template or as people type it, or
 * the cell cleared) and the file saved again, and it is read back and each row merged into its trainee as the
 * upload's «Без изменений» check merges it. An untouched row must change nothing; an edited row must change
 * exactly the fields whose cells got a new value, to that value (a cleared cell is «not reported» and changes
 * nothing, except in an entry the row adds, which holds only what the row says).
 *
 * The records are those the reader takes back (its rules across cells hold), with requisites in the shapes one
 * cell can say: a number and a date, a date, or a text. Left out as not plain: an edit that makes the row speak
 * of another entry (a list date of another entry, another supervisor's number) and a cleared cell that leaves
 * a list entry without its date, which the merge appends as a new entry.
 *
 * 200 runs of a fixed seed here (about 6 s); `ROUNDTRIP_RUNS=1000 npx vitest run <this file>` runs more (about
 * 25 s), and ROUNDTRIP_SEED another seed.
 */

const RUNS = Number(process.env.ROUNDTRIP_RUNS ?? 200);
const SEED = Number(process.env.ROUNDTRIP_SEED ?? 36_08);

const SRO: NamedRef = { Id: 7, Name: 'СРО «Кадастровые инженеры»' };
const OTHER_SRO: NamedRef = { Id: 8, Name: 'СРО «Другая»' };
const TODAY = '2026-11-22';

const dictionaries = {
  schools: [
    { Id: 1, Name: 'МИИГАиК' },
    { Id: 2, Name: 'Университет «Геодезия»' },
    { Id: 3, Name: 'Колледж им. Ёлкина' },
  ] satisfies NamedRef[],
  addresses: [
    { Id: 11, Value: 'г. Москва, ул. Ленина, д. 1' },
    { Id: 12, Value: 'Тверь, пр-т Мира, 5' },
  ] satisfies DictionaryRef[],
  terminationReasons: [
    { Id: 21, Value: 'По заявлению стажёра' },
    { Id: 22, Value: 'Истёк срок' },
  ] satisfies DictionaryRef[],
};
const readerOptions = testOptions({ organization: SRO, dictionaries, today: TODAY });

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A date from `from` to `to`, both `yyyy-MM-dd`. */
const dateIn = (from: string, to: string) => fc.integer({ min: dayOf(from), max: dayOf(to) }).map(isoOfDay);
// Any date the register takes, the first months of 1900 (where Excel's calendar is a day off) more often.
const anyDate = fc.oneof(dateIn('1900-01-01', '2100-12-31'), dateIn('1900-01-01', '1900-03-31'));
/** A date no earlier than `earliest`, when there is one. */
const dateFrom = (earliest: string | null) => (earliest ? dateIn(earliest, '2100-12-31') : anyDate);

/** Spaces folded and trimmed, empty as null: what the field schemas keep of a text. */
const normalised = (text: string) => text.replace(/\s+/g, ' ').trim() || null;

const LETTERS = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЁЖЯabcdefxyzQWZ';
const TEXT_CHARS = `${LETTERS}0123456789 -.,№/"«»'()=+@&<>;:!?%#_`;
const textOf = (chars: string, maxLength: number) =>
  fc
    .string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength })
    .map(normalised)
    .filter((text): text is string => text !== null);
const text = textOf(TEXT_CHARS, 30);
// A text of the requisites' own shape («12 от 01.02.2025») is read as a number and a date: not free text.
const freeText = text.filter((value) => !/\d{1,2}\.\d{1,2}\.\d{4}|\d{4}-\d{2}-\d{2}/.test(value));
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 3 });

const personName = fc
  .tuple(fc.constantFrom(...LETTERS), textOf(`${LETTERS} -'’`, 20))
  .map(([first, rest]) => normalised(first + rest)!);
const word = textOf('abcdefghijklmnopqrstuvwxyz0123456789', 8);
const email = fc
  .tuple(word, fc.option(word, { nil: null }), word, fc.constantFrom('ru', 'com'))
  .map(([name, more, domain, zone]) => `${name}${more ? `.${more}` : ''}@${domain}.${zone}`);
const digits = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((all) => all.join(''));
const masked = (length: number, mask: (all: string) => string) => digits(length).map(mask);
const passportSeries = masked(4, (d) => `${d.slice(0, 2)} ${d.slice(2)}`);
const passportNumber = masked(6, (d) => `${d.slice(0, 3)} ${d.slice(3)}`);
const educationCode = masked(6, (d) => `${d.slice(0, 2)}.${d.slice(2, 4)}.${d.slice(4)}`);
const grkiNumber = fc.integer({ min: 1, max: 12 }).chain(digits);
/** Numbers people give things («СТ-01», «00123»): letters, digits, hyphens, slashes, a space. */
const number = textOf(`${LETTERS}0123456789-/ `, 12);

// SNILS with leading zeros: a number up to 001-001-998 has no check number to hold, a larger one has a valid one.
const snils = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 1_001_998 }), digits(2))
    .map(([body, check]) => formatSnils(String(body).padStart(9, '0') + check)),
  fc.integer({ min: 1_001_999, max: 999_999_999 }).map(snilsFromBody),
  fc.integer({ min: 1_001_999, max: 9_999_999 }).map(snilsFromBody),
);

const requisites: fc.Arbitrary<Requisites> = fc.oneof(
  fc.constant({ Number: null, Date: null, UnstructuredValue: null }),
  fc
    .tuple(textOf(`${LETTERS}0123456789-/№ `, 15), anyDate)
    .map(([no, date]) => ({ Number: no, Date: date, UnstructuredValue: null })),
  anyDate.map((date) => ({ Number: null, Date: date, UnstructuredValue: null })),
  freeText.map((value) => ({ Number: null, Date: null, UnstructuredValue: value })),
);

const school = fc.constantFrom(...dictionaries.schools);
const address = fc.constantFrom(...dictionaries.addresses);
const reason = fc.constantFrom(...dictionaries.terminationReasons);

type Draft<T> = Omit<T, 'Id' | 'Entry_Id'>;

const personalInfo: fc.Arbitrary<Draft<PersonalInfo>> = dateIn('1927-01-01', '2010-01-01').chain((birth) =>
  fc.record({
    LastName: personName,
    FirstName: personName,
    PatronymicName: nullable(personName),
    Snils: snils,
    DateOfBirth: fc.option(fc.constant(birth), { nil: null, freq: 5 }),
    Passport: fc.record({
      Series: nullable(passportSeries),
      Number: nullable(passportNumber),
      IssuedAt: nullable(dateFrom(birth)),
      IssuedBy: nullable(text),
    }),
    Contacts: fc.record({
      PhoneNumber: nullable(
        fc.oneof(
          text,
          digits(11).map((d) => `+${d}`),
        ),
      ),
      PostalAddress: nullable(text),
      EmailAddress: nullable(email),
    }),
    Education: fc.record({
      Name: nullable(text),
      Code: nullable(educationCode),
      Qualification: nullable(text),
    }),
    School: nullable(school),
  }),
);

const supervisor = (cadastre: fc.Arbitrary<string | null>): fc.Arbitrary<Draft<Supervisor>> =>
  fc
    .record({
      LastName: personName,
      FirstName: personName,
      PatronymicName: nullable(personName),
      CadastreNumber: cadastre,
      GrkiNumber: nullable(grkiNumber),
      Contacts: fc.record({
        PhoneNumber: nullable(text),
        PostalAddress: nullable(text),
        EmailAddress: nullable(email),
      }),
      EmploymentType: nullable(
        fc.constantFrom(EmploymentType.IndividualEntrepreneur, EmploymentType.Employee),
      ),
      JuridicalShortName: nullable(text),
    })
    // SupervisorSchema's own rule.
    .filter((entry) => entry.EmploymentType !== EmploymentType.Employee || entry.JuridicalShortName !== null);

/**
 * A list of entries, the latest (the one a row reports) from `latest`. Each has a date of its own, and only the
 * latest may have none: the merge tells a row's entry by its date, and one without a date by all it says.
 */
function listOf<T>(entry: fc.Arbitrary<T>, latest: fc.Arbitrary<T>, dateOf: (entry: T) => string | null) {
  return fc
    .tuple(fc.array(entry, { maxLength: 2 }), fc.option(latest, { nil: null }))
    .map(([earlier, last]) => (last === null ? earlier : [...earlier, last]))
    .filter((entries) => {
      const dates = entries.map(dateOf);
      if (dates.slice(0, -1).includes(null)) return false;
      const known = dates.filter((date) => date !== null);
      return new Set(known).size === known.length;
    });
}

const miscInfo = (earliest: string | null) =>
  fc.record({
    EndedAt: nullable(dateFrom(earliest)),
    Address: nullable(address),
    AdmissionRequisites: requisites,
    ModificationRequisites: requisites,
  });
const pauseInfo = (earliest: string | null) =>
  fc.record({
    PausedAt: dateFrom(earliest),
    PauseDuration: nullable(text),
    PauseBasis: nullable(text),
    Requisites: requisites,
  });
const resumeInfo = (earliest: string | null) =>
  fc.record({ ResumedAt: dateFrom(earliest), Requisites: requisites });
const contractInfo = fc.record({ ContractEndsAt: nullable(anyDate), Requisites: requisites });

/** The reader's rules across cells hold for the entry a row reports: dates in order, what a status needs. */
const internship = (organization: NamedRef): fc.Arbitrary<Draft<Internship>> =>
  nullable(anyDate).chain((started) =>
    fc
      .record({
        StartedAt: fc.constant(started),
        Organization: fc.constant(organization),
        EndBasis: nullable(reason),
        Duration: nullable(fc.integer({ min: 0, max: 600 })),
        Status: fc.constantFrom(...Object.values(InternshipStatus)),
        RegistryNumber: nullable(number),
        MiscInfo: listOf(miscInfo(null), miscInfo(started), (entry) => entry.EndedAt),
        PauseInfo: listOf(pauseInfo(null), pauseInfo(started), (entry) => entry.PausedAt),
        ContractInfo: listOf(contractInfo, contractInfo, (entry) => entry.ContractEndsAt),
        IsEmpty: fc.constant(false),
        IsCumulative: fc.boolean(),
      })
      .chain((drafted) =>
        listOf(
          resumeInfo(null),
          resumeInfo(drafted.PauseInfo.at(-1)?.PausedAt ?? null),
          (entry) => entry.ResumedAt,
        ).map((ResumeInfo) => ({ ...drafted, ResumeInfo })),
      )
      .filter((entry) => entry.Status !== InternshipStatus.Terminated || entry.EndBasis !== null),
  );

const step: fc.Arbitrary<InternshipStep> = nullable(anyDate).chain((started) =>
  fc
    .record({
      StartedAt: fc.constant(started),
      EndedAt: nullable(dateFrom(started)),
      HasPassed: fc.boolean(),
      HasMaterials: fc.boolean(),
    })
    .map((entry) => ({ ...entry, HasPassed: entry.HasPassed && entry.EndedAt !== null })),
);

const steps: fc.Arbitrary<Draft<InternshipSteps>> = fc.record({
  EntryStep: step,
  Step1: step,
  Step2: step,
  Step3: step,
  ClosingStep: step,
  SupervisorStatement: requisites,
  HasPassed: fc.boolean(),
});

const numberKey = (value: string | null) => value?.replace(/\s+/g, '').toLocaleLowerCase('ru') ?? null;

const traineeDraft = fc.record({
  PersonalInfo: personalInfo,
  // Earlier supervisors may lack the number the latest must have; no two share one.
  Supervisors: fc
    .tuple(
      fc.array(supervisor(nullable(number)), { maxLength: 2 }),
      fc.option(supervisor(number), { nil: null }),
    )
    .map(([earlier, last]) => (last === null ? earlier : [...earlier, last]))
    .filter((entries) => {
      const keys = entries.map((entry) => numberKey(entry.CadastreNumber)).filter((key) => key !== null);
      return new Set(keys).size === keys.length;
    }),
  Internship: internship(SRO),
  // Another SRO's internship, entered last, at times with the same number: the export and the merge must pass
  // it by.
  Elsewhere: fc.option(fc.tuple(internship(OTHER_SRO), fc.boolean()), { nil: null }),
  InternshipSteps: fc.array(steps, { maxLength: 2 }),
});
type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
type TraineeDraft = ValueOf<typeof traineeDraft>;

/** The trainee as the export's repository reads it: entries with their ids and places. */
function traineeOf(draft: TraineeDraft, id: number): ExportedTrainee {
  let next = id * 100;
  const entries = <T>(list: T[]) => list.map((entry, i) => ({ ...entry, Id: ++next, Entry_Id: i + 1 }));
  const internships: Draft<Internship>[] = [draft.Internship];
  if (draft.Elsewhere) {
    const [elsewhere, sameNumber] = draft.Elsewhere;
    internships.push(
      sameNumber ? { ...elsewhere, RegistryNumber: draft.Internship.RegistryNumber } : elsewhere,
    );
  }
  return {
    id,
    version: 1,
    isDeleted: false,
    sections: {
      PersonalInfo: entries([draft.PersonalInfo]),
      Supervisors: entries(draft.Supervisors),
      Internships: entries(internships),
      InternshipSteps: entries(draft.InternshipSteps),
    },
  };
}

/** A column's value as the field holds it, for a new value of its cell. */
function fieldValue(column: ChangeFileColumn): fc.Arbitrary<unknown> {
  switch (column.kind) {
    case 'snils':
      return snils;
    case 'date':
      return anyDate;
    case 'passportSeries':
      return passportSeries;
    case 'passportNumber':
      return passportNumber;
    case 'educationCode':
      return educationCode;
    case 'school':
      return school;
    case 'digits':
      return grkiNumber;
    case 'employment':
      return fc.constantFrom(EmploymentType.IndividualEntrepreneur, EmploymentType.Employee);
    case 'status':
      return fc.constantFrom(
        InternshipStatus.Ongoing,
        InternshipStatus.Paused,
        InternshipStatus.Terminated,
        InternshipStatus.Completed,
      );
    case 'wholeNumber':
      return fc.integer({ min: 0, max: 600 });
    case 'terminationReason':
      return reason;
    case 'address':
      return address;
    case 'requisites':
      return requisites.filter((value) => cellOf(column, value) !== null);
    case 'flag':
      return fc.boolean();
    default:
      if (column.path.endsWith('EmailAddress')) return email;
      if (/(^|\.)(LastName|FirstName|PatronymicName)$/.test(column.path)) return personName;
      if (column.asText) return number;
      return text;
  }
}

/** One cell edited: its row (taken modulo the rows), column, and a new value, or none to clear it. */
const edit = fc
  .record({
    row: fc.nat(),
    column: fc.integer({ min: 0, max: changeFileColumns.length - 1 }),
    spelling: fc.nat({ max: 3 }),
  })
  .chain((picked) =>
    fc
      .record({ value: fieldValue(changeFileColumns[picked.column]!), clear: fc.integer({ min: 0, max: 4 }) })
      .map(({ value, clear }) => ({ ...picked, clear: clear === 0, value })),
  );
type Edit = ValueOf<typeof edit>;

/** How a clerk may write a value: as the template's drop-downs and formats do, or as people type it. */
function typedCell(column: ChangeFileColumn, value: unknown, spelling: number): ExcelJS.CellValue {
  const cell = cellOf(column, value) as ExcelJS.CellValue;
  switch (column.kind) {
    case 'date':
      return [cell, russianDate(value as string), value as string, cell][spelling]!;
    case 'snils': {
      const all = (value as string).replace(/\D/g, '');
      // As a number the leading zeros are lost; the reader gives them back.
      return [cell, all, Number(all), ` ${value as string} `][spelling]!;
    }
    case 'passportSeries':
    case 'passportNumber':
    case 'educationCode': {
      const all = (value as string).replace(/\D/g, '');
      return [cell, all, Number(all), cell][spelling]!;
    }
    case 'flag':
      return [cell, value ? 'да' : 'нет', value as boolean, value ? 1 : 0][spelling]!;
    case 'status':
    case 'employment':
    case 'school':
    case 'address':
    case 'terminationReason':
      return [cell, String(cell).toLocaleUpperCase('ru'), String(cell).toLocaleLowerCase('ru'), cell][
        spelling
      ]!;
    case 'wholeNumber':
      return [cell, String(cell), cell, cell][spelling]!;
    case 'requisites':
      return typeof cell === 'string' && spelling === 1 && (value as Requisites).Number ? `${cell} г.` : cell;
    default:
      return spelling === 1 ? `  ${String(cell)} ` : cell;
  }
}

const columnAt = (section: ChangeFileColumn['section'], path: string) =>
  changeFileColumns.find((column) => column.section === section && column.path === path)!;

/** A row as its cells say it: each column's value, null where the cell is empty. */
type RowValues = Map<ChangeFileColumn, unknown>;

function rowValuesOf(entries: RowEntries): RowValues {
  return new Map(
    changeFileColumns.map((column) => {
      const value = fieldOf(entries, column);
      return [column, cellOf(column, value) === null ? null : value];
    }),
  );
}

const age = (birth: string) => {
  const years = Number(TODAY.slice(0, 4)) - Number(birth.slice(0, 4));
  return TODAY.slice(5) < birth.slice(5) ? years - 1 : years;
};

/** Whether the reader takes the row: the rules of row-reader.ts's checkRow, said again from the docs. */
function readerTakes(values: RowValues): boolean {
  const at = (section: ChangeFileColumn['section'], path: string) =>
    values.get(columnAt(section, path)) ?? null;
  const isOrdered = (earlier: unknown, later: unknown) =>
    earlier === null || later === null || (later as string) >= (earlier as string);
  const anyFilled = (section: ChangeFileColumn['section'], prefix: string) =>
    changeFileColumns.some(
      (column) => column.section === section && column.path.startsWith(prefix) && values.get(column) !== null,
    );
  if (at('PersonalInfo', 'LastName') === null || at('PersonalInfo', 'FirstName') === null) return false;
  if (at('PersonalInfo', 'Snils') === null) return false;
  const birth = at('PersonalInfo', 'DateOfBirth') as string | null;
  if (birth !== null && (birth >= TODAY || age(birth) < 16 || age(birth) > 100)) return false;
  if (!isOrdered(birth, at('PersonalInfo', 'Passport.IssuedAt'))) return false;
  if (anyFilled('Supervisor', '')) {
    if (['LastName', 'FirstName', 'CadastreNumber'].some((path) => at('Supervisor', path) === null))
      return false;
    if (
      at('Supervisor', 'EmploymentType') === EmploymentType.Employee &&
      at('Supervisor', 'JuridicalShortName') === null
    )
      return false;
  }
  if (at('Internship', 'Status') === InternshipStatus.Terminated && at('Internship', 'EndBasis') === null)
    return false;
  const started = at('Internship', 'StartedAt');
  const paused = at('Internship', 'PauseInfo.PausedAt');
  if (!isOrdered(started, at('Internship', 'MiscInfo.EndedAt')) || !isOrdered(started, paused)) return false;
  if (!isOrdered(paused, at('Internship', 'ResumeInfo.ResumedAt'))) return false;
  if (anyFilled('Internship', 'PauseInfo.') && paused === null) return false;
  if (anyFilled('Internship', 'ResumeInfo.') && at('Internship', 'ResumeInfo.ResumedAt') === null)
    return false;
  return internshipStages.every(([key]) => {
    const ended = at('InternshipSteps', `${key}.EndedAt`);
    if (!isOrdered(at('InternshipSteps', `${key}.StartedAt`), ended)) return false;
    return at('InternshipSteps', `${key}.HasPassed`) !== true || ended !== null;
  });
}

/** Two fields hold the same: references by their row, the rest by their JSON. */
function sameValue(a: unknown, b: unknown): boolean {
  const ref = (value: unknown) =>
    value && typeof value === 'object' && 'Id' in value ? value.Id : undefined;
  if (ref(a) !== undefined || ref(b) !== undefined) return ref(a) === ref(b);
  return stableJson(a) === stableJson(b);
}

const SECRET = Buffer.from('secret');

function exported(trainees: ExportedTrainee[]): Promise<Buffer> {
  const header = { exportId: 'roundtrip', organizationId: SRO.Id, exportedAt: `${TODAY}T09:00:00.000Z` };
  return preFilledFile(trainees, header, SECRET);
}

/**
 * The file with its cells edited, saved again by a spreadsheet program (exceljs). Without the drop-downs,
 * which the reader does not read: exceljs takes each of their ranges apart into 10,000 cells on the way in and
 * writes them back one by one, half a second a file.
 */
async function withEdits(
  file: Buffer,
  edits: { row: number; column: ChangeFileColumn; cell: ExcelJS.CellValue }[],
) {
  const workbook = await new ExcelJS.Workbook().xlsx.load(new Uint8Array(file).buffer, {
    ignoreNodes: ['dataValidations'],
  });
  const sheet = workbook.getWorksheet(DATA_SHEET_NAME)!;
  for (const { row, column, cell } of edits) {
    const target = sheet.getRow(FIRST_DATA_ROW + row).getCell(changeFileColumns.indexOf(column) + 2);
    target.value = cell;
    // A date typed into a cell gets Excel's date format, whatever the column's; exceljs shares a style among
    // the cells it loaded with it, so the cell gets a style of its own.
    if (cell instanceof Date) target.style = { ...target.style, numFmt: DATE_FORMAT };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface Planned {
  row: number;
  column: ChangeFileColumn;
  cell: ExcelJS.CellValue;
  /** The field's new value, or null for a cleared cell. */
  value: unknown;
}

/**
 * The edits that keep the file one the reader takes and whose meaning is plain, applied in turn; one that
 * breaks a rule across cells, repeats another row's SNILS or internship number, or makes the row speak of
 * another entry than the one it was written from (below) is left out.
 */
function planEdits(trainees: ExportedTrainee[], rows: RowEntries[], edits: Edit[]): Planned[] {
  const values = rows.map(rowValuesOf);
  const planned: Planned[] = [];
  for (const each of edits) {
    const row = each.row % rows.length;
    const column = changeFileColumns[each.column]!;
    const value = each.clear ? null : each.value;
    const next = new Map(values[row]!).set(column, value);
    if (!readerTakes(next) || !isUnique(values, row, column, value)) continue;
    if (
      value === null
        ? keepsDatelessEntry(next, column)
        : clashesWithEntry(trainees[row]!, rows[row]!, column, value)
    )
      continue;
    // A step cell of a trainee without steps adds the entry: one that says only what an empty entry says
    // («Нет») adds an entry with nothing in it, neither an unchanged row nor a changed field.
    if (column.section === 'InternshipSteps' && rows[row]!.InternshipSteps === null) {
      if (value !== null && sameValue(value, fieldOf(withSteps(rows[row]!), column))) continue;
    }
    values[row] = next;
    planned.push({
      row,
      column,
      value,
      cell: value === null ? null : typedCell(column, value, each.spelling),
    });
  }
  return planned;
}

/** Whether a SNILS or an internship number is no other row's, as the reader's duplicate check folds them. */
function isUnique(values: RowValues[], row: number, column: ChangeFileColumn, value: unknown) {
  const key =
    column === columnAt('PersonalInfo', 'Snils')
      ? (text: string) => text
      : column === columnAt('Internship', 'RegistryNumber')
        ? dictionaryKey
        : null;
  if (key === null || value === null) return true;
  return values.every((other, i) => {
    const theirs = other.get(column) as string | null;
    return i === row || theirs === null || key(theirs) !== key(value as string);
  });
}

const LIST_DATES: Record<string, string> = {
  MiscInfo: 'EndedAt',
  PauseInfo: 'PausedAt',
  ResumeInfo: 'ResumedAt',
  ContractInfo: 'ContractEndsAt',
};

/**
 * Whether a cleared cell leaves a list entry without a date but with other cells: the merge tells such an entry
 * by all it says (merge.ts, mergeList), so it appends it as a new entry and the cleared cell is not «not
 * reported» there. A list entry is cleared whole, or keeps its date.
 */
function keepsDatelessEntry(values: RowValues, column: ChangeFileColumn) {
  const [list] = column.keys;
  if (column.section !== 'Internship' || !(list! in LIST_DATES)) return false;
  const ofList = changeFileColumns.filter(
    (other) => other.section === 'Internship' && other.keys[0] === list,
  );
  const date = ofList.find((other) => other.keys[1] === LIST_DATES[list!])!;
  return values.get(date) === null && ofList.some((other) => values.get(other) !== null);
}

/**
 * Whether a new value makes the row speak of another entry than the one exported: a list date of one of the
 * list's other entries, or a supervisor's number of another supervisor.
 */
function clashesWithEntry(
  trainee: ExportedTrainee,
  entries: RowEntries,
  column: ChangeFileColumn,
  value: unknown,
) {
  const [list, field] = column.keys;
  if (column.section === 'Internship' && field !== undefined && field === LIST_DATES[list!]) {
    const others = ((entries.Internship?.[list as 'PauseInfo'] ?? []) as Record<string, unknown>[]).slice(
      0,
      -1,
    );
    return others.some((entry) => entry[field!] === value);
  }
  if (column.section === 'Supervisor' && column.path === 'CadastreNumber') {
    const others = trainee.sections.Supervisors.slice(0, -1);
    return others.some((entry) => numberKey(entry.CadastreNumber) === numberKey(value as string));
  }
  return false;
}

/** The entries a merged row leaves the trainee with, as a row of the file would report them. */
function entriesAfter(merged: MergedRow, before: RowEntries): RowEntries {
  return {
    PersonalInfo: merged.PersonalInfo.New!,
    Supervisor: merged.Supervisors[0]?.New ?? before.Supervisor,
    Internship: merged.Internship.New,
    InternshipSteps: merged.InternshipSteps.New,
  };
}

const shown = (column: ChangeFileColumn, value: unknown) => (cellOf(column, value) === null ? null : value);

const withSteps = (entries: RowEntries): RowEntries => ({
  ...entries,
  InternshipSteps: entries.InternshipSteps ?? (emptySections.InternshipSteps as InternshipSteps),
});

/**
 * The columns whose reported value differs between two sets of entries. A row that fills a step of a trainee
 * without steps adds the steps entry, its flags «Нет»: compared with an empty one, only the filled cells differ.
 */
function changedColumns(after: RowEntries, before: RowEntries): ChangeFileColumn[] {
  return changeFileColumns.filter(
    (column) =>
      !sameValue(
        shown(column, fieldOf(withSteps(after), column)),
        shown(column, fieldOf(withSteps(before), column)),
      ),
  );
}

/** What the runs covered, so that a generator that stopped editing or changing anything is noticed. */
const counts = { rows: 0, untouchedRows: 0, changedRows: 0, clears: 0 };

async function roundTrip(drafts: TraineeDraft[], edits: Edit[]) {
  const trainees = drafts.map((draft, i) => traineeOf(draft, 1001 + i));
  const rows = trainees.map((trainee) => rowEntriesOf(trainee.sections, SRO.Id)!);
  const planned = planEdits(trainees, rows, edits);
  const file = await exported(trainees);
  const bytes = planned.length === 0 ? file : await withEdits(file, planned);
  const result = readChangeFile(bytes, 'файл для изменений.xlsx', readerOptions);
  if (!result.ok) expect.fail(`the reader refused the file: ${result.problems.join('\n')}`);
  expect(result.rows.map((row) => [row.rowNumber, row.RegisterId])).toEqual(
    trainees.map((trainee, i) => [FIRST_DATA_ROW + i, trainee.id]),
  );
  // The keys come back as they were signed, through a save by a spreadsheet program too.
  const { exportKeys } = result;
  if (exportKeys === null || exportKeys === 'damaged') expect.fail(`the keys sheet: ${exportKeys}`);
  expect(verifyKeys(SECRET, exportKeys.header, exportKeys.keys, exportKeys.signature)).toBe(true);
  expect(exportKeys.keys.map((key) => [key.row, key.internId])).toEqual(
    trainees.map((trainee, i) => [FIRST_DATA_ROW + i, trainee.id]),
  );
  const packer = createRowPacker();
  const stored = unpackRows(packer.pack(result.rows));
  stored.forEach((row, i) => {
    const before = rows[i]!;
    const mine = planned.filter((each) => each.row === i);
    // The last edit of a cell is what the file holds.
    const final = new Map(mine.map((each) => [each.column, each.value]));
    const renamed = newEntries(before, final);
    const expected = changeFileColumns.filter((column) => {
      if (!final.has(column)) return false;
      const value = final.get(column);
      const old = shown(column, fieldOf(withSteps(before), column));
      // A cleared cell is not reported, but an entry the row adds holds only what the row reports.
      return value === null ? renamed(column) && old !== null : !sameValue(shown(column, value), old);
    });
    const context = JSON.stringify({
      row: i,
      edits: mine.map((each) => [each.column.header, each.value, each.cell]),
    });
    expect(row.notices, context).toEqual([]);

    const merged = mergeRow(row.data, trainees[i]!.sections, filledPaths(packer.headers, row.raw), SRO.Id);
    const after = entriesAfter(merged, before);
    const headers = (columns: ChangeFileColumn[]) => columns.map((column) => column.header);
    expect(headers(changedColumns(after, before)), context).toEqual(headers(expected));
    for (const column of expected) {
      expect(sameValue(shown(column, fieldOf(after, column)), final.get(column)), context).toBe(true);
    }
    expect(merged.Internship.Old === null, context).toBe(renamed(columnAt('Internship', 'RegistryNumber')));
    if (renamed(columnAt('Supervisor', 'CadastreNumber')))
      expect(merged.Supervisors[0]!.Old, context).toBeNull();
    expect(changesNothing(merged), context).toBe(expected.length === 0);

    counts.rows++;
    if (mine.length === 0) counts.untouchedRows++;
    if (expected.length > 0) counts.changedRows++;
    counts.clears += mine.filter((each) => each.value === null).length;
  });
}

/**
 * Whether a column's entry is one the row adds rather than one it updates (merge.ts): the internship or the
 * supervisor when the row gives a number the trainee's entries lack, a list's entry when the row gives it a
 * new date. An added entry holds only what the row's cells say.
 */
function newEntries(before: RowEntries, final: Map<ChangeFileColumn, unknown>) {
  const renames = (column: ChangeFileColumn, old: unknown, key: (value: string) => unknown) => {
    const value = final.get(column);
    return typeof value === 'string' && typeof old === 'string' && key(value) !== key(old);
  };
  const added = new Set<string>();
  if (renames(columnAt('Internship', 'RegistryNumber'), before.Internship?.RegistryNumber, numberKey))
    added.add('Internship');
  if (renames(columnAt('Supervisor', 'CadastreNumber'), before.Supervisor?.CadastreNumber, numberKey))
    added.add('Supervisor');
  for (const [list, field] of Object.entries(LIST_DATES)) {
    const date = columnAt('Internship', `${list}.${field}`);
    const value = final.get(date);
    if (typeof value === 'string' && value !== fieldOf(before, date)) added.add(list);
  }
  return (column: ChangeFileColumn) => added.has(column.section) || added.has(column.keys[0]!);
}

// The generators keep the rules across cells; shrinking a chained value may not, so the rules are held again.
const takenDraft = traineeDraft.filter((draft) =>
  readerTakes(rowValuesOf(rowEntriesOf(traineeOf(draft, 1).sections, SRO.Id)!)),
);

const fileDrafts = (minLength: number) =>
  fc.uniqueArray(takenDraft, {
    minLength,
    maxLength: 5,
    // One SNILS and one internship number per file, as the reader requires.
    comparator: (a, b) =>
      a.PersonalInfo.Snils === b.PersonalInfo.Snils ||
      (a.Internship.RegistryNumber !== null &&
        b.Internship.RegistryNumber !== null &&
        dictionaryKey(a.Internship.RegistryNumber) === dictionaryKey(b.Internship.RegistryNumber)),
  });

const files = fc.record({
  drafts: fileDrafts(1),
  edits: fc.oneof(
    { arbitrary: fc.constant([]), weight: 1 },
    { arbitrary: fc.array(edit, { minLength: 1, maxLength: 10 }), weight: 3 },
  ),
});

describe('the pre-filled change file, written, edited and read back', () => {
  it('changes nothing where no cell was edited, and exactly the fields whose cells got a new value', async () => {
    await fc.assert(
      fc.asyncProperty(files, ({ drafts, edits }) => roundTrip(drafts, edits)),
      { numRuns: RUNS, seed: SEED },
    );
    expect(counts.untouchedRows).toBeGreaterThan(RUNS / 2);
    expect(counts.changedRows).toBeGreaterThan(RUNS / 2);
    expect(counts.clears).toBeGreaterThan(RUNS / 10);
  });

  it('reads back a date before 1 March 1900, and a decision known only by its date after one with a number', async () => {
    const [drafts] = fc.sample(fileDrafts(2), { numRuns: 1, seed: SEED });
    const requisites = (Number: string | null, Date: string) => ({ Number, Date, UnstructuredValue: null });
    const decisions = [requisites('12-П', '2025-03-15'), requisites(null, '1900-01-01')];
    const withDecision = (draft: TraineeDraft, i: number): TraineeDraft => ({
      ...draft,
      Internship: {
        ...draft.Internship,
        StartedAt: '1900-01-01',
        MiscInfo: [
          {
            EndedAt: '1900-02-28',
            Address: null,
            AdmissionRequisites: decisions[i % 2]!,
            ModificationRequisites: requisites(null, '2025-03-15'),
          },
        ],
        PauseInfo: [],
        ResumeInfo: [],
      },
    });
    await roundTrip(drafts!.map(withDecision), []);
  });
});
