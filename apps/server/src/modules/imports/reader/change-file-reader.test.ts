import {
  InternshipSchema,
  InternshipStepsSchema,
  PersonalInfoSchema,
  SupervisorSchema,
} from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { cellProblem, fileMessages, MAX_PROBLEM_LINES } from '../rows/change-file-messages.js';
import { readChangeFile, type ChangeFileOptions, type ChangeFileResult } from './change-file-reader.js';
import type { ChangeFileRow } from '../rows/change-file-rows.js';
import { badCells } from '../../../test/change-files/bad-cells.js';
import { testOptions } from '../../../test/change-files/reader-options.js';
import {
  MAIN,
  inlineRow,
  packageOf,
  sampleRow,
  sheetOf,
  snilsFrom,
  templateHeaders,
  xlsOf,
  xlsxOf,
  type BookOptions,
  type Cell,
  type RowValues,
} from '../../../test/change-files/workbooks.js';

type Format = 'xlsx' | 'xls';

async function bookOf(format: Format, rows: Cell[][], book: BookOptions = {}): Promise<Buffer> {
  return format === 'xlsx' ? xlsxOf(rows, book) : xlsOf(rows, book);
}

async function read(
  rows: Cell[][],
  {
    format = 'xlsx',
    book,
    options,
  }: { format?: Format; book?: BookOptions; options?: Partial<ChangeFileOptions> } = {},
): Promise<ChangeFileResult> {
  return readChangeFile(await bookOf(format, rows, book), `changes.${format}`, testOptions(options));
}

function rowsOf(result: ChangeFileResult): ChangeFileRow[] {
  if (!result.ok) throw new Error(`refused:\n${result.problems.join('\n')}`);
  return result.rows;
}

function problemsOf(result: ChangeFileResult): string[] {
  if (result.ok) throw new Error('the file was accepted');
  return result.problems;
}

/** The problems of one sample row whose cells are changed as given. */
async function problemsWith(overrides: RowValues, options?: Partial<ChangeFileOptions>): Promise<string[]> {
  return problemsOf(await read(sheetOf([sampleRow(overrides)]), { options }));
}

