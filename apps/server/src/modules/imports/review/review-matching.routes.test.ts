import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createIntern, internship, personalInfo } from '../../../test/interns.js';
import { acceptAll, reviewCallers, reviewCalls } from '../../../test/review.js';
import { uploadRows } from '../../../test/uploads.js';
import { snilsFrom } from '../../../test/change-files/workbooks.js';

/*
 * Which trainee a row is compared with (docs/row-review.md#which-trainee-a-row-is-about): the same SNILS;
 * else the same full name and birth date; the operator's choice or a new record. And what the screen warns
 * of: another trainee with the row's number in the SRO, an internship in force elsewhere, the other possible
 * trainees with their reasons.
 */

let t: TestApp;
let callers: Awaited<ReturnType<typeof reviewCallers>>;
let calls: ReturnType<typeof reviewCalls>;
let serial = 100_000;
/** A SNILS no other test uses. */
const freshSnils = () => snilsFrom(++serial);

beforeAll(async () => {
  t = await buildTestApp();
  callers = await reviewCallers(t);
  calls = reviewCalls(t, callers.operator);
});
afterAll(() => t.close());

async function createTrainee(person: Record<string, unknown>, internships: Record<string, unknown>[] = []) {
  return createIntern(t.app, callers.operator, {
    PersonalInfo: [personalInfo(person)],
    Internships: internships.map((values, index) => ({
      ...internship(callers.sro.id),
      Id: -10 - index,
      ...values,
    })),
  });
}

