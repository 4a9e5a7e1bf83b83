import { formatDate, ImportStatus, importStatuses, pluralRu, type ImportListItem } from '@registry/shared';
import { formatRegistryDateTime } from '@/lib/date-time';

/*
 * The words and numbers of the import screens (docs/screens.md#import-list, docs/screens.md#import-detail),
 * as pure functions so that each rule is tested once and the list and the detail say the same.
 */

export const overdueText = 'Просрочено';
export const noDeadlineText = '—';
export const rejectedText = 'Отклонён';

/** What the time-left cell says, and whether it says it in the error colour. */
export type TimeLeft = { text: string; isUrgent: boolean };

/**
 * The time left to enter an import's changes: dashes once it is processed or rejected, 'Просрочено' at 0 days
 * or less, else the days rounded up ('1 день', '2 дня', '5 дней'); a day or less is urgent
 * (docs/screens.md#formats-and-constants).
 */
export function timeLeft(status: number, expiresInDays: number): TimeLeft {
  if (status >= ImportStatus.Processed) return { text: noDeadlineText, isUrgent: false };
  const days = Math.ceil(expiresInDays);
  if (days <= 0) return { text: overdueText, isUrgent: true };
  return { text: `${days} ${pluralRu(days, ['день', 'дня', 'дней'])}`, isUrgent: days <= 1 };
}

/** The import status as words: 'Ожидает обработки', 'В обработке', 'Обработан', 'Отклонён'. */
export function statusText(status: number): string {
  return importStatuses.labels[status as ImportStatus] ?? '';
}

/** 'Имеется 3 отклонения' when rows were rejected, else null. */
export function rejectionsNote(rejectedCount: number): string | null {
  if (rejectedCount <= 0) return null;
  return `Имеется ${rejectedCount} ${pluralRu(rejectedCount, ['отклонение', 'отклонения', 'отклонений'])}`;
}

/** The rows still to process as 'pending / total', or 'Отклонён' for a rejected import. */
export function unprocessedText({ Status, PendingCount, RowCount }: ImportListItem): string {
  return Status === ImportStatus.Rejected ? rejectedText : `${PendingCount} / ${RowCount}`;
}

/** A document's requisites as 'number от yyyy.MM.dd', or the half that is known; '' when neither is. */
export function requisitesText(requisites: { Number: string | null; Date: string | null }): string {
  const number = requisites.Number?.trim() ?? '';
  const date = formatDate(requisites.Date);
  if (number && date) return `${number} от ${date}`;
  if (date) return `от ${date}`;
  return number;
}

/** 'Загружен 2026.11.20 14:05'. */
export function uploadedText(importedAt: string): string {
  return `Загружен ${formatRegistryDateTime(importedAt)}`;
}

const KILOBYTE = 1024;
const MEGABYTE = KILOBYTE * KILOBYTE;
const oneDecimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** A file size in its units: '512 б', '12,5 Кб', '3,2 Мб' (docs/screens.md#formats-and-constants). */
export function fileSizeText(bytes: number): string {
  if (bytes < KILOBYTE) return `${bytes} б`;
  if (bytes < MEGABYTE) return `${oneDecimal.format(bytes / KILOBYTE)} Кб`;
  return `${oneDecimal.format(bytes / MEGABYTE)} Мб`;
}