async function rowWith(overrides: RowValues, options?: Partial<ChangeFileOptions>): Promise<ChangeFileRow> {
  const rows = rowsOf(await read(sheetOf([sampleRow(overrides)]), { options }));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const minimalHeaders = ['Фамилия', 'Имя', 'СНИЛС'];

describe.each<Format>(['xlsx', 'xls'])('reading a .%s change file', (format) => {
  it('reads the sample row into the four sections the shared schemas accept', async () => {
    const result = await read(sheetOf([sampleRow()]), { format });
    expect(result).toMatchObject({ ok: true, extension: format, notices: [] });
    const [row] = rowsOf(result);
    expect(row!.rowNumber).toBe(2);
    expect(PersonalInfoSchema.parse(row!.PersonalInfo)).toEqual(row!.PersonalInfo);
    expect(SupervisorSchema.parse(row!.Supervisors[0])).toEqual(row!.Supervisors[0]);
    expect(InternshipSchema.parse(row!.Internship)).toEqual(row!.Internship);
    expect(InternshipStepsSchema.parse(row!.InternshipSteps)).toEqual(row!.InternshipSteps);
    expect(row!.PersonalInfo).toMatchObject({
      LastName: 'Иванова',
      Snils: '112-233-445 95',
      DateOfBirth: '1995-04-12',
      Passport: { Series: '45 12', Number: '345 678', IssuedAt: '2015-05-20' },
      Education: { Code: '21.03.02' },
    });
    expect(row!.Internship).toMatchObject({
      Organization: { Id: 7, Name: 'СРО «Кадастровые инженеры»' },
      StartedAt: '2025-03-15',
      Status: 0,
      Duration: 24,
      RegistryNumber: 'СТ-2025-001',
      MiscInfo: [{ AdmissionRequisites: { Number: '12-П', Date: '2025-03-14', UnstructuredValue: null } }],
      ContractInfo: [{ ContractEndsAt: '2027-03-14', Requisites: { Number: '7', Date: '2025-03-14' } }],
      PauseInfo: [],
      ResumeInfo: [],
    });
    expect(row!.InternshipSteps.EntryStep).toEqual({
      StartedAt: '2025-03-15',
      EndedAt: '2025-04-15',
      HasPassed: true,
      HasMaterials: true,
    });
    expect(row!.raw).toMatchObject({ СНИЛС: '112-233-445 95', 'Дата рождения': '12.04.1995' });
  });

  it('reads date cells of the 1904 date system as the same dates', async () => {
    const [row] = rowsOf(await read(sheetOf([sampleRow()]), { format, book: { date1904: true } }));
    expect(row!.PersonalInfo.DateOfBirth).toBe('1995-04-12');
    expect(row!.Internship.StartedAt).toBe('2025-03-15');
  });

  it('restores the leading zeros of a SNILS typed as a number', async () => {
    const snils = snilsFrom(12_345_678); // 012-345-678 ..
    const asNumber = Number(snils.replace(/\D/g, ''));
    const [row] = rowsOf(await read(sheetOf([sampleRow({ СНИЛС: asNumber })]), { format }));
    expect(row!.PersonalInfo.Snils).toBe(snils);
    expect(row!.raw['СНИЛС']).toBe(String(asNumber));
  });

  it('reads the data sheet «Данные» wherever it is, else the first sheet', async () => {
    const instructions = { Инструкция: [['Заполните лист «Данные»']] };
    const named = await read(sheetOf([sampleRow()]), { format, book: { sheetsBefore: instructions } });
    expect(rowsOf(named)).toHaveLength(1);
    const first = await read(sheetOf([sampleRow()]), { format, book: { sheetName: 'Лист1' } });
    expect(rowsOf(first)).toHaveLength(1);
  });

  it('finds headers under a title, in group rows and merged cells, ignoring the rows above', async () => {
    // Row 1: a title merged across; row 2: group names; rows 3–4: «Фамилия» and «СНИЛС» merged down over
    // both rows, «Имя» under the group «ФИО» of row 3.
    const rows: Cell[][] = [
      ['Изменения сведений о стажёрах', null, null, null],
      ['Персональные данные', null, null, null],
      ['Фамилия', 'ФИО', null, 'СНИЛС'],
      [null, 'Имя', 'Отчество', null],
      ['Петрова', 'Анна', 'Олеговна', '112-233-445 95'],
    ];
    const book = { merges: ['A1:D1', 'A2:D2', 'A3:A4', 'B3:C3', 'D3:D4'] };
    for (const streamRows of [false, true]) {
      const result = await read(rows, { format, book, options: { streamRows } });
      const [row] = rowsOf(result);
      expect(row!.rowNumber).toBe(5);
      expect(row!.PersonalInfo).toMatchObject({
        LastName: 'Петрова',
        FirstName: 'Анна',
        PatronymicName: 'Олеговна',
      });
    }
  });

  it('reads a header merged down below the tenth row, where the data begins under it', async () => {
    // The header is row 10; «Фамилия» and «СНИЛС» are merged down to row 12, where «Имя» is written.
    const rows: Cell[][] = [
      ...Array.from({ length: 9 }, (_, i) => [`Пояснение ${i + 1}`]),
      ['Фамилия', null, 'СНИЛС'],
      [null, 'ФИО', null],
      [null, 'Имя', null],
      ['Петрова', 'Анна', '112-233-445 95'],
    ];
    for (const streamRows of [false, true]) {
      const book = { merges: ['A10:A12', 'C10:C12'] };
      const [row] = rowsOf(await read(rows, { format, book, options: { streamRows } }));
      expect(row!.rowNumber).toBe(13);
      expect(row!.PersonalInfo).toMatchObject({ LastName: 'Петрова', FirstName: 'Анна' });
    }
  });

  it('keeps the spreadsheet’s own row numbers and skips empty rows', async () => {
    const rows = sheetOf([
      sampleRow(),
      {},
      sampleRow({
        СНИЛС: snilsFrom(100_200_300),
        Фамилия: 'Сидорова',
        'Уникальный идентификационный номер стажировки': 'СТ-2',
      }),
    ]);
    const result = await read(rows, { format });
    expect(rowsOf(result).map((row) => [row.rowNumber, row.PersonalInfo.LastName])).toEqual([
      [2, 'Иванова'],
      [4, 'Сидорова'],
    ]);
  });
});

describe('headers', () => {
  it('match whatever the case, spacing, line breaks, trailing «*» and ё/е, in any order', async () => {
    const headers = [
      'снилс',
      '  ФАМИЛИЯ *',
      'Имя*',
      'Дата\nрождения',
      'Руководитель:  сокращенное наименование юридического лица',
      'Руководитель: форма занятости',
      'Руководитель: фамилия',
      'Руководитель: имя',
      'Руководитель: уникальный регистрационный номер',
    ];
    const values = [
      '112-233-445 95',
      'Иванова',
      'Мария',
      utc('1995-04-12'),
      'ООО «Кадастр»',
      'Работник юридического лица',
      'Петров',
      'Сергей',
      '12345',
    ];
    const [row] = rowsOf(await read([headers, values]));
    expect(row!.PersonalInfo).toMatchObject({ LastName: 'Иванова', DateOfBirth: '1995-04-12' });
    expect(row!.Supervisors[0]).toMatchObject({ EmploymentType: 1, JuridicalShortName: 'ООО «Кадастр»' });
  });

  it('name an unknown header once in the notices and do not read it', async () => {
    const headers = [...minimalHeaders, 'Примечание', 'примечание '];
    const result = await read([headers, ['Иванова', 'Мария', '112-233-445 95', 'позвонить', 'ещё']]);
    expect(result).toMatchObject({
      ok: true,
      notices: ['Столбец «Примечание» не входит в шаблон и не прочитан'],
    });
    expect(rowsOf(result)[0]!.raw).toEqual({ Фамилия: 'Иванова', Имя: 'Мария', СНИЛС: '112-233-445 95' });
  });

  it('refuse a file without a required column, naming each missing one', async () => {
    const result = await read([
      ['Фамилия', 'СНИЛС'],
      ['Иванова', '112-233-445 95'],
    ]);
    expect(result).toMatchObject({ ok: false, problems: [fileMessages.missingColumn('Имя')] });
  });

  it('refuse a file with a column twice, naming where', async () => {
    const result = await read([
      [...minimalHeaders, 'Имя *'],
      ['Иванова', 'Мария', '112-233-445 95', 'Мария'],
    ]);
    expect(problemsOf(result)).toEqual([fileMessages.duplicateColumn('Имя', ['B', 'D'])]);
  });

  it('must be in the first ten rows', async () => {
    const title = Array.from({ length: 10 }, (_, i): Cell[] => [`Примечание ${i + 1}`]);
    expect(rowsOf(await read([...title.slice(1), minimalHeaders, ['Иванова', 'Мария', '112-233-445 95']])));
    const tooLow = await read([...title, minimalHeaders, ['Иванова', 'Мария', '112-233-445 95']]);
    expect(problemsOf(tooLow)).toEqual([fileMessages.noHeader]);
  });

  it('with no data rows under them refuse the file', async () => {
    expect(problemsOf(await read(sheetOf([])))).toEqual([fileMessages.noRows]);
  });
});

describe('cells as real files hold them', () => {
  it('fold non-breaking and repeated spaces', async () => {
    const row = await rowWith({
      Фамилия: '  Иванова\u00a0-\u00a0Петрова ',
      'Паспорт: кем выдан': 'ГУ  МВД\nРоссии',
    });
    expect(row.PersonalInfo.LastName).toBe('Иванова - Петрова');
    expect(row.PersonalInfo.Passport.IssuedBy).toBe('ГУ МВД России');
  });

  it.each([
    ['15.03.2025', '2025-03-15'],
    ['5.3.2025', '2025-03-05'],
    ['2025-03-15', '2025-03-15'],
  ])('read the date text %s', async (text, iso) => {
    expect((await rowWith({ 'Дата начала стажировки': text })).Internship.StartedAt).toBe(iso);
  });

  it.each([
    ['15/03/2025', '«15/03/2025» — ожидается дата ДД.ММ.ГГГГ'],
    [45731, '«45731» — ожидается дата ДД.ММ.ГГГГ'],
  ])('refuse the date %s', async (value, message) => {
    expect(await problemsWith({ 'Дата начала стажировки': value })).toEqual([
      `Строка 2, «Дата начала стажировки»: ${message}`,
    ]);
  });

  it.each([
    ['Да', true],
    ['да', true],
    ['ДА', true],
    [1, true],
    ['1', true],
    ['Нет', false],
    [0, false],
    [true, true],
  ])('read the flag %j', async (value, flag) => {
    expect((await rowWith({ 'Стажировка пройдена': value })).InternshipSteps.HasPassed).toBe(flag);
  });

  it('read numbers typed as text and text typed as numbers', async () => {
    const row = await rowWith({
      'Продолжительность стажировки, мес.': ' 12 ',
      'Паспорт: серия': 4512,
      'Паспорт: номер': 45678, // lost its leading zero
      'Образование: код специальности': 210302,
      'Руководитель: номер в ГРКИ': 1234,
      Телефон: 79161234567,
    });
    expect(row.Internship.Duration).toBe(12);
    expect(row.PersonalInfo.Passport).toMatchObject({ Series: '45 12', Number: '045 678' });
    expect(row.PersonalInfo.Education.Code).toBe('21.03.02');
    expect(row.PersonalInfo.Contacts.PhoneNumber).toBe('79161234567');
    expect(row.Supervisors[0]!.GrkiNumber).toBe('1234');
  });

  it('read a SNILS in any formatting', async () => {
    for (const text of ['11223344595', '112 233 445 95', '112-233-445-95']) {
      expect((await rowWith({ СНИЛС: text })).PersonalInfo.Snils).toBe('112-233-445 95');
    }
  });

  it.each([
    ['№ 12-П от 15.03.2025', { Number: '12-П', Date: '2025-03-15', UnstructuredValue: null }],
    ['12-П от 15.03.2025', { Number: '12-П', Date: '2025-03-15', UnstructuredValue: null }],
    ['12-П, 15.03.2025', { Number: '12-П', Date: '2025-03-15', UnstructuredValue: null }],
    ['№ 12-П от 15.03.2025 г.', { Number: '12-П', Date: '2025-03-15', UnstructuredValue: null }],
    [
      'Протокол заседания правления',
      { Number: null, Date: null, UnstructuredValue: 'Протокол заседания правления' },
    ],
  ])('read the requisites %s', async (text, requisites) => {
    const row = await rowWith({ 'Заключение руководителя стажировки': text });
    expect(row.InternshipSteps.SupervisorStatement).toEqual(requisites);
  });

  it('leave an empty cell unreported: out of raw, the schema default in the section', async () => {
    const row = await rowWith({
      'Статус стажировки': undefined,
      'Стажировка пройдена': undefined,
      Отчество: '',
    });
    expect(row.raw).not.toHaveProperty('Статус стажировки');
    expect(row.raw).not.toHaveProperty('Отчество');
    expect(row.Internship.Status).toBe(4);
    expect(row.PersonalInfo.PatronymicName).toBeNull();
  });

  it('give formulas their cached values and refuse an error value', async () => {
    const sheet = [
      inlineRow(1, [...minimalHeaders, 'Продолжительность стажировки, мес.']),
      '<row r="2"><c r="A2" t="inlineStr"><is><t>Иванова</t></is></c><c r="B2" t="str"><f>PROPER("мария")</f><v>Мария</v></c>' +
        '<c r="C2" t="inlineStr"><is><t>112-233-445 95</t></is></c><c r="D2"><f>12*2</f><v>24</v></c></row>',
      '<row r="3"><c r="A3" t="inlineStr"><is><t>Петрова</t></is></c><c r="B3" t="inlineStr"><is><t>Анна</t></is></c>' +
        `<c r="C3" t="inlineStr"><is><t>${snilsFrom(200_300_400)}</t></is></c><c r="D3" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>`,
    ].join('');
    const result = readChangeFile(packageOf({ sheet }), 'f.xlsx', testOptions());
    expect(problemsOf(result)).toEqual([
      'Строка 3, «Продолжительность стажировки, мес.»: ошибка формулы #DIV/0! — исправьте формулу или впишите значение',
    ]);
    const fixed = sheet.replace(/<c r="D3".*?<\/c>/, '<c r="D3"><v>6</v></c>');
    const rows = rowsOf(readChangeFile(packageOf({ sheet: fixed }), 'f.xlsx', testOptions()));
    expect(rows.map((row) => [row.PersonalInfo.FirstName, row.Internship.Duration])).toEqual([
      ['Мария', 24],
      ['Анна', 6],
    ]);
  });
});

describe('the xml of an .xlsx', () => {
  it('is read whatever the spacing and quotes of its attributes', () => {
    const sheet =
      inlineRow(1, minimalHeaders) +
      `<row\tr = '2'><c  r = "A2"\n t = "inlineStr" ><is><t>Иванова</t></is></c>` +
      `<c r='B2' t='inlineStr'><is><t>Мария</t></is></c><c\tr="C2"\tt="inlineStr"><is><t>112-233-445 95</t></is></c></row>`;
    const [row] = rowsOf(readChangeFile(packageOf({ sheet }), 'x.xlsx', testOptions()));
    expect(row!.PersonalInfo).toMatchObject({
      LastName: 'Иванова',
      FirstName: 'Мария',
      Snils: '112-233-445 95',
    });
  });
});

describe('checks of a row', () => {
  it('report every problem of every row at once, one line each, in column order', async () => {
    const rows = sheetOf([
      sampleRow({ СНИЛС: '112-233-445 96', Фамилия: 'Иванова2' }),
      sampleRow({ СНИЛС: snilsFrom(300_400_500) }),
      sampleRow({ СНИЛС: snilsFrom(400_500_600), 'Адрес электронной почты': 'ivanova@', Имя: undefined }),
    ]);
    expect(problemsOf(await read(rows))).toEqual([
      'Строка 2, «Фамилия»: допустимы буквы, пробел, дефис и апостроф',
      'Строка 2, «СНИЛС»: неверная контрольная сумма',
      // All three rows share the sample's internship number.
      'Строка 3, «Уникальный идентификационный номер стажировки»: такой же номер стажировки в строке 2',
      'Строка 4, «Имя»: обязательное поле не заполнено',
      'Строка 4, «Адрес электронной почты»: неверный адрес электронной почты',
      'Строка 4, «Уникальный идентификационный номер стажировки»: такой же номер стажировки в строке 2',
    ]);
  });

  it('let a row keyed by «Номер в реестре» leave SNILS empty, since the key names its trainee', async () => {
    const headers = ['Номер в реестре', ...templateHeaders];
    const rows = sheetOf(
      [
        sampleRow({ 'Номер в реестре': 7, СНИЛС: undefined }),
        sampleRow({ СНИЛС: undefined, 'Уникальный идентификационный номер стажировки': 'А-2' }),
      ],
      headers,
    );
    expect(problemsOf(await read(rows))).toEqual(['Строка 3, «СНИЛС»: обязательное поле не заполнено']);
    const keyed = rowsOf(await read(rows.slice(0, 2)));
    expect(keyed.map((row) => [row.RegisterId, row.PersonalInfo.Snils ?? null])).toEqual([[7, null]]);
  });

  it('refuse two rows with one SNILS', async () => {
    const rows = sheetOf([
      sampleRow({ 'Уникальный идентификационный номер стажировки': 'А-1' }),
      sampleRow({ СНИЛС: 11223344595, 'Уникальный идентификационный номер стажировки': 'А-2' }),
    ]);
    expect(problemsOf(await read(rows))).toEqual(['Строка 3, «СНИЛС»: такой же СНИЛС в строке 2']);
  });

  it.each(badCells)('refuse a row with $name', async ({ overrides, header, message }) => {
    expect(await problemsWith(overrides)).toEqual([cellProblem(2, header, message)]);
  });

  it('require a supervisor’s surname, name and number once any supervisor cell is filled', async () => {
    const supervisorEmpty = Object.fromEntries(
      templateHeaders
        .filter((header) => header.startsWith('Руководитель'))
        .map((header) => [header, undefined]),
    );
    expect((await rowWith(supervisorEmpty)).Supervisors).toEqual([]);
    expect(await problemsWith({ ...supervisorEmpty, 'Руководитель: телефон': '+7 900 000-00-00' })).toEqual([
      'Строка 2, «Руководитель: фамилия»: обязательно, когда заполнены сведения о руководителе',
      'Строка 2, «Руководитель: имя»: обязательно, когда заполнены сведения о руководителе',
      'Строка 2, «Руководитель: уникальный регистрационный номер»: обязательно, когда заполнены сведения о руководителе',
    ]);
  });

  it('map statuses and employment types to their codes', async () => {
    const row = await rowWith({
      'Статус стажировки': 'завершена',
      'Руководитель: форма занятости': 'ип',
      'Руководитель: сокращённое наименование юридического лица': undefined,
    });
    expect(row.Internship.Status).toBe(3);
    expect(row.Supervisors[0]!.EmploymentType).toBe(0);
  });

  it('put pauses, resumptions and misc groups into their lists', async () => {
    const row = await rowWith({
      'Статус стажировки': 'Приостановлена',
      'Дата приостановления': utc('2025-06-01'),
      'Срок приостановления': '3 месяца',
      'Основание приостановления': 'Заявление стажёра',
      'Решение о приостановлении': '№ 4-П от 30.05.2025',
      'Дата возобновления': utc('2025-09-01'),
    });
    expect(row.Internship.PauseInfo).toEqual([
      {
        PausedAt: '2025-06-01',
        PauseDuration: '3 месяца',
        PauseBasis: 'Заявление стажёра',
        Requisites: { Number: '4-П', Date: '2025-05-30', UnstructuredValue: null },
      },
    ]);
    expect(row.Internship.ResumeInfo).toEqual([
      { ResumedAt: '2025-09-01', Requisites: { Number: null, Date: null, UnstructuredValue: null } },
    ]);
  });

  it(`list at most ${MAX_PROBLEM_LINES} problems and count the rest`, async () => {
    const rows = Array.from({ length: 1100 }, (_, i) =>
      sampleRow({ СНИЛС: 'нет', 'Уникальный идентификационный номер стажировки': `Н-${i}` }),
    );
    const problems = problemsOf(await read(sheetOf(rows)));
    expect(problems).toHaveLength(MAX_PROBLEM_LINES + 1);
    expect(problems.at(-1)).toBe(fileMessages.moreProblems(100));
  });
});

describe('a row sink', () => {
  const sheetOfRows = (count: number, bad?: number) =>
    inlineRow(1, minimalHeaders) +
    Array.from({ length: count }, (_, i) =>
      inlineRow(i + 2, ['Иванова', 'Мария', i === bad ? 'нет' : snilsFrom(300_000_000 + i)]),
    ).join('');

  it('takes the rows in batches of 500 with the file’s format, leaving the result’s rows empty', () => {
    const batches: string[] = [];
    const result = readChangeFile(
      packageOf({ sheet: sheetOfRows(2100) }),
      'x.xlsx',
      testOptions(),
      (rows, format) => batches.push(`${rows.length} ${format}`),
    );
    expect(result).toMatchObject({ ok: true, rows: [] });
    expect(batches).toEqual(['500 xlsx', '500 xlsx', '500 xlsx', '500 xlsx', '100 xlsx']);
  });

  it('takes each 500 rows as the sheet is unpacked when asked to, else once it is read whole', () => {
    // After the rows, a DTD: it refuses the file only where the scan meets it, at the sheet's end.
    const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${sheetOfRows(1200)}</sheetData><!DOCTYPE x></worksheet>`;
    for (const [streamRows, sent] of [
      [true, [500, 500]],
      [false, []],
    ] as const) {
      const batches: number[] = [];
      const result = readChangeFile(packageOf({ sheet }), 'x.xlsx', testOptions({ streamRows }), (rows) =>
        batches.push(rows.length),
      );
      expect(result).toMatchObject({ ok: false, problems: [fileMessages.unsafeXml] });
      expect(batches).toEqual(sent);
    }
  });

  it('gets no more rows once a problem is found', () => {
    const batches: number[] = [];
    const result = readChangeFile(
      packageOf({ sheet: sheetOfRows(2100, 1500) }),
      'x.xlsx',
      testOptions(),
      (rows) => batches.push(rows.length),
    );
    expect(result).toMatchObject({ ok: false, problems: [expect.stringMatching(/^Строка 1502, «СНИЛС»/)] });
    expect(batches).toEqual([500, 500, 500]);
  });
});

describe('dictionaries', () => {
  const dictionaries = {
    schools: [{ Id: 3, Name: 'Государственный университет по землеустройству' }],
    addresses: [
      { Id: 11, Value: 'г. Москва, ул. Тверская, д. 1' },
      { Id: 12, Value: 'г. Казань, ул. Баумана, д. 5' },
    ],
    terminationReasons: [{ Id: 21, Value: 'Заявление стажёра' }],
  };

  it('find values however their case, ё/е, quotes and spaces are written', async () => {
    const row = await rowWith(
      {
        'Учебное заведение': '«ГОСУДАРСТВЕННЫЙ университет  по землеустройству»',
        'Адрес места стажировки': 'Г. Москва, ул. Тверская, д. 1',
        'Статус стажировки': 'Прекращена',
        'Основание прекращения': 'заявление стажера',
      },
      { dictionaries },
    );
    expect(row.PersonalInfo.School).toEqual({
      Id: 3,
      Name: 'Государственный университет по землеустройству',
    });
    expect(row.Internship.MiscInfo[0]!.Address).toEqual({ Id: 11, Value: 'г. Москва, ул. Тверская, д. 1' });
    expect(row.Internship.EndBasis).toEqual({ Id: 21, Value: 'Заявление стажёра' });
  });

  it('refuse an unknown address or termination reason, naming the count and the closest', async () => {
    const problems = await problemsWith(
      {
        'Адрес места стажировки': 'г. Казань, ул. Баумана 5',
        'Статус стажировки': 'Прекращена',
        'Основание прекращения': 'Отчисление',
      },
      { dictionaries },
    );
    expect(problems).toEqual([
      'Строка 2, «Основание прекращения»: «Отчисление» нет в справочнике оснований прекращения (в нём 1 значение)',
      'Строка 2, «Адрес места стажировки»: «г. Казань, ул. Баумана 5» нет в справочнике адресов (в нём 2 значения; ближайшее — «г. Казань, ул. Баумана, д. 5»)',
    ]);
  });

  it('keep an unknown school as text with a notice, or list it to be added when schools are imported', async () => {
    const unknown = { 'Учебное заведение': 'Колледж геодезии' };
    const kept = await read(sheetOf([sampleRow(unknown)]), { options: { dictionaries } });
    expect(kept).toMatchObject({ ok: true, newSchools: [], notices: [] });
    const [row] = rowsOf(kept);
    expect(row!.PersonalInfo.School).toBeNull();
    expect(row!.raw['Учебное заведение']).toBe('Колледж геодезии');
    expect(row!.notices).toEqual([
      'Учебного заведения «Колледж геодезии» нет в справочнике: название сохранено как текст, выберите заведение при обработке',
    ]);

    const added = await read(sheetOf([sampleRow(unknown)]), {
      options: { dictionaries, importSchools: true },
    });
    expect(added).toMatchObject({
      ok: true,
      newSchools: ['Колледж геодезии'],
      notices: ['Учебное заведение «Колледж геодезии» будет добавлено в справочник'],
    });
  });
});

describe('limits', () => {
  const limits = { maxFileBytes: 10 * 2 ** 20, maxRows: 3, maxColumns: 70, maxUnpackedBytes: 200 * 2 ** 20 };
  const rows = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      sampleRow({
        СНИЛС: snilsFrom(500_000_000 + i),
        'Уникальный идентификационный номер стажировки': `Л-${i}`,
      }),
    );

  it.each<Format>(['xlsx', 'xls'])('refuse a .%s with more data rows than allowed', async (format) => {
    expect(rowsOf(await read(sheetOf(rows(3)), { format, options: { limits } }))).toHaveLength(3);
    const result = await read(sheetOf(rows(4)), { format, options: { limits } });
    expect(result).toMatchObject({
      ok: false,
      kind: 'too-large',
      problems: [fileMessages.tooManyRows(4, 3)],
    });
  });

  it.each<Format>(['xlsx', 'xls'])(
    'refuse a .%s whose formatting reaches past the allowed rows, saying how to fix it',
    async (format) => {
      const formatted = await read(sheetOf(rows(2)), {
        format,
        book: { formattedTo: 40 },
        options: { limits },
      });
      expect(formatted).toMatchObject({
        ok: false,
        kind: 'too-large',
        problems: [fileMessages.sheetTooTall(40, 3)],
      });
    },
  );

  it.each<Format>(['xlsx', 'xls'])('refuse a .%s with more columns than allowed', async (format) => {
    const wide = sheetOf(rows(1)).map((row) => [...row, ...Array.from({ length: 6 }, () => 'x')]);
    const result = await read(wide, { format, options: { limits } });
    expect(result).toMatchObject({
      ok: false,
      kind: 'too-large',
      problems: [fileMessages.tooManyColumns(71, 70)],
    });
  });

  it('refuse a file over the size limit before looking inside', async () => {
    const result = readChangeFile(
      Buffer.alloc(2048),
      'x.xlsx',
      testOptions({ limits: { ...limits, maxFileBytes: 1024 } }),
    );
    expect(result).toMatchObject({ ok: false, kind: 'too-large' });
  });
});
