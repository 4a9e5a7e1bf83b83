import type { Writable } from 'node:stream';
import {
  auditActions,
  auditDetailLines,
  auditObjectText,
  auditRoles,
  formatDateTime,
  type AuditEvent,
} from '@registry/shared';
import { addTableSheet, streamedWorkbook } from '../../lib/exceljs.js';
import { textCell } from '../../lib/xlsx-text.js';

/** Writes the journal's events as .xlsx into `output` as they are read, one sheet, newest first. */
export async function writeAuditExport(batches: AsyncGenerator<AuditEvent[]>, output: Writable) {
  const workbook = await streamedWorkbook(output);
  const sheet = addTableSheet(workbook, 'Журнал', [
    { header: 'Время (МСК)', key: 'at', width: 18 },
    { header: 'Пользователь', key: 'name', width: 32 },
    { header: 'Логин', key: 'login', width: 28 },
    { header: 'Роль', key: 'role', width: 20 },
    { header: 'Действие', key: 'action', width: 34 },
    { header: 'Объект', key: 'object', width: 20 },
    { header: 'СРО', key: 'organization', width: 40 },
    { header: 'Подробности', key: 'detail', width: 50 },
    { header: 'Адрес', key: 'address', width: 18 },
  ]);
  for await (const batch of batches) {
    for (const event of batch) {
      sheet
        .addRow({
          at: formatDateTime(event.At),
          name: textCell(event.Account?.FullName ?? ''),
          login: textCell(event.Account?.Login ?? event.Detail.Login ?? ''),
          role: event.Role === null ? '' : auditRoles.label(event.Role),
          action: auditActions.label(event.Action),
          object: auditObjectText(event),
          organization: textCell(event.Organization?.Name ?? ''),
          detail: textCell(auditDetailLines(event).join('\n')),
          address: event.Address ?? '',
        })
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
