/*
 * The card's sections and the internship's stages by name alone, apart from their zod schemas
 * (schemas/intern.ts): the public card names them on every first load, which then needs no zod.
 */

/** Each section of the card: its key in the contract, its URL slug and its Russian title. */
export const internSectionNames = {
  PersonalInfo: { slug: 'personal-info', title: 'Персональные данные' },
  Supervisors: { slug: 'supervisors', title: 'Руководитель стажировки' },
  Internships: { slug: 'internships', title: 'Стажировка' },
  InternshipSteps: { slug: 'internship-steps', title: 'Этапы стажировки' },
  Examinations: { slug: 'examinations', title: 'Экзамен' },
  ExaminationResults: { slug: 'examination-results', title: 'Результаты экзамена' },
  ExaminationAppeals: { slug: 'examination-appeals', title: 'Апелляция' },
  Reissues: { slug: 'reissues', title: 'Переоформление' },
  Documents: { slug: 'documents', title: 'Документы' },
} as const;
export type InternSectionKey = keyof typeof internSectionNames;
export const internSectionKeys = Object.keys(internSectionNames) as InternSectionKey[];

/** The five stages of an internship, in order, with their Russian names. */
export const internshipStages = [
  ['EntryStep', 'Вводный этап'],
  ['Step1', 'Этап 1'],
  ['Step2', 'Этап 2'],
  ['Step3', 'Этап 3'],
  ['ClosingStep', 'Заключительный этап'],
] as const;
