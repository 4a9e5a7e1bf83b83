import { describe, expect, it } from 'vitest';
import { InternshipSchema, ReissueSchema } from '@registry/shared';
import { emptyEntry, sectionFields } from '@/lib/section-fields';
import { leaves, valueChanges } from '@/lib/field-values';

describe('section fields', () => {
  it('name every field of a section by the shared labels', () => {
    const labels = leaves(sectionFields.PersonalInfo.fields).map((leaf) => leaf.field.label);
    expect(labels).toContain('СНИЛС');
    expect(labels).toContain('Паспорт: серия');
    expect(labels).toContain('Учебное заведение');
    expect(leaves(sectionFields.Reissues.fields).map((leaf) => leaf.field.label)).toEqual([
      'Выписка из протокола экзаменационной комиссии',
      'Выписка из протокола апелляционной комиссии',
    ]);
  });

  it('read limits from the shared schemas', () => {
    const issuedBy = leaves(sectionFields.PersonalInfo.fields).find(
      (leaf) => leaf.path === 'Passport.IssuedBy',
    );
    expect(issuedBy?.field).toMatchObject({ kind: 'text', maxLength: 500 });
  });

  it('give a new internship the default status 4 and an empty entry the schema accepts', () => {
    const internship = emptyEntry('Internships', -1);
    expect(internship.Status).toBe(4);
    expect(internship.PauseInfo).toEqual([]);
    expect(InternshipSchema.safeParse(internship).error?.issues.map((issue) => issue.path)).toEqual([
      ['Organization'],
    ]);
    expect(ReissueSchema.safeParse(emptyEntry('Reissues', -1)).success).toBe(true);
  });

  it('list what changed as the card shows it', () => {
    const before = { ...emptyEntry('Examinations', 1), HeldAt: '2026-01-10', GroupNumber: '7' };
    const after = {
      ...before,
      HeldAt: '2026-01-12',
      DecisionRequisites: { Number: '12', Date: '2026-01-13', UnstructuredValue: null },
    };
    expect(valueChanges('Examinations', before, after)).toEqual([
      { label: 'Дата экзамена', before: '2026.01.10', after: '2026.01.12' },
      { label: 'Решение', before: '', after: '№ 12 от 2026.01.13' },
    ]);
  });
});
