import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  InternshipSchema,
  InternshipStepsSchema,
  PersonalInfoSchema,
  SupervisorSchema,
  internSections,
} from './intern.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('PersonalInfoSchema', () => {
  it('normalises a filled form: trims, folds spaces, writes masks, turns empty text into null', () => {
    const parsed = PersonalInfoSchema.parse({
      Id: -1,
      LastName: '  Семёнова ',
      FirstName: 'Анна-Мария',
      PatronymicName: '',
      Snils: '11223344595',
      Passport: { Series: '4509', Number: '123456', IssuedBy: '  ОВД   района  Южное Бутово ' },
      Contacts: { EmailAddress: ' ' },
    });
    expect(parsed).toMatchObject({
      LastName: 'Семёнова',
      FirstName: 'Анна-Мария',
      PatronymicName: null,
      Snils: '112-233-445 95',
      DateOfBirth: null,
      Passport: { Series: '45 09', Number: '123 456', IssuedAt: null, IssuedBy: 'ОВД района Южное Бутово' },
      Contacts: { PhoneNumber: null, PostalAddress: null, EmailAddress: null },
      Education: { Name: null, Code: null, Qualification: null },
      School: null,
      Entry_Id: null,
    });
  });

  it('says what is wrong with each field in Russian', () => {
    const result = PersonalInfoSchema.safeParse({
      Id: 1,
      LastName: '',
      FirstName: 'Ivan2',
      Snils: '112-233-445 94',
      DateOfBirth: '2001-02-30',
      Passport: { Series: '45', Number: '12345x' },
      Contacts: { EmailAddress: 'not-an-email' },
    });
    expect(messages(result)).toEqual([
      'LastName: Данное поле обязательно для заполнения',
      'FirstName: Допустимы буквы, пробел, дефис и апостроф',
      'Snils: Неверная контрольная сумма СНИЛС',
      'DateOfBirth: Неверная дата',
      'Passport.Number: Номер паспорта: 6 цифр (### ###)',
      'Passport.Series: Серия паспорта: 4 цифры (## ##)',
      'Contacts.EmailAddress: Неверный адрес электронной почты',
    ]);
  });

  it('refuses a SNILS without 11 digits', () => {
    expect(
      messages(PersonalInfoSchema.safeParse({ Id: 1, LastName: 'А', FirstName: 'Б', Snils: '123' })),
    ).toEqual(['Snils: СНИЛС состоит из 11 цифр: ###-###-### ##']);
  });

  it('encodes what it decoded unchanged, as the server’s response serializer does', () => {
    const parsed = PersonalInfoSchema.parse({
      Id: 5,
      LastName: 'Петров',
      FirstName: 'Пётр',
      Snils: '112 233 445 95',
    });
    expect(z.encode(PersonalInfoSchema, parsed)).toEqual(parsed);
  });
});

describe('SupervisorSchema', () => {
  it('needs the legal entity’s short name for an employee of a legal entity', () => {
    const base = { Id: 1, LastName: 'Кузнецов', FirstName: 'Олег', CadastreNumber: '12345' };
    expect(messages(SupervisorSchema.safeParse({ ...base, EmploymentType: 1 }))).toEqual([
      'JuridicalShortName: Данное поле обязательно для заполнения',
    ]);
    expect(
      SupervisorSchema.safeParse({ ...base, EmploymentType: 1, JuridicalShortName: 'ООО «Кадастр»' }).success,
    ).toBe(true);
    expect(SupervisorSchema.safeParse({ ...base, EmploymentType: 0 }).success).toBe(true);
    expect(messages(SupervisorSchema.safeParse({ ...base, EmploymentType: 7 }))).toHaveLength(1);
  });
});

describe('InternshipSchema', () => {
  it('requires the SRO and defaults the status to 4 «Неизвестно» with empty lists', () => {
    expect(messages(InternshipSchema.safeParse({ Id: -1, Organization: null }))).toEqual([
      'Organization: Данное поле обязательно для заполнения',
    ]);
    const parsed = InternshipSchema.parse({ Id: -1, Organization: { Id: 3, Name: 'СРО' } });
    expect(parsed).toMatchObject({
      Status: 4,
      MiscInfo: [],
      PauseInfo: [],
      ResumeInfo: [],
      ContractInfo: [],
      IsEmpty: false,
      IsCumulative: false,
      Duration: null,
    });
  });

  it('reads pause and resume entries with their requisites', () => {
    const parsed = InternshipSchema.parse({
      Id: 2,
      Organization: { Id: 3, Name: 'СРО' },
      Status: 1,
      PauseInfo: [
        {
          PausedAt: '2025-03-01',
          PauseDuration: '3 месяца',
          Requisites: { Number: '12-П', Date: '2025-02-28' },
        },
      ],
      ResumeInfo: [{ ResumedAt: '2025-06-01' }],
    });
    expect(parsed.PauseInfo[0]?.Requisites).toEqual({
      Number: '12-П',
      Date: '2025-02-28',
      UnstructuredValue: null,
    });
    expect(parsed.ResumeInfo[0]?.Requisites).toEqual({ Number: null, Date: null, UnstructuredValue: null });
  });
});

describe('InternshipStepsSchema', () => {
  it('fills every stage with empty values and false flags', () => {
    const parsed = InternshipStepsSchema.parse({
      Id: -1,
      Step2: { StartedAt: '2025-01-10', HasPassed: true },
    });
    expect(parsed.EntryStep).toEqual({
      StartedAt: null,
      EndedAt: null,
      HasPassed: false,
      HasMaterials: false,
    });
    expect(parsed.Step2).toEqual({
      StartedAt: '2025-01-10',
      EndedAt: null,
      HasPassed: true,
      HasMaterials: false,
    });
    expect(parsed.HasPassed).toBe(false);
  });
});

describe('internSections', () => {
  it('name the nine sections of the card with their URL slugs', () => {
    expect(Object.values(internSections).map((section) => section.slug)).toEqual([
      'personal-info',
      'supervisors',
      'internships',
      'internship-steps',
      'examinations',
      'examination-results',
      'examination-appeals',
      'reissues',
      'documents',
    ]);
  });

  it('accept the contract’s own spelling DecisionRequisistes', () => {
    const appeal = internSections.ExaminationAppeals.schema.parse({
      Id: 1,
      HasBeenAppealed: true,
      DecisionRequisistes: { Number: '5', Date: '2025-05-05' },
    });
    expect(appeal.DecisionRequisistes.Number).toBe('5');
  });
});
