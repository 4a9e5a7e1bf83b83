import {
  EmploymentType,
  InternshipStatus,
  formatSnils,
  internshipStatuses,
  isIsoDate,
  isValidSnils,
  normalizeForSearch,
  type Requisites,
} from '@registry/shared';
import { cellMessages } from './change-file-messages.js';
import type { CellKind } from './change-file-columns.js';

/*
 * Reading one cell as its column's kind, the way real files come: a SNILS typed as a number has lost its
 * leading zeros, a date is a date cell or text in either of two shapes, a flag is Да/Нет in any case or 1/0,
 * and spaces may be non-breaking or repeated. Text fields pass through as text: the shared schema of their
 * field checks them, so the card and the import say the same about a name or an e-mail.
 */

/** A cell that holds a date (a number under a date format), as `yyyy-MM-dd`. */
export class SheetDate {
  constructor(readonly iso: string) {}
}

/** A cell whose formula failed: its cached value is an error such as `#N/A`. */
export class SheetError {
  constructor(readonly code: string) {}
}

export type CellValue = string | number | boolean | SheetDate | SheetError;

export type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

const ok = (value: unknown): Parsed => ({ ok: true, value });
const fail = (problem: string): Parsed => ({ ok: false, problem });

/** Spaces of every kind (non-breaking, thin, zero-width, line breaks) folded to one and trimmed. */
export function cleanText(text: string): string {
  // Most cells need nothing done: a name, a number; they are let through without a new string.
  if (!/\s\s|[^\S ]|^ | $|[\u200b\ufeff]/.test(text)) return text;
  return text.replace(/[\s\u200b\ufeff]+/g, ' ').trim();
}

