/** A labelled enumeration: the numeric codes of the contract with their Russian labels. */
export function labelled<const T extends Record<number, string>>(labels: T) {
  const values = Object.keys(labels).map(Number) as (keyof T & number)[];
  return { labels, values, label: (value: keyof T & number) => labels[value] };
}

/** Trainee status (derived, never typed in). */
export const InternStatus = { Intern: 0, Admitted: 1, Certified: 2 } as const;
export type InternStatus = (typeof InternStatus)[keyof typeof InternStatus];
export const internStatuses = labelled({ 0: 'Стажёр', 1: 'Допущен к экзамену', 2: 'Аттестован' });
/** Labels of the status tabs of the trainee list (docs/register-rules.md#trainee-status). */
export const internStatusTabs = { 0: 'Стажёры', 1: 'Допущенные к экзамену', 2: 'Аттестованные' } as const;

/** Internship status; 4 'Неизвестно' is the default. */
export const InternshipStatus = { Ongoing: 0, Paused: 1, Terminated: 2, Completed: 3, Unknown: 4 } as const;
export type InternshipStatus = (typeof InternshipStatus)[keyof typeof InternshipStatus];
export const internshipStatuses = labelled({
  0: 'Проводится',
  1: 'Приостановлена',
  2: 'Прекращена',
  3: 'Завершена',
  4: 'Неизвестно',
});

/** Supervisor's form of employment. */
export const EmploymentType = { IndividualEntrepreneur: 0, Employee: 1 } as const;
export type EmploymentType = (typeof EmploymentType)[keyof typeof EmploymentType];
export const employmentTypes = labelled({ 0: 'ИП', 1: 'Работник юридического лица' });

/** Import status. */
export const ImportStatus = { Pending: 0, BeingProcessed: 1, Processed: 2, Rejected: 3 } as const;
export type ImportStatus = (typeof ImportStatus)[keyof typeof ImportStatus];
/** Import statuses whose rows an operator may still handle, and that may still be rejected as a whole. */
export const openImportStatuses: ImportStatus[] = [ImportStatus.Pending, ImportStatus.BeingProcessed];

/** Status of one row of an import. */
/**
 * Status of one row of an import. `Unchanged`: the row says what the register holds about its trainee (a
 * pre-filled change file sent back with that row untouched), so it is no operator's work (docs/row-review.md).
 */
export const ChangeStatus = { Pending: 0, Finished: 1, Rejected: 2, Unchanged: 3 } as const;
export type ChangeStatus = (typeof ChangeStatus)[keyof typeof ChangeStatus];
export const changeStatuses = labelled({
  0: 'Ожидает обработки',
  1: 'Внесена',
  2: 'Отклонена',
  3: 'Без изменений',
});

export const importStatuses = labelled({
  0: 'Ожидает обработки',
  1: 'В обработке',
  2: 'Обработан',
  3: 'Отклонён',
});
