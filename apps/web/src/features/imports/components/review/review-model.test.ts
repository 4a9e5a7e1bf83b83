import { describe, expect, it } from 'vitest';
import { newInternReviewOf, reviewOf } from '../../review-test-data';
import {
  chooseValue,
  comparedEntries,
  firstInvalidEntry,
  isSameValue,
  replaceEntry,
  setExcluded,
  startDecisions,
  submitBody,
  withValueAt,
} from './review-model';
import { allDoneText, handledText, progressText, remainingText } from './review-texts';

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

describe('the words of the review', () => {
  it('counts the rows left in Russian', () => {
    expect([1, 2, 5, 21, 12].map(remainingText)).toEqual([
      'осталась 1 необработанная строка, желаете перейти к обработке следующей записи?',
      'осталось 2 необработанные строки, желаете перейти к обработке следующей записи?',
      'осталось 5 необработанных строк, желаете перейти к обработке следующей записи?',
      'осталась 21 необработанная строка, желаете перейти к обработке следующей записи?',
      'осталось 12 необработанных строк, желаете перейти к обработке следующей записи?',
    ]);
  });

  it('places the row among the handled ones, and says the end and who handled a row', () => {
    expect(progressText(10, 4)).toBe('обработка записи [ 7 / 10 ]');
    expect(progressText(10, 10)).toBe('обработка записи [ 1 / 10 ]');
    expect(allDoneText('a.xlsx')).toBe('Все изменения из файла «a.xlsx» были успешно внесены в реестр.');
    expect(handledText('finished', 'Анна', '2026.11.21 12:30', null)).toBe(
      'Запись уже внесена в реестр: Анна, 2026.11.21 12:30.',
    );
  });
});
