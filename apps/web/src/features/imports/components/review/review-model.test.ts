import { describe, expect, it } from 'vitest';
import type { ChangeReview } from '@registry/shared';
import { newInternReviewOf, newPerson, oldPerson, reviewOf } from '../../review-test-data';
import { registerRefusal } from './register-refusal';
import { fieldRows, undecidedLabels } from './review-fields';
import {
  chooseSchool,
  clearedFields,
  chooseValue,
  comparedEntries,
  firstInvalidEntry,
  isSameValue,
  replaceEntry,
  setExcluded,
  startDecisions,
  submitBody,
  takeAllFromFile,
  undecidedFields,
  withValueAt,
} from './review-model';
import { finalText, handledText, lostRaceText, progressText } from './review-texts';

describe('the review of a row', () => {
  it('sends each changed section as the file has it, and leaves an unchanged one alone', () => {
    const review = reviewOf();
    const entries = comparedEntries(review);
    const body = submitBody(review, entries, startDecisions(entries));
    expect(body.PersonalInfo).toEqual(review.PersonalInfo.New);
    expect(body.Internship).toEqual(review.Internship.New);
    expect(body.InternshipSteps).toBeNull();
    expect(body.Supervisors).toEqual([]);
    expect(body.InternVersion).toBe(4);
  });

  it('puts back the register’s value of a field the operator kept, and takes it again', () => {
    const review = reviewOf();
    const entries = comparedEntries(review);
    const [person] = entries;
    let decisions = chooseValue(startDecisions(entries), person!, 'Contacts.PhoneNumber', 'old');
    expect(submitBody(review, entries, decisions).PersonalInfo?.Contacts).toEqual({
      PhoneNumber: '+7 900 000-00-00',
      PostalAddress: null,
      EmailAddress: 'ivanov@example.org',
    });
    decisions = chooseValue(decisions, person!, 'Contacts.EmailAddress', 'old');
    // Kept entirely: nothing of the section is sent.
    expect(submitBody(review, entries, decisions).PersonalInfo).toBeNull();
    decisions = chooseValue(decisions, person!, 'Contacts.PhoneNumber', 'new');
    expect(submitBody(review, entries, decisions).PersonalInfo?.Contacts?.PhoneNumber).toBe(
      '+7 900 111-22-33',
    );
  });

  it('leaves out a new entry the operator declines, and sends a new trainee without a version', () => {
    const review = newInternReviewOf();
    const entries = comparedEntries(review);
    const decisions = setExcluded(startDecisions(entries), 'Internship', true);
    const body = submitBody(review, entries, decisions);
    expect(body.Internship).toBeNull();
    expect(body.PersonalInfo?.LastName).toBe('Иванов');
    expect(body).not.toHaveProperty('InternVersion');
  });

  it('finds an entry its schema refuses before it is sent', () => {
    const review = reviewOf();
    const entries = comparedEntries(review);
    const decisions = startDecisions(entries);
    expect(firstInvalidEntry(entries, decisions)).toBeNull();
    const broken = replaceEntry(decisions, 'PersonalInfo', { ...review.PersonalInfo.New!, LastName: '' });
    expect(firstInvalidEntry(entries, broken)?.key).toBe('PersonalInfo');
  });

  it('sees no change in spacing, an unset flag or a dictionary entry renamed', () => {
    expect(isSameValue(' Иванов  Пётр ', 'Иванов Пётр')).toBe(true);
    expect(isSameValue(false, null)).toBe(true);
    expect(isSameValue([], undefined)).toBe(true);
    expect(isSameValue({ Number: null, Date: null }, null)).toBe(true);
    expect(isSameValue({ Id: 3, Name: 'СРО' }, { Id: 3, Name: 'СРО «Кадастр»' })).toBe(true);
    expect(isSameValue({ Id: 3, Name: 'СРО' }, { Id: 4, Name: 'СРО' })).toBe(false);
    expect(withValueAt({ Id: 1 }, 'Passport.Series', '45 10')).toEqual({
      Id: 1,
      Passport: { Series: '45 10' },
    });
  });
});

