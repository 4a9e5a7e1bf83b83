import { describe, expect, it } from 'vitest';
import { texts, type ImportMail } from '@registry/shared';
import { tooShortText } from '@/components/search-autocomplete';
import { progressText, unchangedText } from './import-row-filter';
import { mailStateText } from './import-mails';
import { finalText } from './review/review-texts';

/*
 * Every phrase of the app that puts a count beside a word agrees with the count (issue #34: «ещё 1 запись
 * обрабатывает другие операторы»): 1, 2, 5, 11 and 21 take the three Russian forms, 11 the teens' one.
 */

const counts = [1, 2, 5, 11, 21] as const;
const said = (phrase: (n: number) => string) => counts.map(phrase);

describe('phrases with a count', () => {
  it('the last row of an import: how many rows other operators still process', () => {
    expect(
      said((n) => finalText({ RowCount: n + 1, PendingCount: n, RejectedCount: 1, UnchangedCount: 0 })),
    ).toEqual([
      'Свободных записей больше нет: внесено в реестр — 0 записей, отклонено — 1 запись; другие операторы обрабатывают ещё 1 запись.',
      'Свободных записей больше нет: внесено в реестр — 0 записей, отклонено — 1 запись; другие операторы обрабатывают ещё 2 записи.',
      'Свободных записей больше нет: внесено в реестр — 0 записей, отклонено — 1 запись; другие операторы обрабатывают ещё 5 записей.',
      'Свободных записей больше нет: внесено в реестр — 0 записей, отклонено — 1 запись; другие операторы обрабатывают ещё 11 записей.',
      'Свободных записей больше нет: внесено в реестр — 0 записей, отклонено — 1 запись; другие операторы обрабатывают ещё 21 запись.',
    ]);
  });

  it("an import's unchanged rows, folded and beside its progress", () => {
    expect(said(unchangedText)).toEqual([
      'Без изменений: 1 строка',
      'Без изменений: 2 строки',
      'Без изменений: 5 строк',
      'Без изменений: 11 строк',
      'Без изменений: 21 строка',
    ]);
    const progress = (n: number) => progressText({ pending: 0, finished: 1, rejected: 0, unchanged: n });
    expect(said(progress).map((text) => text.replace(/^.*, /, ''))).toEqual([
      'без изменений — 1 строка',
      'без изменений — 2 строки',
      'без изменений — 5 строк',
      'без изменений — 11 строк',
      'без изменений — 21 строка',
    ]);
  });

  it('a search term too short', () => {
    expect(said(tooShortText)).toEqual([
      'Введите не менее 1 символа',
      'Введите не менее 2 символов',
      'Введите не менее 5 символов',
      'Введите не менее 11 символов',
      'Введите не менее 21 символа',
    ]);
  });

  it('a text too long, and a request nested too deep', () => {
    expect(said(texts.tooLong)).toEqual([
      'Не более 1 символа',
      'Не более 2 символов',
      'Не более 5 символов',
      'Не более 11 символов',
      'Не более 21 символа',
    ]);
    expect(said(texts.inputTooDeep).map((text) => text.replace(/^.*: /, ''))).toEqual([
      'допускается не более 1 уровня',
      'допускается не более 2 уровней',
      'допускается не более 5 уровней',
      'допускается не более 11 уровней',
      'допускается не более 21 уровня',
    ]);
  });

  it('a list shown only so far', () => {
    expect(said((n) => texts.listCapped(n, 'ФИО'))).toEqual([
      'Показана первая 1 страница списка: уточните запрос — ФИО',
      'Показаны первые 2 страницы списка: уточните запрос — ФИО',
      'Показаны первые 5 страниц списка: уточните запрос — ФИО',
      'Показаны первые 11 страниц списка: уточните запрос — ФИО',
      'Показана первая 21 страница списка: уточните запрос — ФИО',
    ]);
    expect(said((n) => texts.listPagesBeyond(n, 'ФИО'))).toEqual([
      'Список показывает первую 1 страницу: уточните запрос — ФИО',
      'Список показывает первые 2 страницы: уточните запрос — ФИО',
      'Список показывает первые 5 страниц: уточните запрос — ФИО',
      'Список показывает первые 11 страниц: уточните запрос — ФИО',
      'Список показывает первую 21 страницу: уточните запрос — ФИО',
    ]);
  });

  it('a letter to an SRO that failed', () => {
    const failed = (attempts: number) =>
      mailStateText({ Status: 'failed', Attempts: attempts, LastError: 'сервер недоступен' } as ImportMail);
    expect(said(failed)).toEqual([
      'Не отправлено после 1 попытки: сервер недоступен',
      'Не отправлено после 2 попыток: сервер недоступен',
      'Не отправлено после 5 попыток: сервер недоступен',
      'Не отправлено после 11 попыток: сервер недоступен',
      'Не отправлено после 21 попытки: сервер недоступен',
    ]);
  });
});
