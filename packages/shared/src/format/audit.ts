import { auditObjectKinds } from '../enums/audit-actions.js';
import type { AuditEvent } from '../schemas/audit.js';
import { formatDate } from './dates.js';
import { countRu, traineeForms } from './plural.js';

/*
 * How the journal's screen and its export say an event's object and particulars, identically.
 */

/** What the action was done to: 'Стажёр №12', 'Импорт №3'; '' for none. */
export function auditObjectText(event: Pick<AuditEvent, 'Object'>): string {
  return event.Object ? `${auditObjectKinds[event.Object.Kind]} №${event.Object.Id}` : '';
}

const changedNames: Record<string, string> = {
  FullName: 'ФИО',
  EmailAddress: 'e-mail',
  Organization: 'СРО',
};

const queryNames: Record<string, string> = {
  term: 'поиск',
  status: 'статус',
  org: 'СРО',
  deleted: 'удалённые',
  full: 'полная выгрузка',
  account: 'пользователь',
  action: 'действие',
  from: 'с',
  to: 'по',
};

/** The event's particulars, a line each: the protocol a change wrote, a file, an export's filter. */
export function auditDetailLines(event: Pick<AuditEvent, 'Protocol' | 'Detail'>): string[] {
  const detail = event.Detail;
  const lines: string[] = [];
  if (event.Protocol) lines.push(`Протокол № ${event.Protocol.Number} от ${formatDate(event.Protocol.Date)}`);
  if (detail.ChangeId && detail.ImportId) lines.push(`Строка ${detail.ChangeId} импорта №${detail.ImportId}`);
  if (detail.FileName) lines.push(`Файл «${detail.FileName}»`);
  if (detail.Rows !== undefined) lines.push(`В файле ${countRu(detail.Rows, traineeForms)}`);
  if (detail.AsOf) lines.push(`На дату ${formatDate(detail.AsOf)}`);
  if (detail.Changed?.length)
    lines.push(`Изменено: ${detail.Changed.map((name) => changedNames[name] ?? name).join(', ')}`);
  if (detail.Query) {
    const filter = Object.entries(detail.Query).map(
      ([name, value]) => `${queryNames[name] ?? name}: ${value}`,
    );
    lines.push(filter.length ? `Отбор — ${filter.join('; ')}` : 'Без отбора');
  }
  return lines;
}
