import type { DictionaryCode } from '@registry/shared';

/** Dictionaries whose entries are a single value; the SRO have a screen of their own. */
export type EntryDictionaryCode = Exclude<DictionaryCode, 'organizations'>;

type EntryTexts = {
  label: string;
  searchLabel: string;
  addTitle: string;
  editTitle: string;
  /**
   * The values are days (`yyyy-MM-dd`): typed in the date field, listed as yyyy.MM.dd
   * (docs/register-rules.md#how-values-are-written-and-shown).
   */
  isDate?: boolean;
};

const knownTexts: Partial<Record<EntryDictionaryCode, EntryTexts>> = {
  schools: {
    label: 'Наименование',
    searchLabel: 'Поиск по наименованию',
    addTitle: 'Добавить учебное заведение',
    editTitle: 'Редактирование учебного заведения',
  },
  addresses: {
    label: 'Адрес',
    searchLabel: 'Поиск по адресу',
    addTitle: 'Добавить адрес',
    editTitle: 'Редактирование адреса',
  },
  'termination-reasons': {
    label: 'Основание',
    searchLabel: 'Поиск по основанию',
    addTitle: 'Добавить основание прекращения стажировки',
    editTitle: 'Редактирование основания прекращения стажировки',
  },
  holidays: {
    label: 'Дата',
    searchLabel: 'Поиск по дате',
    addTitle: 'Добавить праздничный день',
    editTitle: 'Редактирование праздничного дня',
    // The import deadlines read these values as dates: the server accepts only yyyy-MM-dd.
    isDate: true,
  },
  'working-days': {
    label: 'Дата',
    searchLabel: 'Поиск по дате',
    addTitle: 'Добавить рабочий день',
    editTitle: 'Редактирование рабочего дня',
    isDate: true,
  },
};

// A dictionary added to the shared codes works at once under these words, until it is given its own.
const genericTexts: EntryTexts = {
  label: 'Значение',
  searchLabel: 'Поиск',
  addTitle: 'Добавить запись',
  editTitle: 'Редактирование записи',
};

/** What the list and the dialog of a dictionary call its value. */
export function entryTextsOf(code: EntryDictionaryCode): EntryTexts {
  return knownTexts[code] ?? genericTexts;
}