/** Uploads one row and opens it. */
async function openRow(row: Record<string, unknown>, intern?: number | 'new') {
  const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [row]);
  const response = await calls.open(importId, changeIds[0]!, intern);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/v1/imports/{id}/changes/{change}: matching', () => {
  it('finds the trainee by SNILS, whatever the name', async () => {
    const snils = freshSnils();
    const card = await createTrainee({ LastName: 'Кузнецова', Snils: snils });
    const review = await openRow({ СНИЛС: snils, 'Уникальный идентификационный номер стажировки': 'М-1' });
    expect(review).toMatchObject({
      Intern: { Id: card.Id, FullName: card.FullName, Status: 0, Version: card.Version },
      MatchedBy: 'snils',
      FoundByFullName: false,
      ConflictingIntern: null,
      ConflictingOrganization: null,
    });
    expect(review.PersonalInfo.Old).toMatchObject({ Id: card.PersonalInfo[0].Id, LastName: 'Кузнецова' });
    expect(review.PersonalInfo.New).toMatchObject({ Id: card.PersonalInfo[0].Id, LastName: 'Иванова' });
  });

  it('finds the trainee by full name (case, spacing and ё folded) and birth date, and says so', async () => {
    const card = await createTrainee({
      LastName: 'Семенова',
      FirstName: 'Алёна',
      PatronymicName: 'Петровна',
      DateOfBirth: '1995-04-12',
    });
    const review = await openRow({
      Фамилия: 'СЕМЁНОВА',
      Имя: ' алена ',
      Отчество: 'Петровна',
      СНИЛС: freshSnils(),
      'Уникальный идентификационный номер стажировки': 'М-2',
    });
    expect(review).toMatchObject({ Intern: { Id: card.Id }, MatchedBy: 'fullName', FoundByFullName: true });
  });

  it('does not match a namesake born on another day, and names them as a candidate', async () => {
    const card = await createTrainee({
      LastName: 'Тихонова',
      FirstName: 'Вера',
      PatronymicName: 'Олеговна',
      DateOfBirth: '1990-01-01',
    });
    const review = await openRow({
      Фамилия: 'Тихонова',
      Имя: 'Вера',
      Отчество: 'Олеговна',
      СНИЛС: freshSnils(),
      'Уникальный идентификационный номер стажировки': 'М-3',
    });
    expect(review).toMatchObject({ Intern: null, MatchedBy: 'none', FoundByFullName: false });
    expect(review.Candidates).toEqual([
      { Id: card.Id, FullName: card.FullName, Status: 0, Reasons: ['fullName'] },
    ]);
    expect(review.PersonalInfo.Old).toBeNull();
  });

  it('matches a namesake by name alone when the row gives no birth date', async () => {
    const card = await createTrainee({ LastName: 'Жукова', FirstName: 'Инна', PatronymicName: null });
    const review = await openRow({
      Фамилия: 'Жукова',
      Имя: 'Инна',
      Отчество: undefined,
      'Дата рождения': undefined,
      СНИЛС: freshSnils(),
      'Уникальный идентификационный номер стажировки': 'М-4',
    });
    expect(review).toMatchObject({ Intern: { Id: card.Id }, MatchedBy: 'fullName', FoundByFullName: true });
  });

  it('warns of another trainee with the row’s internship number in the same SRO only', async () => {
    const snils = freshSnils();
    const matched = await createTrainee({ LastName: 'Белова', Snils: snils });
    const other = await createTrainee({ LastName: 'Чернова' }, [{ RegistryNumber: 'ДВ-77' }]);
    await createTrainee({ LastName: 'Серова' }, [
      { RegistryNumber: 'ДВ-78', Organization: { Id: callers.otherSro.id, Name: '' } },
    ]);
    const review = await openRow({ СНИЛС: snils, 'Уникальный идентификационный номер стажировки': 'ДВ-77' });
    expect(review.Intern.Id).toBe(matched.Id);
    expect(review.ConflictingIntern).toEqual({ Id: other.Id, FullName: other.FullName });
    expect(review.Candidates).toEqual([
      { Id: other.Id, FullName: other.FullName, Status: 0, Reasons: ['registryNumber'] },
    ]);
    const elsewhere = await openRow({
      СНИЛС: freshSnils(),
      'Уникальный идентификационный номер стажировки': 'ДВ-78',
    });
    expect(elsewhere.ConflictingIntern).toBeNull();
  });

  it('names the holder of the row’s internship number as the register’s key folds it, as the save is refused', async () => {
    const snils = freshSnils();
    const matched = await createTrainee({ LastName: 'Данилова', Snils: snils });
    const holder = await createTrainee({ LastName: 'Фомина' }, [{ RegistryNumber: 'ДВ-91' }]);
    // Case, spacing and ё/е do not make another number (registry_number_key).
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      { СНИЛС: snils, 'Уникальный идентификационный номер стажировки': 'дв-9 1' },
    ]);
    const review = (await calls.open(importId, changeIds[0]!)).json();
    expect(review.Intern.Id).toBe(matched.Id);
    expect(review.ConflictingIntern).toEqual({ Id: holder.Id, FullName: holder.FullName });

    const refused = await calls.submit(importId, changeIds[0]!, matched.Id, acceptAll(review));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Intern).toEqual({ Id: holder.Id, FullName: holder.FullName });
  });

  it('names the holder of the row’s SNILS beside a new record or a chosen trainee, as the save is refused', async () => {
    const snils = freshSnils();
    const holder = await createTrainee({ LastName: 'Зимина', Snils: snils });
    const chosen = await createTrainee({ LastName: 'Летова' });
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      { СНИЛС: snils, 'Уникальный идентификационный номер стажировки': 'М-12' },
    ]);
    const changeId = changeIds[0]!;
    const named = { Id: holder.Id, FullName: holder.FullName };

    // Matched by the SNILS, the row is about its holder: nothing is refused.
    expect((await calls.open(importId, changeId)).json()).toMatchObject({
      Intern: { Id: holder.Id },
      SnilsHolder: null,
    });
    const asNew = (await calls.open(importId, changeId, 'new')).json();
    expect(asNew).toMatchObject({ Intern: null, SnilsHolder: named });
    expect((await calls.open(importId, changeId, chosen.Id)).json().SnilsHolder).toEqual(named);

    const refused = await calls.submit(importId, changeId, 'new', acceptAll(asNew));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Intern).toEqual(named);
  });

  it('warns of an internship in force in another SRO, not of an ended one', async () => {
    const snils = freshSnils();
    await createTrainee({ LastName: 'Орлова', Snils: snils }, [
      { Organization: { Id: callers.otherSro.id, Name: '' }, Status: 1, RegistryNumber: 'Г-1' },
    ]);
    const review = await openRow({ СНИЛС: snils, 'Уникальный идентификационный номер стажировки': 'М-5' });
    expect(review.ConflictingOrganization).toEqual({ Id: callers.otherSro.id, Name: callers.otherSro.name });

    const endedSnils = freshSnils();
    await createTrainee({ LastName: 'Орлова', Snils: endedSnils }, [
      { Organization: { Id: callers.otherSro.id, Name: '' }, Status: 3, RegistryNumber: 'Г-2' },
    ]);
    const ended = await openRow({
      СНИЛС: endedSnils,
      'Уникальный идентификационный номер стажировки': 'М-6',
    });
    expect(ended.ConflictingOrganization).toBeNull();
  });

  it('compares with the trainee the operator chose, or with an empty record, and lists the match as a candidate', async () => {
    const snils = freshSnils();
    const bySnils = await createTrainee({ LastName: 'Никитина', Snils: snils });
    const chosen = await createTrainee({ LastName: 'Громова' });
    const row = { СНИЛС: snils, 'Уникальный идентификационный номер стажировки': 'М-7' };
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [row]);

    const manual = (await calls.open(importId, changeIds[0]!, chosen.Id)).json();
    expect(manual).toMatchObject({ Intern: { Id: chosen.Id }, MatchedBy: 'chosen', FoundByFullName: false });
    expect(manual.Candidates).toEqual([
      { Id: bySnils.Id, FullName: bySnils.FullName, Status: 0, Reasons: ['snils'] },
    ]);

    const asNew = (await calls.open(importId, changeIds[0]!, 'new')).json();
    expect(asNew).toMatchObject({ Intern: null, MatchedBy: 'none' });
    expect(asNew.Candidates.map((candidate: { Id: number }) => candidate.Id)).toEqual([bySnils.Id]);
    for (const section of ['PersonalInfo', 'Internship', 'InternshipSteps'] as const) {
      expect(asNew[section].Old).toBeNull();
      expect(asNew[section].HasChanges).toBe(true);
    }

    const missing = await calls.open(importId, changeIds[0]!, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().ErrorMessage).toBe('Стажёр не найден');
  });

  it('names at most five other possible trainees, strongest reasons first', async () => {
    const snils = freshSnils();
    const name = { LastName: 'Ларина', FirstName: 'Ольга', PatronymicName: 'Ивановна' };
    const sameSnils = await createTrainee({ ...name, LastName: 'Ларина-Смит', Snils: snils });
    const sameBirth = await createTrainee({ ...name, DateOfBirth: '1995-04-12' });
    const namesakes = [];
    for (let i = 0; i < 5; i++) namesakes.push(await createTrainee({ ...name, DateOfBirth: '1980-01-01' }));
    const review = await openRow({
      Фамилия: 'Ларина',
      Имя: 'Ольга',
      Отчество: 'Ивановна',
      СНИЛС: snils,
      'Уникальный идентификационный номер стажировки': 'М-8',
    });
    // The SNILS decides; a namesake with the same birth date is the strongest other candidate.
    expect(review.Intern.Id).toBe(sameSnils.Id);
    expect(review.Candidates).toHaveLength(5);
    expect(review.Candidates[0]).toMatchObject({ Id: sameBirth.Id, Reasons: ['fullNameAndBirthDate'] });
    expect(review.Candidates.slice(1).map((candidate: { Id: number }) => candidate.Id)).toEqual(
      namesakes.slice(0, 4).map((card) => card.Id),
    );
  });

  it('leaves deleted trainees out of matching', async () => {
    const snils = freshSnils();
    const card = await createTrainee({ LastName: 'Удалова', Snils: snils });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/interns/${card.Id}`,
      headers: { cookie: callers.operator, 'x-registry-client': 'web' },
    });
    const review = await openRow({ СНИЛС: snils, 'Уникальный идентификационный номер стажировки': 'М-9' });
    expect(review).toMatchObject({ Intern: null, MatchedBy: 'none', Candidates: [] });
  });
});
