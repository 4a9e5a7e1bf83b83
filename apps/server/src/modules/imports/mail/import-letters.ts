import {
  countRu,
  formatDate,
  formatDateTime,
  morningDigestLabel,
  rowForms,
  toDateValue,
} from '@registry/shared';
import type { MailAttachment, MailMessage } from '../../../mail/mailer.js';

const importForms = ['импорт', 'импорта', 'импортов'] as const;

/*
 * The registry's letters about imports, in Russian: to an SRO's representatives when their import is
 * processed or rejected as a whole, and to operators each working morning about deadlines.
 */

/** An import as its letters name it. */
export interface LetterImport {
  id: number;
  importedAt: Date;
  fileName: string;
  organizationName: string;
  number: string | null;
  date: string | null;
  organizationNumber: string | null;
  organizationDate: string | null;
  rowCount: number;
  pendingCount: number;
  rejectedCount: number;
  /** Rows that said what the register holds: neither accepted nor rejected. */
  unchangedCount: number;
  deadlineAt: Date;
}

/** The rows edited both in the file and in the register since the file's download, as the operator handled them. */
export interface ConflictCounts {
  accepted: number;
  rejected: number;
}

export interface Recipient {
  fullName: string;
  emailAddress: string;
}

const FOOTER = ['', 'Письмо отправлено реестром стажёров автоматически, отвечать на него не нужно.', ''];

const importLink = (publicUrl: string, id: number) => `${publicUrl.replace(/\/+$/, '')}/imports/${id}`;

/** «№ 12 от 2026.11.20»: the registry's number of an import and the day it was uploaded (Moscow time). */
export const importTitle = (item: LetterImport) =>
  `№ ${item.id} от ${formatDate(toDateValue(item.importedAt))}`;

function requisites(label: string, number: string | null, date: string | null): string | null {
  if (!number && !date) return null;
  return [label, number ? `№ ${number}` : null, date ? `от ${formatDate(date)}` : null]
    .filter(Boolean)
    .join(' ');
}

/** The import's title with its file and the letters' requisites, as the SRO knows it. */
function importDescription(item: LetterImport): string {
  const details = [
    `файл «${item.fileName}»`,
    requisites('исх.', item.organizationNumber, item.organizationDate),
    requisites('вх.', item.number, item.date),
  ].filter(Boolean);
  return `импорт ${importTitle(item)} (${details.join(', ')})`;
}

const accepted = (item: LetterImport) =>
  item.rowCount - item.pendingCount - item.rejectedCount - item.unchangedCount;

/** The rows that said what the register holds, when there were any (a pre-filled file sent back). */
const unchangedLine = (item: LetterImport) =>
  item.unchangedCount > 0 ? [`Без изменений: ${countRu(item.unchangedCount, rowForms)}.`] : [];

/** The rows in conflict, when there were any: the SRO learns which of its edits met newer ones in the register. */
function conflictLine({ accepted, rejected }: ConflictCounts) {
  if (accepted + rejected === 0) return [];
  return [
    `С конфликтом (изменены и в файле, и в реестре после выгрузки): ${countRu(accepted + rejected, rowForms)}, ` +
      `из них внесено ${accepted}, отклонено ${rejected}.`,
  ];
}

/** To a representative: every row of the import is handled. The rejected rows' file goes with it. */
export function processedLetter(
  to: Recipient,
  item: LetterImport & { conflicts: ConflictCounts },
  publicUrl: string,
  rejectedRows: MailAttachment | null,
): MailMessage {
  return {
    to: to.emailAddress,
    subject: `Импорт ${importTitle(item)} обработан`,
    text: [
      `Здравствуйте, ${to.fullName}!`,
      '',
      `Оператор реестра стажёров обработал ${importDescription(item)}.`,
      '',
      `Внесено в реестр: ${countRu(accepted(item), rowForms)}.`,
      `Отклонено: ${countRu(item.rejectedCount, rowForms)}.`,
      ...unchangedLine(item),
      ...conflictLine(item.conflicts),
      ...(rejectedRows
        ? [
            '',
            `Отклонённые строки с причинами — во вложенном файле «${rejectedRows.filename}»: исправьте их ` +
              'и загрузите этот файл в реестр снова.',
          ]
        : []),
      '',
      `Импорт в реестре: ${importLink(publicUrl, item.id)}`,
      ...FOOTER,
    ].join('\n'),
    attachments: rejectedRows ? [rejectedRows] : [],
  };
}

/** To a representative: the import is rejected as a whole, with the reason and the file of its rows. */
export function rejectedLetter(
  to: Recipient,
  item: LetterImport & { rejectionReason: string; conflicts: ConflictCounts },
  publicUrl: string,
  rejectionFile: MailAttachment | null,
): MailMessage {
  const acceptedBefore = accepted(item);
  return {
    to: to.emailAddress,
    subject: `Импорт ${importTitle(item)} отклонён`,
    text: [
      `Здравствуйте, ${to.fullName}!`,
      '',
      `Оператор реестра стажёров отклонил ${importDescription(item)} целиком.`,
      '',
      `Причина: ${item.rejectionReason}`,
      '',
      `Внесено в реестр до отклонения: ${countRu(acceptedBefore, rowForms)}.`,
      `Отклонено: ${countRu(item.rowCount - acceptedBefore - item.unchangedCount, rowForms)}.`,
      ...unchangedLine(item),
      ...conflictLine(item.conflicts),
      ...(rejectionFile ? ['', `Отклонённые строки — во вложенном файле «${rejectionFile.filename}».`] : []),
      '',
      `Импорт в реестре: ${importLink(publicUrl, item.id)}`,
      ...FOOTER,
    ].join('\n'),
    attachments: rejectionFile ? [rejectionFile] : [],
  };
}

function digestLine(item: LetterImport, publicUrl: string): string {
  return [
    `• Импорт ${importTitle(item)}, ${item.organizationName}: срок внесения до ${formatDateTime(item.deadlineAt)}, ` +
      `не обработано ${countRu(item.pendingCount, rowForms)} из ${item.rowCount}`,
    `  ${importLink(publicUrl, item.id)}`,
  ].join('\n');
}

/** To an operator, on a working morning: the open imports past their deadline or due within two working days. */
export function digestLetter(to: Recipient, due: LetterImport[], now: Date, publicUrl: string): MailMessage {
  const overdue = due.filter((item) => item.deadlineAt.getTime() < now.getTime());
  const soon = due.filter((item) => item.deadlineAt.getTime() >= now.getTime());
  const section = (title: string, items: LetterImport[]) =>
    items.length > 0 ? ['', title, ...items.map((item) => digestLine(item, publicUrl))] : [];
  return {
    to: to.emailAddress,
    subject:
      `Сроки внесения импортов на ${formatDate(toDateValue(now))}: ` + `${countRu(due.length, importForms)}`,
    text: [
      `Здравствуйте, ${to.fullName}!`,
      '',
      `Импорты, срок внесения которых истёк или истекает в ближайшие два рабочих дня, на ${formatDateTime(now)} (время московское).`,
      ...section(`Срок истёк — ${countRu(overdue.length, importForms)}:`, overdue),
      ...section(`Срок истекает — ${countRu(soon.length, importForms)}:`, soon),
      '',
      `Все импорты: ${publicUrl.replace(/\/+$/, '')}/imports/`,
      '',
      'Отказаться от этой сводки можно в реестре: «Операторы», ваша учётная запись, ' +
        `«${morningDigestLabel}».`,
      ...FOOTER,
    ].join('\n'),
  };
}
