import type { PersonalInfo } from '../schemas/intern.js';

/** 'Фамилия Имя Отчество', the parts a person has, as every list, card and letter writes a name. */
export function fullNameOf(
  personalInfo: Pick<PersonalInfo, 'LastName' | 'FirstName' | 'PatronymicName'> | null | undefined,
): string {
  if (!personalInfo) return '';
  return [personalInfo.LastName, personalInfo.FirstName, personalInfo.PatronymicName]
    .filter(Boolean)
    .join(' ');
}
