import {
  InternshipSchema,
  InternshipStepsSchema,
  PersonalInfoSchema,
  SupervisorSchema,
} from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { readChangeFile } from './change-file-reader.js';
import { changeFileColumns } from '../rows/change-file-columns.js';
import { fieldSchema } from './section-schemas.js';
import { testOptions } from '../../../test/change-files/reader-options.js';
import { sampleRow, sheetOf, snilsFrom, xlsxOf } from '../../../test/change-files/workbooks.js';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('sections built field by field', () => {
  it('find a shared schema for every column of the template', () => {
    for (const column of changeFileColumns) expect(() => fieldSchema(column), column.path).not.toThrow();
  });

  it('are what the whole shared schemas make of them', async () => {
    const rows = [
      sampleRow(),
      sampleRow({
        СНИЛС: snilsFrom(400_100_200),
        'Уникальный идентификационный номер стажировки': 'СТ-2',
        'Руководитель: фамилия': undefined,
        'Руководитель: имя': undefined,
        'Руководитель: отчество': undefined,
        'Руководитель: уникальный регистрационный номер': undefined,
        'Руководитель: номер в ГРКИ': undefined,
        'Руководитель: телефон': undefined,
        'Руководитель: почтовый адрес': undefined,
        'Руководитель: адрес электронной почты': undefined,
        'Руководитель: форма занятости': undefined,
        'Руководитель: сокращённое наименование юридического лица': undefined,
        'Статус стажировки': 'Приостановлена',
        'Дата приостановления': utc('2025-06-01'),
        'Основание приостановления': 'Болезнь',
        'Дата возобновления': utc('2025-08-01'),
        'Решение о возобновлении': 'Приказ без номера',
        'Этап 3: материалы представлены': 'Да',
      }),
    ];
    const result = readChangeFile(await xlsxOf(sheetOf(rows)), 'x.xlsx', testOptions());
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.rows).toHaveLength(2);
    for (const row of result.rows) {
      expect(PersonalInfoSchema.parse(row.PersonalInfo)).toEqual(row.PersonalInfo);
      for (const supervisor of row.Supervisors)
        expect(SupervisorSchema.parse(supervisor)).toEqual(supervisor);
      expect(InternshipSchema.parse(row.Internship)).toEqual(row.Internship);
      expect(InternshipStepsSchema.parse(row.InternshipSteps)).toEqual(row.InternshipSteps);
    }
    expect(result.rows[1]!.Supervisors).toEqual([]);
    expect(result.rows[1]!.Internship.ResumeInfo).toEqual([
      {
        ResumedAt: '2025-08-01',
        Requisites: { Number: null, Date: null, UnstructuredValue: 'Приказ без номера' },
      },
    ]);
  });
});
