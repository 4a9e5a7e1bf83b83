import {
  InternshipSchema,
  InternshipStatus,
  InternshipStepsSchema,
  PauseInfoSchema,
  PersonalInfoSchema,
  SupervisorSchema,
} from '@registry/shared';
import { describe, expect, it } from 'vitest';
import {
  matchInternship,
  mergeRow,
  type RecordSections,
  type RowSections,
  type SectionPaths,
} from './merge.js';
import { pathsSinceDownload } from './since-export.js';

/* The merge's finer points, beside the HTTP tests of each rule (review-merge.routes.test.ts). */

const SRO = 7;
const none: SectionPaths = { PersonalInfo: [], Supervisor: [], Internship: [], InternshipSteps: [] };
const paths = (values: Partial<SectionPaths>): SectionPaths => ({ ...none, ...values });

// Parsed by the shared schemas, so that every field a test leaves out holds the empty value the reader and
// the card would give it.
function row(values: Partial<RowSections> = {}): RowSections {
  return {
    PersonalInfo: PersonalInfoSchema.parse({ Id: -1, LastName: 'Иванова', FirstName: 'Мария' }),
    Supervisors: [],
    Internship: InternshipSchema.parse({
      Id: -1,
      Organization: { Id: SRO, Name: 'СРО' },
      Status: InternshipStatus.Unknown,
    }),
    InternshipSteps: InternshipStepsSchema.parse({ Id: -1 }),
    ...values,
  };
}

const record = (values: Partial<RecordSections> = {}): RecordSections => ({
  PersonalInfo: [
    PersonalInfoSchema.parse({
      Id: 11,
      LastName: 'Иванова',
      FirstName: 'Мария',
      School: { Id: 3, Name: 'Старое имя' },
      Contacts: { PhoneNumber: '1' },
    }),
  ],
  Supervisors: [],
  Internships: [],
  InternshipSteps: [],
  ...values,
});

describe('mergeRow', () => {
  it('takes a reference to the same row as no change, whatever name it carries', () => {
    const merged = mergeRow(
      row({ PersonalInfo: { ...row().PersonalInfo, School: { Id: 3, Name: 'Новое имя' } } }),
      record(),
      paths({ PersonalInfo: ['School'] }),
      SRO,
    );
    expect(merged.PersonalInfo.HasChanges).toBe(false);
  });

  it('leaves a value alone when its cell was filled but could not be read (an unknown school)', () => {
    const merged = mergeRow(
      row(),
      record(),
      paths({ PersonalInfo: ['School', 'Contacts.PhoneNumber'] }),
      SRO,
    );
    expect(merged.PersonalInfo.New).toMatchObject({ School: { Id: 3 }, Contacts: { PhoneNumber: '1' } });
  });

  it('finds the supervisor by a number written with other case and spaces', () => {
    const supervisor = SupervisorSchema.parse({
      Id: 21,
      LastName: 'Петров',
      FirstName: 'Иван',
      CadastreNumber: 'КИ 12345',
    });
    const written = SupervisorSchema.parse({
      Id: -1,
      LastName: 'Петров',
      FirstName: 'Иван',
      CadastreNumber: 'ки12345',
    });
    const merged = mergeRow(
      row({ Supervisors: [written] }),
      record({ Supervisors: [supervisor] }),
      paths({ Supervisor: ['LastName', 'CadastreNumber'] }),
      SRO,
    );
    expect(merged.Supervisors[0]!.Old).toBe(supervisor);
    expect(merged.Supervisors[0]!.New!.Id).toBe(21);
  });

  it('appends an undated list entry once', () => {
    const pause = PauseInfoSchema.parse({ PausedAt: null, PauseBasis: 'Болезнь' });
    const internship = InternshipSchema.parse({
      Id: 31,
      Organization: { Id: SRO, Name: 'СРО' },
      PauseInfo: [pause],
    });
    const same = mergeRow(
      row({ Internship: { ...row().Internship, PauseInfo: [pause] } }),
      record({ Internships: [internship] }),
      paths({ Internship: ['PauseInfo.PauseBasis'] }),
      SRO,
    );
    expect(same.Internship.HasChanges).toBe(false);
    const other = mergeRow(
      row({ Internship: { ...row().Internship, PauseInfo: [{ ...pause, PauseBasis: 'Отпуск' }] } }),
      record({ Internships: [internship] }),
      paths({ Internship: ['PauseInfo.PauseBasis'] }),
      SRO,
    );
    expect(other.Internship.New!.PauseInfo).toHaveLength(2);
  });

  it('keeps nothing for a section the row does not report and the record lacks', () => {
    const merged = mergeRow(row(), record(), none, SRO);
    expect(merged.InternshipSteps).toEqual({ Old: null, New: null, HasChanges: false });
    expect(merged.Supervisors).toEqual([]);
  });
});

