import {
  InternStatus,
  InternshipStatus,
  snilsDigits,
  type Internship,
  type InternshipSteps,
  type ExaminationResult,
  type PersonalInfo,
} from '@registry/shared';

/** The SNILS digits of the first personal-info entry, for the indexed column. */
export function snilsOf(personalInfo: Pick<PersonalInfo, 'Snils'> | undefined): string | null {
  return personalInfo?.Snils ? snilsDigits(personalInfo.Snils) : null;
}

/**
 * Trainee status is derived, never typed in (docs/register-rules.md#trainee-status): certified once an exam
 * is passed; admitted to the exam once an internship is completed and its steps are passed; otherwise a
 * trainee.
 */
export function deriveStatus(sections: {
  Internships: Pick<Internship, 'Status'>[];
  InternshipSteps: Pick<InternshipSteps, 'HasPassed'>[];
  ExaminationResults: Pick<ExaminationResult, 'HasPassed'>[];
}): InternStatus {
  if (sections.ExaminationResults.some((result) => result.HasPassed)) return InternStatus.Certified;
  const completed = sections.Internships.some(
    (internship) => internship.Status === InternshipStatus.Completed,
  );
  if (completed && sections.InternshipSteps.some((steps) => steps.HasPassed)) return InternStatus.Admitted;
  return InternStatus.Intern;
}

/** The latest date among list entries, for the indexed pause and resume columns. */
export function latestDate<T>(items: T[], pick: (item: T) => string | null): string | null {
  return items.reduce<string | null>((latest, item) => {
    const value = pick(item);
    return value !== null && (latest === null || value > latest) ? value : latest;
  }, null);
}
