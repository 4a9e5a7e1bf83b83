import { describe, expect, it } from 'vitest';
import { reviewOf } from '../../review-test-data';
import { chosenInternship, internshipChoiceLabel, internshipChoiceOf } from './internship-choice';
import { comparedEntries, startSection } from './review-model';

const older = { Id: 11, RegistryNumber: 'СЗО-1', StartedAt: '2019-03-01', Status: 2 };
const latest = { Id: 12, RegistryNumber: null, StartedAt: null, Status: 0 };

/** A row without a number for a trainee with two internships in the SRO, merged into the latest. */
function cumulative(isCumulative = true) {
  const review = reviewOf();
  return reviewOf({
    InternshipChoices: [latest, older],
    Internship: { ...review.Internship, New: { ...review.Internship.New!, IsCumulative: isCumulative } },
  });
}

describe('the choice of the internship a row goes into', () => {
  it('names each internship by its number, start and status', () => {
    expect(internshipChoiceLabel(older)).toBe('№ СЗО-1 · начата 2019.03.01 · Прекращена');
    expect(internshipChoiceLabel(latest)).toBe('без номера · дата начала не указана · Проводится');
  });

  it('says the internship is merged from several until one is chosen, and offers them', () => {
    expect(internshipChoiceOf(cumulative(), undefined)).toEqual({
      isCumulative: true,
      options: [
        { id: 12, label: 'без номера · дата начала не указана · Проводится' },
        { id: 11, label: '№ СЗО-1 · начата 2019.03.01 · Прекращена' },
      ],
      chosen: undefined,
    });
    // Chosen: the server merged the row into it and cleared the flag; the choice stays offered.
    expect(internshipChoiceOf(cumulative(false), 11)).toMatchObject({ isCumulative: false, chosen: 11 });
    // An id not among the trainee's internships (another trainee's, edited by hand) is no choice.
    expect(internshipChoiceOf(cumulative(false), 99).chosen).toBeUndefined();
  });

  it('offers nothing when the number tells which', () => {
    expect(internshipChoiceOf(reviewOf(), 11)).toEqual({
      isCumulative: false,
      options: [],
      chosen: undefined,
    });
  });

  it('reads the choice from the URL, and anything but an id as none', () => {
    expect(chosenInternship('11')).toBe(11);
    for (const value of [null, '', 'abc', '0', '-3', '1.5'])
      expect(chosenInternship(value), String(value)).toBeUndefined();
  });

  it('opens the row on the internship when there is one to choose', () => {
    expect(startSection(reviewOf(), comparedEntries(reviewOf()))).toBe('PersonalInfo');
    const review = cumulative();
    expect(startSection(review, comparedEntries(review))).toBe('Internship');
  });
});
