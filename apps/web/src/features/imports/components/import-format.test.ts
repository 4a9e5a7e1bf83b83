import { describe, expect, it } from 'vitest';
import type { ImportListItem } from '@registry/shared';
import {
  fileSizeText,
  rejectionsNote,
  requisitesText,
  statusText,
  timeLeft,
  unprocessedText,
  uploadedText,
} from './import-format';

describe('timeLeft', () => {
  it('counts the days with their Russian plural', () => {
    const cases: [number, string][] = [
      [1, '1 день'],
      [2, '2 дня'],
      [5, '5 дней'],
      [11, '11 дней'],
      [21, '21 день'],
      [22, '22 дня'],
      [25, '25 дней'],
    ];
    for (const [days, text] of cases) expect(timeLeft(0, days).text).toBe(text);
  });

  it('warns in the error colour at one day or less', () => {
    expect(timeLeft(0, 1)).toEqual({ text: '1 день', isUrgent: true });
    expect(timeLeft(1, 2)).toEqual({ text: '2 дня', isUrgent: false });
  });

  it('says overdue at zero days or less', () => {
    expect(timeLeft(0, 0)).toEqual({ text: 'Просрочено', isUrgent: true });
    expect(timeLeft(1, -3)).toEqual({ text: 'Просрочено', isUrgent: true });
  });

  it('rounds a part of a day up', () => {
    expect(timeLeft(0, 1.2).text).toBe('2 дня');
  });

  it('shows dashes once the import is processed or rejected, whatever the days', () => {
    expect(timeLeft(2, -5)).toEqual({ text: '—', isUrgent: false });
    expect(timeLeft(3, 4)).toEqual({ text: '—', isUrgent: false });
  });
});

describe('statusText', () => {
  it('names the four statuses', () => {
    expect([0, 1, 2, 3].map(statusText)).toEqual([
      'Ожидает обработки',
      'В обработке',
      'Обработан',
      'Отклонён',
    ]);
  });
});

describe('rejectionsNote', () => {
  it('counts the rejected rows with their plural, and is absent without any', () => {
    expect(rejectionsNote(0)).toBeNull();
    expect(rejectionsNote(1)).toBe('Имеется 1 отклонение');
    expect(rejectionsNote(3)).toBe('Имеется 3 отклонения');
    expect(rejectionsNote(5)).toBe('Имеется 5 отклонений');
    expect(rejectionsNote(11)).toBe('Имеется 11 отклонений');
    expect(rejectionsNote(21)).toBe('Имеется 21 отклонение');
  });
});

describe('unprocessedText', () => {
  const item = { Status: 1, PendingCount: 3, RowCount: 10 } as ImportListItem;

  it('shows pending of total, or that the import was rejected', () => {
    expect(unprocessedText(item)).toBe('3 / 10');
    expect(unprocessedText({ ...item, Status: 3 })).toBe('Отклонён');
  });
});

describe('requisitesText', () => {
  it('writes number от date with the date as yyyy.MM.dd', () => {
    expect(requisitesText({ Number: '12-П', Date: '2026-11-20' })).toBe('12-П от 2026.11.20');
  });

  it('writes the half that is known, and nothing for neither', () => {
    expect(requisitesText({ Number: '12-П', Date: null })).toBe('12-П');
    expect(requisitesText({ Number: null, Date: '2026-11-20' })).toBe('от 2026.11.20');
    expect(requisitesText({ Number: ' ', Date: null })).toBe('');
  });
});

describe('uploadedText', () => {
  it('gives the upload time in Moscow time', () => {
    expect(uploadedText('2026-11-20T11:05:00Z')).toBe('Загружен 2026.11.20 14:05');
  });
});

describe('fileSizeText', () => {
  it('uses б, Кб and Мб', () => {
    expect(fileSizeText(0)).toBe('0 б');
    expect(fileSizeText(1023)).toBe('1023 б');
    expect(fileSizeText(1024)).toBe('1 Кб');
    expect(fileSizeText(12_800)).toBe('12,5 Кб');
    expect(fileSizeText(3_355_443)).toBe('3,2 Мб');
  });
});
