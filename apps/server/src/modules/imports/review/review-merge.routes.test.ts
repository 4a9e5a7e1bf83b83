import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, type TestApp } from '../../../test/build-test-app.js';
import { createIntern, internship, personalInfo } from '../../../test/interns.js';
import { acceptAll, reviewCallers, reviewCalls } from '../../../test/review.js';
import { uploadRows } from '../../../test/uploads.js';
import { snilsFrom, type RowValues } from '../../../test/change-files/workbooks.js';

/* The merge rules of docs/row-review.md, one by one, as the operator sees them: Old beside New. */

let t: TestApp;
let callers: Awaited<ReturnType<typeof reviewCallers>>;
let calls: ReturnType<typeof reviewCalls>;
let serial = 200_000;

beforeAll(async () => {
  t = await buildTestApp();
  callers = await reviewCallers(t);
  calls = reviewCalls(t, callers.operator);
});
afterAll(() => t.close());

async function openRow(row: RowValues, intern?: 'new') {
  const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [row]);
  const response = await calls.open(importId, changeIds[0]!, intern);
  expect(response.statusCode, response.body).toBe(200);
  return { importId, changeId: changeIds[0]!, review: response.json() };
}

const NUMBER = 'Уникальный идентификационный номер стажировки';

/**
 * A trainee entered from the sample row with the given cells, as an operator accepts a new one; `cells` are
 * the cells that name that trainee again: the SNILS and the internship number, each the trainee's own.
 */
async function enteredFrom(row: RowValues) {
  const cells = { СНИЛС: snilsFrom(++serial), [NUMBER]: row[NUMBER] ?? `Н-${serial}` };
  // As new: every trainee here shares the sample row's name and birth date.
  const { importId, changeId, review } = await openRow({ ...row, ...cells }, 'new');
  const response = await calls.submit(importId, changeId, 'new', acceptAll(review));
  expect(response.statusCode, response.body).toBe(200);
  const card = await t.app.inject({
    url: `/api/v1/interns/${response.json().Intern.Id}`,
    headers: { cookie: callers.operator },
  });
  return { cells, card: card.json() };
}