describe('the identity of a trainee', () => {
  // Matched by name: the file gives another SNILS, misspells the last name and fills the empty e-mail.
  const byName = () =>
    reviewOf({
      MatchedBy: 'fullName',
      FoundByFullName: true,
      PersonalInfo: {
        Old: oldPerson,
        New: { ...newPerson, LastName: 'Иваноф', Snils: '112-233-445 96', DateOfBirth: '1990-03-14' },
        HasChanges: true,
      },
    });
  const label = (path: string) => ({ path, label: path, format: String });

  it('keeps the register’s SNILS and name until the operator decides, and takes the other fields', () => {
    const review = byName();
    const entries = comparedEntries(review);
    const decisions = startDecisions(entries);
    expect(undecidedFields(entries, decisions).map(({ path }) => path)).toEqual(['LastName', 'Snils']);
    const sent = submitBody(review, entries, decisions).PersonalInfo;
    expect(sent).toMatchObject({ LastName: 'Иванов', Snils: '112-233-445 95' });
    expect(sent?.Contacts?.EmailAddress).toBe('ivanov@example.org');
    const rows = fieldRows(
      [label('LastName'), label('FirstName')],
      entries[0]!,
      decisions.results.PersonalInfo!,
      ['LastName'],
    );
    expect(rows.map((row) => [row.path, row.choice, row.isUndecided])).toEqual([
      ['LastName', 'old', true],
      ['FirstName', 'new', false],
    ]);
    expect(undecidedLabels(undecidedFields(entries, decisions), () => [label('Snils')])).toEqual([
      'LastName',
      'Snils',
    ]);
  });

  it('takes a field from the file, or keeps the register’s, only by the operator’s word', () => {
    const review = byName();
    const entries = comparedEntries(review);
    const [person] = entries;
    let decisions = chooseValue(startDecisions(entries), person!, 'Snils', 'new');
    expect(submitBody(review, entries, decisions).PersonalInfo?.Snils).toBe('112-233-445 96');
    expect(undecidedFields(entries, decisions).map(({ path }) => path)).toEqual(['LastName']);
    decisions = chooseValue(decisions, person!, 'LastName', 'old');
    expect(undecidedFields(entries, decisions)).toEqual([]);
    expect(submitBody(review, entries, decisions).PersonalInfo?.LastName).toBe('Иванов');
  });

  it('takes every undecided field from the file at once', () => {
    const review = byName();
    const entries = comparedEntries(review);
    const decisions = takeAllFromFile(startDecisions(entries), entries);
    expect(undecidedFields(entries, decisions)).toEqual([]);
    expect(submitBody(review, entries, decisions).PersonalInfo).toMatchObject({
      LastName: 'Иваноф',
      Snils: '112-233-445 96',
    });
  });

  it('decides a field the operator rewrote in the card’s form, and not one left as it was', () => {
    const review = byName();
    const entries = comparedEntries(review);
    const start = startDecisions(entries);
    const corrected = replaceEntry(start, 'PersonalInfo', {
      ...start.results.PersonalInfo!,
      LastName: 'Иванова',
    });
    expect(undecidedFields(entries, corrected).map(({ path }) => path)).toEqual(['Snils']);
  });

  it('fills an identity field the register lacks, and asks nothing of a new trainee', () => {
    const review = reviewOf({
      PersonalInfo: { Old: { ...oldPerson, DateOfBirth: null }, New: newPerson, HasChanges: true },
    });
    const entries = comparedEntries(review);
    expect(undecidedFields(entries, startDecisions(entries))).toEqual([]);
    const asNew = newInternReviewOf();
    const newEntries = comparedEntries(asNew);
    expect(undecidedFields(newEntries, startDecisions(newEntries))).toEqual([]);
    // A row matched by SNILS: its other fields are taken from the file as before.
    expect(submitBody(review, entries, startDecisions(entries)).PersonalInfo?.DateOfBirth).toBe('1990-03-14');
  });
});

describe('the register’s two keys, before the click', () => {
  const holder = { Id: 9, FullName: 'Смирнов Олег' };

  it('refuses a new trainee the SNILS another holds, until the operator corrects it', () => {
    const review = newInternReviewOf({ SnilsHolder: holder });
    const entries = comparedEntries(review);
    const decisions = startDecisions(entries);
    expect(registerRefusal(review, decisions)).toEqual({ key: 'snils', holder });
    const person = entries.find((entry) => entry.section === 'PersonalInfo')!;
    const corrected = replaceEntry(decisions, 'PersonalInfo', { ...person.New!, Snils: '112-233-445 96' });
    expect(registerRefusal(review, corrected)).toBeNull();
  });

  it('refuses a trainee’s SNILS taken from the file, not the register’s kept', () => {
    const review = reviewOf({
      MatchedBy: 'chosen',
      SnilsHolder: holder,
      PersonalInfo: { Old: { ...oldPerson, Snils: '123-456-789 64' }, New: newPerson, HasChanges: true },
    });
    const entries = comparedEntries(review);
    const person = entries.find((entry) => entry.section === 'PersonalInfo')!;
    const decisions = startDecisions(entries);
    // Until the operator decides, the register's SNILS is what would be sent.
    expect(registerRefusal(review, decisions)).toBeNull();
    expect(registerRefusal(review, chooseValue(decisions, person, 'Snils', 'old'))).toBeNull();
    expect(registerRefusal(review, chooseValue(decisions, person, 'Snils', 'new'))).toEqual({
      key: 'snils',
      holder,
    });
  });

  it('refuses the internship number another holds in the SRO, as the register folds it, unless left out', () => {
    const review = newInternReviewOf({ ConflictingIntern: holder });
    const entries = comparedEntries(review);
    const decisions = startDecisions(entries);
    expect(registerRefusal(review, decisions)).toEqual({ key: 'internshipNumber', holder });
    const internship = entries.find((entry) => entry.section === 'Internship')!;
    const respaced = replaceEntry(decisions, 'Internship', {
      ...internship.New!,
      RegistryNumber: ' 12 - 7 ',
    });
    expect(registerRefusal(review, respaced)).toEqual({ key: 'internshipNumber', holder });
    expect(registerRefusal(review, setExcluded(decisions, 'Internship', true))).toBeNull();
    const renumbered = replaceEntry(decisions, 'Internship', { ...internship.New!, RegistryNumber: '12-8' });
    expect(registerRefusal(review, renumbered)).toBeNull();
  });
});