describe('matchInternship', () => {
  const internship = (
    Id: number,
    organizationId: number,
    RegistryNumber: string | null,
    StartedAt: string | null,
  ) =>
    InternshipSchema.parse({ Id, Organization: { Id: organizationId, Name: '' }, RegistryNumber, StartedAt });

  it('prefers the same number, then the latest unnumbered one of the SRO, and never another SRO’s', () => {
    const list = [
      internship(1, SRO, 'А-1', '2024-01-01'),
      internship(2, SRO, null, '2023-01-01'),
      internship(3, SRO, null, '2022-01-01'),
      internship(4, 99, 'Б-1', '2025-01-01'),
    ];
    expect(matchInternship(list, SRO, 'а-1')?.Id).toBe(1);
    expect(matchInternship(list, SRO, 'В-9')?.Id).toBe(2);
    expect(matchInternship(list, SRO, null)?.Id).toBe(1);
    expect(matchInternship(list, SRO, 'Б-1')?.Id).toBe(2);
    expect(matchInternship([list[0]!], SRO, 'В-9')).toBeNull();
  });
});

describe('pathsSinceDownload', () => {
  const phone = { Entry: 'PersonalInfo', Path: 'Contacts.PhoneNumber', Header: 'Телефон' };
  const filled = paths({ PersonalInfo: ['LastName', 'FirstName', 'Contacts.PhoneNumber'] });
  const withPhone = (value: string) => ({ ...row().PersonalInfo, Contacts: { PhoneNumber: value } });
  const recordWithPhone = (value: string) =>
    record({
      PersonalInfo: [{ ...record().PersonalInfo[0]!, School: null, Contacts: { PhoneNumber: value } }],
    });
  /** The row compared with the register now (`now`) and as downloaded, version 1 then and 2 now. */
  const read = (file: string, then: RecordSections, now: string, filledPaths = filled) =>
    pathsSinceDownload(
      row({ PersonalInfo: withPhone(file) }),
      filledPaths,
      { sections: recordWithPhone(now), version: 2 },
      { at: new Date('2026-11-30T09:00:00Z'), version: 1 },
      () => Promise.resolve(then),
      SRO,
    );

  it('keeps the register’s value of a cell the file left as downloaded, and says the register changed it', async () => {
    const { paths: merged, marks } = await read('1', recordWithPhone('1'), '2');
    expect(marks).toEqual({ ChangedInRegister: [phone], Conflicts: [], Cleared: [] });
    // Every cell the file left as downloaded is dropped: only what the SRO changed is merged.
    expect(merged.PersonalInfo).toEqual([]);
    const result = mergeRow(row({ PersonalInfo: withPhone('1') }), recordWithPhone('2'), merged, SRO);
    expect(result.PersonalInfo).toMatchObject({ HasChanges: false, New: { Contacts: { PhoneNumber: '2' } } });
  });

  it('offers the file’s value of a cell both changed, as a conflict', async () => {
    const { paths: merged, marks } = await read('3', recordWithPhone('1'), '2');
    expect(marks).toEqual({ ChangedInRegister: [], Conflicts: [phone], Cleared: [] });
    expect(merged.PersonalInfo).toEqual(['Contacts.PhoneNumber']);
  });

  it('says a cell downloaded filled and sent back empty is cleared, and applies nothing', async () => {
    const { paths: merged, marks } = await read(
      '1',
      recordWithPhone('1'),
      '1',
      paths({ PersonalInfo: ['LastName', 'FirstName'] }),
    );
    expect(marks?.Cleared).toEqual([phone]);
    expect(merged.PersonalInfo).toEqual([]);
  });

  it('compares with now only when the history holds nothing of the trainee at the download', async () => {
    expect(await read('1', record({ PersonalInfo: [] }), '2')).toEqual({ paths: filled, marks: null });
  });
});