describe('merging a row into the record', () => {
  it('keeps the value of an empty cell and takes the value of a filled one', async () => {
    const { cells, card } = await enteredFrom({});
    const { review } = await openRow({
      ...cells,
      Телефон: undefined,
      'Паспорт: кем выдан': 'ОВД района Хамовники',
    });
    expect(review.PersonalInfo.Old.Contacts.PhoneNumber).toBe('+7 916 123-45-67');
    expect(review.PersonalInfo.New.Contacts.PhoneNumber).toBe('+7 916 123-45-67');
    expect(review.PersonalInfo.Old.Passport.IssuedBy).toBe('ГУ МВД России по г. Москве');
    expect(review.PersonalInfo.New.Passport.IssuedBy).toBe('ОВД района Хамовники');
    expect(review.PersonalInfo.New.Id).toBe(card.PersonalInfo[0].Id);
    expect(review.PersonalInfo.HasChanges).toBe(true);
  });

  it('says a row that repeats the record changes nothing, and accepting it writes nothing', async () => {
    const { cells, card } = await enteredFrom({});
    const { importId, changeId, review } = await openRow({ ...cells });
    expect(review.PersonalInfo.HasChanges).toBe(false);
    expect(review.Supervisors.map((supervisor: { HasChanges: boolean }) => supervisor.HasChanges)).toEqual([
      false,
    ]);
    expect(review.Internship.HasChanges).toBe(false);
    expect(review.InternshipSteps.HasChanges).toBe(false);

    const response = await calls.submit(importId, changeId, card.Id, acceptAll(review));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ HasModified: false, Intern: { Id: card.Id } });
    const after = (
      await t.app.inject({ url: `/api/v1/interns/${card.Id}`, headers: { cookie: callers.operator } })
    ).json();
    expect(after.Version).toBe(card.Version);
    expect(after.ChangeProtocols).toHaveLength(card.ChangeProtocols.length);
  });

  it('names the school the dictionary lacks, for the operator to choose, and saves the one chosen', async () => {
    const name = `Институт недропользования ${++serial}`;
    const own = () => ({ СНИЛС: snilsFrom(++serial), [NUMBER]: `Ш-${serial}` });
    const { importId, changeId, review } = await openRow({ ...own(), 'Учебное заведение': name }, 'new');
    expect(review.UnknownSchool).toBe(name);
    expect(review.PersonalInfo.New.School).toBeNull();

    // 'Добавить в справочник', then the row is accepted with the school added.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/schools',
      headers: { cookie: callers.operator, ...clientHeaders },
      payload: { Name: name },
    });
    expect(added.statusCode, added.body).toBe(201);
    const body = acceptAll(review);
    const response = await calls.submit(importId, changeId, 'new', {
      ...body,
      PersonalInfo: { ...body.PersonalInfo!, School: added.json() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const card = await t.app.inject({
      url: `/api/v1/interns/${response.json().Intern.Id}`,
      headers: { cookie: callers.operator },
    });
    expect(card.json().PersonalInfo[0].School).toEqual(added.json());

    // Once the dictionary has it, or when the cell is empty, there is nothing to choose.
    const known = (await openRow({ ...own(), 'Учебное заведение': name }, 'new')).review;
    expect(known).toMatchObject({ UnknownSchool: null, PersonalInfo: { New: { School: added.json() } } });
    const empty = (await openRow({ ...own(), 'Учебное заведение': undefined }, 'new')).review;
    expect(empty).toMatchObject({ UnknownSchool: null, PersonalInfo: { New: { School: null } } });
  });

  it('takes the school an earlier row of the same file added to the dictionary, with nothing to choose', async () => {
    const name = `Колледж геодезии ${++serial}`;
    const own = () => ({ СНИЛС: snilsFrom(++serial), [NUMBER]: `Ш-${serial}`, 'Учебное заведение': name });
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [own(), own()]);
    const first = (await calls.open(importId, changeIds[0]!, 'new')).json();
    expect(first.UnknownSchool).toBe(name);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/schools',
      headers: { cookie: callers.operator, ...clientHeaders },
      payload: { Name: name.toUpperCase() },
    });
    expect(added.statusCode, added.body).toBe(201);

    const second = (await calls.open(importId, changeIds[1]!, 'new')).json();
    expect(second).toMatchObject({ UnknownSchool: null, PersonalInfo: { New: { School: added.json() } } });
    const response = await calls.submit(importId, changeIds[1]!, 'new', acceptAll(second));
    expect(response.statusCode, response.body).toBe(200);
    const card = await t.app.inject({
      url: `/api/v1/interns/${response.json().Intern.Id}`,
      headers: { cookie: callers.operator },
    });
    expect(card.json().PersonalInfo[0].School).toEqual(added.json());
  });

  it('matches the supervisor by the unique registration number, else adds one', async () => {
    const { cells, card } = await enteredFrom({});
    const same = (await openRow({ ...cells, 'Руководитель: телефон': '+7 495 000-00-00' })).review;
    expect(same.Supervisors).toHaveLength(1);
    expect(same.Supervisors[0].Old.Id).toBe(card.Supervisors[0].Id);
    expect(same.Supervisors[0].New).toMatchObject({
      Id: card.Supervisors[0].Id,
      Contacts: { PhoneNumber: '+7 495 000-00-00' },
    });

    const { importId, changeId, review } = await openRow({
      ...cells,
      'Руководитель: фамилия': 'Соколов',
      'Руководитель: уникальный регистрационный номер': '77777',
    });
    expect(review.Supervisors[0].Old).toBeNull();
    expect(review.Supervisors[0].New).toMatchObject({ LastName: 'Соколов', CadastreNumber: '77777' });
    expect(review.Supervisors[0].New.Id).toBeLessThan(0);
    await calls.submit(importId, changeId, card.Id, acceptAll(review));
    const after = (
      await t.app.inject({ url: `/api/v1/interns/${card.Id}`, headers: { cookie: callers.operator } })
    ).json();
    expect(
      after.Supervisors.map((supervisor: { CadastreNumber: string }) => supervisor.CadastreNumber),
    ).toEqual(['12345', '77777']);
  });

  it('matches the internship by its number within the SRO, else adds one', async () => {
    const { cells, card } = await enteredFrom({ [NUMBER]: 'Н-1' });
    const same = (
      await openRow({
        ...cells,
        'Уникальный идентификационный номер стажировки': 'Н-1',
        'Продолжительность стажировки, мес.': 18,
      })
    ).review;
    expect(same.Internship.Old.Id).toBe(card.Internships[0].Id);
    expect(same.Internship.New).toMatchObject({ Id: card.Internships[0].Id, Duration: 18 });

    const other = (await openRow({ ...cells, [NUMBER]: 'Н-2' })).review;
    expect(other.Internship.Old).toBeNull();
    expect(other.Internship.New).toMatchObject({
      RegistryNumber: 'Н-2',
      Organization: { Id: callers.sro.id },
      IsEmpty: false,
    });
  });

  it('takes the latest internship in the SRO for a row without a number, and never one of another SRO', async () => {
    const snils = snilsFrom(++serial);
    const card = await createIntern(t.app, callers.operator, {
      PersonalInfo: [personalInfo({ Snils: snils })],
      Internships: [
        internship(callers.otherSro.id, { Id: -5, RegistryNumber: 'Д-1', StartedAt: '2025-06-01' }),
        internship(callers.sro.id, { Id: -6, RegistryNumber: 'Н-7', StartedAt: '2023-01-01' }),
        internship(callers.sro.id, { Id: -7, RegistryNumber: 'Н-8', StartedAt: '2024-01-01' }),
      ],
    });
    const review = (
      await openRow({ СНИЛС: snils, 'Уникальный идентификационный номер стажировки': undefined })
    ).review;
    expect(review.Internship.Old).toMatchObject({ Id: card.Internships[2].Id, RegistryNumber: 'Н-8' });

    const elsewhere = (
      await openRow({ СНИЛС: snils, 'Уникальный идентификационный номер стажировки': 'Д-1' })
    ).review;
    expect(elsewhere.Internship.Old).toBeNull();
  });

  it('marks the internship cumulative when the row could mean several, until the operator chooses one', async () => {
    const snils = snilsFrom(++serial);
    const card = await createIntern(t.app, callers.operator, {
      PersonalInfo: [personalInfo({ Snils: snils })],
      Internships: [
        internship(callers.sro.id, { Id: -6, RegistryNumber: `С-${serial}`, StartedAt: '2023-01-01' }),
        internship(callers.sro.id, { Id: -7, RegistryNumber: `Т-${serial}`, StartedAt: '2024-01-01' }),
      ],
    });
    const [older, later] = card.Internships as { Id: number; RegistryNumber: string }[];
    const { importId, changeId, review } = await openRow({ СНИЛС: snils, [NUMBER]: undefined });
    expect(review.Internship.Old.Id).toBe(later!.Id);
    expect(review.Internship.New).toMatchObject({ Id: later!.Id, IsCumulative: true });
    expect(review.InternshipChoices.map((choice: { Id: number }) => choice.Id)).toEqual([
      older!.Id,
      later!.Id,
    ]);
    expect(review.InternshipChoices[0]).toMatchObject({
      RegistryNumber: older!.RegistryNumber,
      StartedAt: '2023-01-01',
    });

    const chosen = (
      await t.app.inject({
        url: `/api/v1/imports/${importId}/changes/${changeId}?internship=${older!.Id}`,
        headers: { cookie: callers.operator },
      })
    ).json();
    expect(chosen.Internship.Old.Id).toBe(older!.Id);
    expect(chosen.Internship.New).toMatchObject({ Id: older!.Id, IsCumulative: false, Duration: 24 });
    expect(chosen.InternshipChoices).toHaveLength(2);
    const accepted = await calls.submit(importId, changeId, card.Id, acceptAll(chosen));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = (
      await t.app.inject({ url: `/api/v1/interns/${card.Id}`, headers: { cookie: callers.operator } })
    ).json();
    expect(after.Internships[0]).toMatchObject({ Id: older!.Id, Duration: 24, IsCumulative: false });
    expect(after.Internships[1]).toEqual(card.Internships[1]);

    // A row whose number names one of them leaves nothing to choose.
    const certain = (await openRow({ СНИЛС: snils, [NUMBER]: later!.RegistryNumber })).review;
    expect(certain.InternshipChoices).toEqual([]);
    expect(certain.Internship.New.IsCumulative).not.toBe(true);
  });

  it('adds the minimal internship when the row has no internship cells and the record none in the SRO', async () => {
    const snils = snilsFrom(++serial);
    await createIntern(t.app, callers.operator, { PersonalInfo: [personalInfo({ Snils: snils })] });
    const internshipCells = Object.fromEntries(
      [
        'Уникальный идентификационный номер стажировки',
        'Дата начала стажировки',
        'Статус стажировки',
        'Продолжительность стажировки, мес.',
        'Решение о приёме на стажировку',
        'Дата окончания договора',
        'Договор',
      ].map((header) => [header, undefined]),
    );
    const review = (await openRow({ СНИЛС: snils, ...internshipCells })).review;
    expect(review.Internship.Old).toBeNull();
    expect(review.Internship.New).toMatchObject({
      IsEmpty: true,
      Status: 4,
      Organization: { Id: callers.sro.id },
    });
  });

  it('appends a list entry, updates the one of the same date, and keeps an equal one once', async () => {
    const { cells, card } = await enteredFrom({
      'Дата приостановления': new Date('2025-09-01T00:00:00Z'),
      'Основание приостановления': 'Болезнь',
    });
    const { importId, changeId, review } = await openRow({
      ...cells,
      // The same contract as before: kept once.
      'Дата приостановления': new Date('2025-09-01T00:00:00Z'),
      'Основание приостановления': 'Отпуск по уходу за ребёнком',
      'Дата возобновления': new Date('2025-12-01T00:00:00Z'),
    });
    const old = review.Internship.Old;
    const next = review.Internship.New;
    expect(old.PauseInfo).toEqual([
      expect.objectContaining({ PausedAt: '2025-09-01', PauseBasis: 'Болезнь' }),
    ]);
    expect(next.PauseInfo).toEqual([
      expect.objectContaining({ PausedAt: '2025-09-01', PauseBasis: 'Отпуск по уходу за ребёнком' }),
    ]);
    expect(next.ResumeInfo).toEqual([expect.objectContaining({ ResumedAt: '2025-12-01' })]);
    expect(next.ContractInfo).toEqual(old.ContractInfo);
    expect(next.ContractInfo).toHaveLength(1);

    await calls.submit(importId, changeId, card.Id, acceptAll(review));
    const later = (await openRow({ ...cells, 'Дата окончания договора': new Date('2028-01-31T00:00:00Z') }))
      .review;
    expect(
      later.Internship.New.ContractInfo.map((entry: { ContractEndsAt: string }) => entry.ContractEndsAt),
    ).toEqual(['2027-03-14', '2028-01-31']);
  });

  it('merges the steps into the record’s latest steps entry', async () => {
    const { cells, card } = await enteredFrom({});
    const review = (
      await openRow({
        ...cells,
        'Этап 1: дата начала': new Date('2025-04-16T00:00:00Z'),
        'Вводный этап: материалы представлены': 'Нет',
      })
    ).review;
    expect(review.InternshipSteps.Old.Id).toBe(card.InternshipSteps[0].Id);
    expect(review.InternshipSteps.New.Step1.StartedAt).toBe('2025-04-16');
    expect(review.InternshipSteps.New.EntryStep).toMatchObject({ HasPassed: true, HasMaterials: false });
    expect(review.InternshipSteps.HasChanges).toBe(true);
  });
});