describe('a school the dictionary lacks', () => {
  const school = { Id: 9, Name: 'Институт недр' };

  it('waits for the operator’s school, and sends the one chosen', () => {
    const review = newInternReviewOf({ UnknownSchool: 'Институт недр' });
    const entries = comparedEntries(review);
    const [person] = entries;
    const start = startDecisions(entries, review.UnknownSchool);
    expect(start.isSchoolUndecided).toBe(true);
    const chosen = chooseSchool(start, person!, school);
    expect(chosen.isSchoolUndecided).toBe(false);
    expect(submitBody(review, entries, chosen).PersonalInfo?.School).toEqual(school);
    // Cleared again: the question is back, and the file's (none) is what would be sent.
    const cleared = chooseSchool(chosen, person!, undefined);
    expect(cleared.isSchoolUndecided).toBe(true);
    expect(submitBody(review, entries, cleared).PersonalInfo?.School).toBeNull();
  });

  it('keeps the register’s school, or none, when the operator says so', () => {
    const review = reviewOf({
      UnknownSchool: 'Институт недр',
      PersonalInfo: {
        Old: { ...oldPerson, School: school },
        New: { ...newPerson, School: school },
        HasChanges: true,
      },
    });
    const entries = comparedEntries(review);
    const kept = chooseSchool(startDecisions(entries, review.UnknownSchool), entries[0]!, school);
    expect(kept.isSchoolUndecided).toBe(false);
    expect(submitBody(review, entries, kept).PersonalInfo?.School).toEqual(school);
    const none = chooseSchool(kept, entries[0]!, null);
    expect(submitBody(review, entries, none).PersonalInfo?.School).toBeNull();
  });

  it('asks nothing of a row whose school is known, and takes a school written in the card’s form', () => {
    const review = newInternReviewOf();
    const entries = comparedEntries(review);
    expect(startDecisions(entries, review.UnknownSchool).isSchoolUndecided).toBe(false);
    const start = startDecisions(entries, 'Институт недр');
    const corrected = replaceEntry(start, 'PersonalInfo', { ...start.results.PersonalInfo!, School: school });
    expect(corrected.isSchoolUndecided).toBe(false);
  });
});

describe('the words of the review', () => {
  it('ends an import with how many rows were accepted and rejected, in Russian', () => {
    expect(finalText({ RowCount: 5, PendingCount: 0, RejectedCount: 1, UnchangedCount: 0 })).toBe(
      'Все записи импорта обработаны: внесено в реестр — 4 записи, отклонено — 1 запись.',
    );
    expect(finalText({ RowCount: 26, PendingCount: 0, RejectedCount: 21, UnchangedCount: 0 })).toBe(
      'Все записи импорта обработаны: внесено в реестр — 5 записей, отклонено — 21 запись.',
    );
    expect(finalText({ RowCount: 5, PendingCount: 2, RejectedCount: 0, UnchangedCount: 0 })).toBe(
      'Свободных записей больше нет: внесено в реестр — 3 записи, отклонено — 0 записей; другие операторы обрабатывают ещё 2 записи.',
    );
  });

  it('counts the unchanged rows of an import apart: they were neither accepted nor waiting', () => {
    expect(finalText({ RowCount: 100, PendingCount: 0, RejectedCount: 1, UnchangedCount: 95 })).toBe(
      'Все записи импорта обработаны: внесено в реестр — 4 записи, отклонено — 1 запись, без изменений — 95 записей.',
    );
    expect(progressText({ RowCount: 100, PendingCount: 3, UnchangedCount: 95 })).toBe(
      'обработка записи [ 3 / 5 ]',
    );
  });

  it('says a race lost to another operator, and whether the screen moved on', () => {
    const reason = 'Эта запись уже обработана оператором Петрова Анна Сергеевна';
    expect(lostRaceText(3, reason, true)).toBe(
      'Строка 3: Эта запись уже обработана оператором Петрова Анна Сергеевна. Открыта следующая свободная запись.',
    );
    expect(lostRaceText(3, `${reason}.`, false)).toMatch(
      /Сергеевна\. Других свободных записей в импорте нет/,
    );
  });

  it('places the row among the handled ones, and says the end and who handled a row', () => {
    expect(progressText({ RowCount: 10, PendingCount: 4, UnchangedCount: 0 })).toBe(
      'обработка записи [ 7 / 10 ]',
    );
    expect(progressText({ RowCount: 10, PendingCount: 10, UnchangedCount: 0 })).toBe(
      'обработка записи [ 1 / 10 ]',
    );
    expect(handledText('finished', 'Анна', '2026.11.21 12:30', null)).toBe(
      'Запись уже внесена в реестр: Анна, 2026.11.21 12:30.',
    );
  });
});

