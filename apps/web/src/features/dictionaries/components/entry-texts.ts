import type { DictionaryCode } from '@registry/shared';

/** Dictionaries whose entries are a single value; the SRO have a screen of their own. */
export type EntryDictionaryCode = Exclude<DictionaryCode, 'organizations'>;

/** What the list and the dialog of each such dictionary call its value. */
export const entryTexts: Record<
  EntryDictionaryCode,
  { label: string; searchLabel: string; addTitle: string; editTitle: string }
> = {
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
};