/** `yyyy-MM-dd` as a clerk writes it: `ДД.ММ.ГГГГ`. */
export function russianDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** What the cell shows, as text: kept in the row's raw values and quoted in messages. */
export function cellText(value: CellValue): string {
  if (typeof value === 'string') return cleanText(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (value instanceof SheetDate) return russianDate(value.iso);
  return value.code;
}

const RUSSIAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date written `ДД.ММ.ГГГГ` or `ГГГГ-ММ-ДД`, as `yyyy-MM-dd`, or null when it is not a real date. */
export function parseDateText(text: string): string | null {
  const russian = RUSSIAN_DATE.exec(text);
  const iso = russian
    ? `${russian[3]}-${russian[2]!.padStart(2, '0')}-${russian[1]!.padStart(2, '0')}`
    : ISO_DATE.test(text)
      ? text
      : null;
  return iso && isIsoDate(iso) ? iso : null;
}

/** The digits of a cell that should hold only digits; a number cell gets back the leading zeros it lost. */
function digitsOf(value: CellValue, text: string, length: number): string | null {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value < 10 ** length
      ? String(value).padStart(length, '0')
      : null;
  }
  // Digits may be grouped by spaces, hyphens or dots, as people write them; nothing else may be mixed in.
  if (!/^[\d\s.\-–]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length === length ? digits : null;
}

function parseSnils(value: CellValue, text: string): Parsed {
  const digits = digitsOf(value, text, 11);
  if (!digits) return fail(cellMessages.snilsDigits(text));
  return isValidSnils(digits) ? ok(formatSnils(digits)) : fail(cellMessages.snilsChecksum);
}

function parseDate(value: CellValue, text: string): Parsed {
  if (value instanceof SheetDate) return ok(value.iso);
  const iso = typeof value === 'string' ? parseDateText(text) : null;
  if (iso) return ok(iso);
  const shaped = typeof value === 'string' && (RUSSIAN_DATE.test(text) || ISO_DATE.test(text));
  return fail(shaped ? cellMessages.noSuchDate(text) : cellMessages.date(text));
}

function parseEducationCode(value: CellValue, text: string): Parsed {
  const digits = digitsOf(value, text, 6);
  if (!digits) return fail(cellMessages.educationCode(text));
  return ok(`${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4)}`);
}

function parseDigits(value: CellValue, text: string): Parsed {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 ? ok(String(value)) : fail(cellMessages.digits(text));
  const digits = text.replace(/\s/g, '');
  return /^\d+$/.test(digits) ? ok(digits) : fail(cellMessages.digits(text));
}

function parseWholeNumber(value: CellValue, text: string): Parsed {
  const number = typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(number) && number >= 0 ? ok(number) : fail(cellMessages.wholeNumber(text));
}

const FLAGS = new Map<string, boolean>([
  // As the template's drop-down writes them, found without folding.
  ['Да', true],
  ['Нет', false],
  ['да', true],
  ['нет', false],
  ['1', true],
  ['0', false],
]);

function parseFlag(value: CellValue, text: string): Parsed {
  if (typeof value === 'boolean') return ok(value);
  const flag = FLAGS.get(text) ?? FLAGS.get(normalizeForSearch(text));
  return flag === undefined ? fail(cellMessages.flag(text)) : ok(flag);
}

const STATUSES = new Map<string, number>(
  [
    InternshipStatus.Ongoing,
    InternshipStatus.Paused,
    InternshipStatus.Terminated,
    InternshipStatus.Completed,
  ].map((status) => [normalizeForSearch(internshipStatuses.label(status)), status]),
);

function parseStatus(_value: CellValue, text: string): Parsed {
  const status = STATUSES.get(normalizeForSearch(text));
  return status === undefined ? fail(cellMessages.status(text)) : ok(status);
}

const EMPLOYMENT_TYPES = new Map<string, number>([
  ['ип', EmploymentType.IndividualEntrepreneur],
  ['работник юридического лица', EmploymentType.Employee],
]);

function parseEmployment(_value: CellValue, text: string): Parsed {
  const type = EMPLOYMENT_TYPES.get(normalizeForSearch(text));
  return type === undefined ? fail(cellMessages.employment(text)) : ok(type);
}

// `№ 12-П от 15.03.2025`, `12-П от 15.03.2025`, `12-П, 15.03.2025` (a trailing «г.» is common and allowed).
const REQUISITES =
  /^(?:№\s?)?([^\s,](?:[^,]*?[^\s,])?)(?: от |, ?)(\d{1,2}\.\d{1,2}\.\d{4}|\d{4}-\d{2}-\d{2})(?: ?г\.?)?$/;
// Longer text is never a number and a date; the limit also keeps the pattern's work small.
const MAX_REQUISITES_MATCH = 150;

function parseRequisites(value: CellValue, text: string): Parsed {
  const requisites: Requisites = { Number: null, Date: null, UnstructuredValue: null };
  if (value instanceof SheetDate) return ok({ ...requisites, Date: value.iso });
  const match = text.length <= MAX_REQUISITES_MATCH ? REQUISITES.exec(text) : null;
  if (!match) return ok({ ...requisites, UnstructuredValue: text });
  const date = parseDateText(match[2]!);
  if (!date) return fail(cellMessages.requisitesDate(text));
  return ok({ ...requisites, Number: match[1]!, Date: date });
}

type PureKind = Exclude<CellKind, 'school' | 'address' | 'terminationReason'>;

const parsers: Record<PureKind, (value: CellValue, text: string) => Parsed> = {
  text: (_value, text) => ok(text),
  snils: parseSnils,
  date: parseDate,
  passportSeries: (value, text) => {
    const digits = digitsOf(value, text, 4);
    return digits ? ok(digits) : fail(cellMessages.passportSeries(text));
  },
  passportNumber: (value, text) => {
    const digits = digitsOf(value, text, 6);
    return digits ? ok(digits) : fail(cellMessages.passportNumber(text));
  },
  educationCode: parseEducationCode,
  digits: parseDigits,
  employment: parseEmployment,
  status: parseStatus,
  wholeNumber: parseWholeNumber,
  requisites: parseRequisites,
  flag: parseFlag,
};

/** Reads a filled cell as its kind; a formula error is a problem in any column. */
export function parseCell(kind: PureKind, value: CellValue, text: string): Parsed {
  if (value instanceof SheetError) return fail(cellMessages.formulaError(value.code));
  return parsers[kind](value, text);
}

export type { PureKind };
