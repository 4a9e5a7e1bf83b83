import { expect, type Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../packages/shared/src/http';
import { apiPost } from './fixtures';
import { changeFile, xlsxType } from './imports-data';
import { validSnils } from './interns-data';

/*
 * What the row review's browser tests start from, made through the API as the logged-in operator: trainees
 * already in the register, and an operator's upload of a change file with the import's incoming requisites.
 */

/** The incoming requisites every uploaded import here gets: the basis of the changes it brings. */
export const incoming = { number: '77-вх', date: '2026-11-21', text: 'Импорт №77-вх от 2026.11.21' } as const;

let snilsCount = 0;

/** A valid SNILS no other test of this run has: nine digits from the clock and a counter. */
export function uniqueSnils(): string {
  snilsCount += 1;
  return validSnils(String(300_000_000 + ((Date.now() + snilsCount * 7_919) % 600_000_000)));
}

export type Person = { lastName: string; firstName: string; patronymic: string; snils: string | null };

/** A person of the tests: a name, and a SNILS unless `snils` is null. */
export function personOf(name: string, snils: string | null = uniqueSnils()): Person {
  const [lastName = '', firstName = '', patronymic = ''] = name.split(' ');
  return { lastName, firstName, patronymic, snils };
}

export const fullName = (person: Person) => `${person.lastName} ${person.firstName} ${person.patronymic}`;

/** A trainee saved in the register with its personal data (and `sections`, if any); returns its Id. */
export async function saveTrainee(
  page: Page,
  person: Person,
  more: Record<string, unknown> = {},
  sections: Record<string, unknown[]> = {},
) {
  const saved = (await apiPost(page, '/api/v1/interns/', {
    Intern: {
      ...sections,
      PersonalInfo: [
        {
          Id: -1,
          LastName: person.lastName,
          FirstName: person.firstName,
          PatronymicName: person.patronymic,
          Snils: person.snils,
          ...more,
        },
      ],
    },
    Protocol: { number: '1-П', date: '2026-01-10' },
  })) as { Id: number };
  return saved.Id;
}

/**
 * A row of a change file for the person: the template's sample with their name, SNILS and internship. The
 * sample's school is left out (the test's database has no schools), unless `school` names one.
 */
export function rowOf(person: Person, registryNumber: string, school = ''): Record<string, string> {
  return {
    Фамилия: person.lastName,
    Имя: person.firstName,
    Отчество: person.patronymic,
    ...(person.snils ? { СНИЛС: person.snils } : {}),
    'Учебное заведение': school,
    'Уникальный идентификационный номер стажировки': registryNumber,
  };
}

/** An operator's upload of the rows for the SRO, with the incoming requisites; returns the import's Id. */
export async function uploadRows(page: Page, sroId: number, rows: Record<string, string>[]): Promise<number> {
  const file = await changeFile(page.request, rows);
  const response = await page.request.post('/api/v1/imports', {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    multipart: {
      // Confirmed as a repeat, should a test send the same rows again: the refusal is the dialog's test's.
      data: JSON.stringify({
        organizationId: sroId,
        number: incoming.number,
        date: incoming.date,
        confirmDuplicate: true,
      }),
      file: { name: 'изменения.xlsx', mimeType: xlsxType, buffer: file },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { Id: number }).Id;
}

/** The Ids of an import's waiting rows in file order: the first page of them, as a test's few rows fit on it. */
export async function waitingRowIds(page: Page, importId: number): Promise<number[]> {
  const response = await page.request.get(`/api/v1/imports/${importId}/changes?state=pending`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { Results: { Id: number }[] }).Results.map((row) => row.Id);
}

type Review = {
  Intern: { Id: number; Version: number } | null;
  PersonalInfo: { New: unknown };
  Supervisors: { New: unknown }[];
  Internship: { New: unknown };
  InternshipSteps: { New: unknown };
};

/** Accepts a row through the API as the review proposes it, into its matched trainee or a new one. */
export async function acceptRow(page: Page, importId: number, changeId: number) {
  const review = (await (
    await page.request.get(`/api/v1/imports/${importId}/changes/${changeId}`)
  ).json()) as Review;
  await apiPost(
    page,
    `/api/v1/imports/${importId}/changes/${changeId}/submit/${review.Intern?.Id ?? 'new'}`,
    {
      PersonalInfo: review.PersonalInfo.New,
      Supervisors: review.Supervisors.flatMap((supervisor) => (supervisor.New ? [supervisor.New] : [])),
      Internship: review.Internship.New,
      InternshipSteps: review.InternshipSteps.New,
      ...(review.Intern ? { InternVersion: review.Intern.Version } : {}),
    },
  );
}
