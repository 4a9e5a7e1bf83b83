import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sampleRow, sheetOf, snilsFrom, xlsxOf, type Cell } from './workbooks.js';

/*
 * Makes the honest files an office suite saved, committed in office/ and read by the corpus test:
 *   npx tsx apps/server/src/test/change-files/make-office-files.ts
 * It writes a clerk's sheet with exceljs and lets LibreOffice (Debian's libreoffice-calc) save it as .xlsx
 * and as .xls, so the files carry LibreOffice's own parts, styles and records. The test needs only the
 * committed files, not LibreOffice. A second, longer sheet of template rows is saved as .xls only: its
 * shared strings run over several CONTINUE records, as every real .xls of a few hundred rows does.
 */

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const nbsp = '\u00a0';

/** A title over the headers, headers as people type them, and cells as people fill them in. */
export const officeSheet: Cell[][] = [
  ['Сведения о стажёрах СРО «Кадастровые инженеры» на 22.11.2026'],
  [
    'Фамилия *',
    'Имя*',
    'Отчество',
    'СНИЛС',
    'Дата\nрождения',
    'Паспорт:  серия',
    'Паспорт: номер',
    'Статус стажировки',
    'Дата начала стажировки',
    'Вводный этап: дата окончания',
    'Вводный этап: пройден',
    'Руководитель: фамилия',
    'Руководитель: имя',
    'Руководитель: уникальный регистрационный номер',
    'Руководитель: форма занятости',
    'Руководитель: сокращенное наименование юридического лица',
    'Решение о приёме на стажировку',
  ],
  [
    'Иванова',
    'Мария',
    'Сергеевна',
    11223344595,
    utc('1995-04-12'),
    4512,
    '045678',
    'Проводится',
    '15.03.2025',
    utc('2025-04-15'),
    'ДА',
    'Петров',
    'Сергей',
    '12345',
    'Работник юридического лица',
    'ООО «Кадастр»',
    '№ 12-П от 14.03.2025',
  ],
  [],
  [
    `${nbsp}Ёлкина${nbsp}`,
    '  Анна  ',
    null,
    Number(snilsFrom(12_345_678).replace(/\D/g, '')),
    '2001-09-30',
    '45 12',
    45678,
    'завершена',
    utc('2024-01-10'),
    '20.02.2024',
    1,
    null,
    null,
    null,
    null,
    null,
    '7-П, 09.01.2024',
  ],
];

/** Template rows of different trainees, enough for a shared string table of many records. */
export const officeRows: Cell[][] = sheetOf(
  Array.from({ length: 300 }, (_, i) =>
    sampleRow({
      Фамилия: ['Иванова', 'Петров', 'Смирнова', 'Кузнецов', 'O’Brien'][i % 5],
      Отчество: i % 7 === 0 ? null : 'Сергеевна',
      СНИЛС: snilsFrom(300_000_000 + i * 11),
      'Дата рождения': utc(`19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`),
      'Паспорт: номер': String(200_000 + i),
      'Адрес электронной почты': `trainee${i}@example.ru`,
      'Уникальный идентификационный номер стажировки': `СТ-${i}`,
    }),
  ),
);

// As a script: make the files with LibreOffice and put them beside this script.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'office');
  const work = await mkdtemp(path.join(tmpdir(), 'office-files-'));
  const source = path.join(work, 'libreoffice.xlsx');
  await writeFile(source, await xlsxOf(officeSheet, { sheetName: 'Данные', merges: ['A1:Q1'] }));
  for (const format of ['xlsx', 'xls']) {
    const target = path.join(work, format);
    execFileSync('soffice', ['--headless', '--convert-to', format, '--outdir', target, source], {
      stdio: 'inherit',
    });
    await copyFile(path.join(target, `libreoffice.${format}`), path.join(out, `libreoffice.${format}`));
  }
  const rows = path.join(work, 'libreoffice-rows.xlsx');
  await writeFile(rows, await xlsxOf(officeRows, { sheetName: 'Данные' }));
  execFileSync('soffice', ['--headless', '--convert-to', 'xls', '--outdir', work, rows], {
    stdio: 'inherit',
  });
  await copyFile(path.join(work, 'libreoffice-rows.xls'), path.join(out, 'libreoffice-rows.xls'));
  await rm(work, { recursive: true, force: true });
}
