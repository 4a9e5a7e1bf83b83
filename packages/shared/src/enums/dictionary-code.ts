import { isWeekendDate } from '../format/dates.js';
import { isIsoDate } from '../format/dates.js';

/**
 * The dictionaries an operator keeps, by the code that appears in `/api/v1/dictionaries/{code}` and in the
 * screen's URL. A new dictionary (for example holidays) is one more code here with its title; the server then
 * refuses to compile until it says where that dictionary's entries live.
 */
export const dictionaryCodes = [
  'addresses',
  'schools',
  'termination-reasons',
  'organizations',
  'holidays',
  'working-days',
] as const;
export type DictionaryCode = (typeof dictionaryCodes)[number];

/** The title of each dictionary's screen and menu item. */
export const dictionaryTitles: Record<DictionaryCode, string> = {
  addresses: 'Адреса',
  schools: 'Учебные заведения',
  'termination-reasons': 'Основания прекращения стажировки',
  organizations: 'СРО',
  holidays: 'Праздничные дни',
  'working-days': 'Рабочие дни (переносы)',
};

/** Rules some dictionaries put on their values beyond the common length limit. */
export const dictionaryValueRules: Partial<
  Record<DictionaryCode, { test: (value: string) => boolean; message: string }>
> = {
  // Holidays move the import deadlines: a value must be a real date the deadline rule can read.
  holidays: {
    test: isIsoDate,
    message: 'Праздничный день записывается как дата ГГГГ-ММ-ДД, например 2027-01-07',
  },
  // A weekday is working anyway: only a Saturday or a Sunday a decree made working changes a deadline.
  'working-days': {
    test: (value) => isIsoDate(value) && isWeekendDate(value),
    message: 'Рабочий день по переносу — это суббота или воскресенье, дата ГГГГ-ММ-ДД, например 2025-11-01',
  },
};

export function isDictionaryCode(code: string): code is DictionaryCode {
  return (dictionaryCodes as readonly string[]).includes(code);
}
