/* The change files the reader's benchmark reads: template rows of realistic variety, as .xlsx and .xls. */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { columnGroups } from '../apps/server/src/modules/imports/rows/change-file-columns.js';
import {
  sampleRow,
  sheetOf,
  snilsFrom,
  templateHeaders,
  xlsOf,
  type RowValues,
} from '../apps/server/src/test/change-files/workbooks.js';

const lastNames = ['Иванова', 'Петров', 'Смирнова', 'Кузнецов', 'Попова', 'Васильев', 'Соколова', 'Михайлов'];
const firstNames = ['Мария', 'Сергей', 'Анна', 'Алексей', 'Елена', 'Дмитрий', 'Ольга', 'Андрей'];
const patronymics = ['Сергеевна', 'Иванович', 'Петровна', 'Алексеевич', 'Олеговна', 'Николаевич'];
const statuses = ['Проводится', 'Завершена', 'Проводится', 'Проводится'];

const date = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));

/** Row i of the benchmark: the sample row with the person, documents and dates of a different trainee. */
export function benchRow(i: number): RowValues {
  return sampleRow({
    Фамилия: lastNames[i % lastNames.length],
    Имя: firstNames[(i * 3) % firstNames.length],
    Отчество: patronymics[(i * 5) % patronymics.length],
    СНИЛС: snilsFrom(200_000_000 + i * 7),
    'Дата рождения': date(1970 + (i % 35), i % 12, 1 + (i % 28)),
    'Паспорт: серия': String(1000 + (i % 8999)),
    'Паспорт: номер': String(100_000 + i),
    'Паспорт: дата выдачи': date(2010 + (i % 10), (i * 5) % 12, 1 + (i % 27)),
    'Адрес электронной почты': `trainee${i}@example.ru`,
    'Руководитель: уникальный регистрационный номер': String(10_000 + (i % 500)),
    'Уникальный идентификационный номер стажировки': `СТ-${i}`,
    'Статус стажировки': statuses[i % statuses.length],
    'Дата начала стажировки': date(2024 + (i % 2), i % 12, 1 + (i % 28)),
  });
}

async function writeXlsx(file: string, rows: number) {
  // Excel's own layout: group titles over the headers, shared strings, date cells.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Данные');
  sheet
    .addRow(columnGroups.flatMap((group) => group.columns.map((_, i) => (i === 0 ? group.title : null))))
    .commit();
  sheet.addRow(templateHeaders).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(sheetOf([benchRow(i)])[1]!).commit();
  await sheet.commit();
  await workbook.commit();
}

/** The benchmark's files for a row count, written once into bench/.tmp and reused. */
export async function benchFiles(rows: number): Promise<{ xlsx: string; xls: string }> {
  const dir = path.join(import.meta.dirname, '.tmp', 'import');
  await mkdir(dir, { recursive: true });
  const files = {
    xlsx: path.join(dir, `change-file-${rows}.xlsx`),
    xls: path.join(dir, `change-file-${rows}.xls`),
  };
  if (!existsSync(files.xlsx)) await writeXlsx(files.xlsx, rows);
  if (!existsSync(files.xls)) {
    const sheet = sheetOf(Array.from({ length: rows }, (_, i) => benchRow(i)));
    await writeFile(files.xls, xlsOf(sheet));
  }
  return files;
}
