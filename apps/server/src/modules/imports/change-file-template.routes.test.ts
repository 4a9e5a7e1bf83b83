import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallers, type Callers } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { changeFileColumns } from './rows/change-file-columns.js';
import { readChangeFile } from './reader/change-file-reader.js';
import { columnLetters } from './reader/formats/sheet-grid.js';
import { testOptions } from '../../test/change-files/reader-options.js';
import { templateHeaders } from '../../test/change-files/workbooks.js';
import { inflateEntry, readZipDirectory } from './reader/formats/zip-archive.js';
import { readWorkbook } from '../../test/workbook.js';

let t: TestApp;
let callers: Callers;
let template: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  callers = await createCallers(t);
  const response = await t.app.inject({ url: '/api/v1/imports/template', headers: callers.asRepresentative });
  template = response.rawPayload;
});
afterAll(() => t.close());

const letterOf = (header: string) => columnLetters(changeFileColumns.findIndex((c) => c.header === header));

describe('GET /api/v1/imports/template', () => {
  it('serves the .xlsx to operators and SRO representatives, not to anonymous callers', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/imports/template', headers: callers.anonymous });
    expect(anonymous.statusCode).toBe(401);
    for (const headers of [callers.asOperator, callers.asRepresentative]) {
      const response = await t.app.inject({ url: '/api/v1/imports/template', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="change-file-template.xlsx"; filename*=UTF-8''${encodeURIComponent('Шаблон файла изменений.xlsx')}`,
      );
    }
  });

  it('has the sheet «Данные» with the 65 headers under their groups, frozen with the names', async () => {
    const workbook = await readWorkbook(template);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Данные', 'Инструкция']);
    const sheet = workbook.getWorksheet('Данные')!;
    const headers = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(headers).toEqual(templateHeaders);
    expect(headers).toHaveLength(65);
    expect(headers.slice(0, 4)).toEqual(['Фамилия *', 'Имя *', 'Отчество', 'СНИЛС *']);
    expect(sheet.getCell('A1').value).toBe('Персональные данные');
    expect(sheet.getCell('Q1').value).toBe('Руководитель стажировки');
    expect(sheet.getCell('AA1').value).toBe('Стажировка');
    expect(sheet.getCell('AR1').value).toBe('Этапы стажировки');
    expect(sheet.model.merges).toEqual(['A1:P1', 'Q1:Z1', 'AA1:AQ1', 'AR1:BM1']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 2 });
  });

  it('formats SNILS, passport and number columns as text and dates as dates, wide enough for their headers', async () => {
    const workbook = await readWorkbook(template);
    const sheet = workbook.getWorksheet('Данные')!;
    for (const header of [
      'СНИЛС',
      'Паспорт: серия',
      'Паспорт: номер',
      'Руководитель: номер в ГРКИ',
      'Уникальный идентификационный номер стажировки',
    ]) {
      expect(sheet.getColumn(letterOf(header)).numFmt, header).toBe('@');
    }
    expect(sheet.getColumn(letterOf('Дата рождения')).numFmt).toBe('dd.mm.yyyy');
    changeFileColumns.forEach((column, i) => {
      const longestWord = Math.max(...column.header.split(' ').map((word) => word.length));
      expect(sheet.getColumn(i + 1).width, column.header).toBeGreaterThanOrEqual(longestWord);
    });
  });

  it('offers drop-downs for the statuses, the flags and the employment type', () => {
    const zip = readZipDirectory(template);
    const xml = inflateEntry(template, zip.entries.get('xl/worksheets/sheet1.xml')!).toString('utf8');
    const lists = [
      ...xml.matchAll(/<dataValidation [^>]*sqref="([A-Z]+)3:\1(\d+)"[^>]*>\s*<formula1>([^<]*)</g),
    ].map((match) => [match[1], Number(match[2]), match[3]!.replaceAll('&quot;', '"')]);
    expect(lists).toContainEqual([
      letterOf('Статус стажировки'),
      10_002,
      '"Проводится,Приостановлена,Прекращена,Завершена"',
    ]);
    expect(lists).toContainEqual([
      letterOf('Руководитель: форма занятости'),
      10_002,
      '"ИП,Работник юридического лица"',
    ]);
    const flagColumns = changeFileColumns.filter((column) => column.kind === 'flag');
    expect(flagColumns).toHaveLength(11);
    for (const column of flagColumns) {
      expect(lists).toContainEqual([letterOf(column.header), 10_002, '"Да,Нет"']);
    }
  });

  it('has a sample row that the reader itself accepts', () => {
    const result = readChangeFile(template, 'Шаблон файла изменений.xlsx', testOptions());
    expect(result).toMatchObject({ ok: true, extension: 'xlsx', notices: [] });
    if (!result.ok) return;
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({
      rowNumber: 3,
      PersonalInfo: { LastName: 'Иванова', Snils: '112-233-445 95', DateOfBirth: '1995-04-12' },
      Supervisors: [{ LastName: 'Петров', EmploymentType: 1 }],
      Internship: { Status: 0, StartedAt: '2025-03-15', Organization: { Id: 7 } },
      InternshipSteps: { EntryStep: { HasPassed: true, EndedAt: '2025-04-15' }, HasPassed: false },
    });
  });
});