describe('a pre-filled file’s row, read against the download', () => {
  const phone = { Entry: 'PersonalInfo', Path: 'Contacts.PhoneNumber', Header: 'Телефон' };
  const sinceExport = (marks: Partial<NonNullable<ChangeReview['SinceExport']>>) =>
    reviewOf({
      MatchedBy: 'registerId',
      SinceExport: {
        ExportedAt: '2026-11-30T09:00:00.000Z',
        ChangedInRegister: [],
        Conflicts: [],
        Cleared: [],
        ...marks,
      },
    });

  it('keeps the register’s value of a cell both changed until the operator decides, and marks it', () => {
    const review = sinceExport({ Conflicts: [phone] });
    const entries = comparedEntries(review);
    expect(entries[0]!.marks).toEqual({ 'Contacts.PhoneNumber': 'conflict' });
    const decisions = startDecisions(entries);
    expect(undecidedFields(entries, decisions).map(({ path }) => path)).toEqual(['Contacts.PhoneNumber']);
    expect(submitBody(review, entries, decisions).PersonalInfo?.Contacts?.PhoneNumber).toBe(
      '+7 900 000-00-00',
    );
    const taken = chooseValue(decisions, entries[0]!, 'Contacts.PhoneNumber', 'new');
    expect(undecidedFields(entries, taken)).toEqual([]);
    expect(submitBody(review, entries, taken).PersonalInfo?.Contacts?.PhoneNumber).toBe('+7 900 111-22-33');
  });

  it('asks nothing of a cell the register changed alone or the file emptied: they are marks, not decisions', () => {
    const review = sinceExport({
      ChangedInRegister: [{ ...phone, Path: 'PatronymicName' }],
      Cleared: [phone],
    });
    const entries = comparedEntries(review);
    expect(entries[0]!.marks).toEqual({
      PatronymicName: 'changedInRegister',
      'Contacts.PhoneNumber': 'cleared',
    });
    expect(undecidedFields(entries, startDecisions(entries))).toEqual([]);
  });

  it('offers a cell the file emptied as an erase: the register’s value is sent until the operator takes it', () => {
    // The server sends the register's value in the file's place (it never erases by itself).
    const review = {
      ...sinceExport({ Cleared: [phone] }),
      PersonalInfo: { Old: oldPerson, New: oldPerson, HasChanges: false },
    };
    const entries = comparedEntries(review);
    expect(entries[0]).toMatchObject({ HasChanges: true, New: { Contacts: { PhoneNumber: null } } });
    const decisions = startDecisions(entries);
    expect(submitBody(review, entries, decisions).PersonalInfo).toBeNull();
    const erased = chooseValue(decisions, entries[0]!, 'Contacts.PhoneNumber', 'new');
    expect(submitBody(review, entries, erased).PersonalInfo?.Contacts).toMatchObject({ PhoneNumber: null });
  });

  it('never offers to erase a list the file emptied (an internship’s pauses): its entries stay', () => {
    const requisites = { Number: null, Date: null, UnstructuredValue: 'Заявление' };
    const pauses = [
      { PausedAt: '2026-02-01', PauseDuration: '1 месяц', PauseBasis: 'Заявление', Requisites: requisites },
    ];
    const internship = { ...reviewOf().Internship.Old!, PauseInfo: pauses };
    const review = {
      ...sinceExport({ Cleared: [{ Entry: 'Internship', Path: 'PauseInfo', Header: 'Приостановки' }] }),
      Internship: { Old: internship, New: internship, HasChanges: false },
    };
    const entries = comparedEntries(review);
    const entry = entries.find((each) => each.key === 'Internship')!;
    expect(clearedFields(entry)).toEqual([]);
    expect(entry.New).toMatchObject({ PauseInfo: pauses });
    expect(submitBody(review, entries, startDecisions(entries)).Internship).toBeNull();
  });
});
