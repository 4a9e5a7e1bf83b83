import { expect, type APIRequest, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../packages/shared/src/http';
import { formatSnils, isValidSnils } from '../packages/shared/src/format/snils';
import { admin } from './fixtures';

/*
 * Trainees and SROs for the list and card tests, made through the API as the admin, outside any page (the
 * public tests look at them as an anonymous visitor), and the lists' search.
 */

/** A word of Cyrillic letters unique to this run, since names take letters only: 'Кбжаем'. */
export function letterStamp(): string {
  const letters = 'абвгдежзиклмнопрстуф';
  const word = [...Date.now().toString(20).slice(-6)].map((digit) => letters[parseInt(digit, 20)]).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The valid SNILS `###-###-### ##` that starts with these nine digits. */
export function validSnils(nineDigits: string): string {
  for (let check = 0; check < 100; check++) {
    const digits = `${nineDigits}${String(check).padStart(2, '0')}`;
    if (isValidSnils(digits)) return formatSnils(digits);
  }
  throw new Error(`No check number makes ${nineDigits} a SNILS`);
}

/** An API client logged in as the admin (`request` is the `playwright.request` of a hook). */
export async function adminApi(request: APIRequest, testInfo: TestInfo): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  });
  await post(api, '/api/v1/account/login', { Id: admin.login, Password: admin.password });
  return api;
}

async function post<T>(api: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await api.post(path, { data });
  if (!response.ok()) throw new Error(`POST ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export type Sro = { Id: number; Name: string };

/**
 * An SRO under this name: the one there is, or a new one. Register numbers are unique, and other tests take
 * some of them, so a new SRO takes the first free one from `firstNumber`.
 */
export async function ensureSro(api: APIRequestContext, name: string, firstNumber: number): Promise<Sro> {
  const found = await api.get('/api/v1/organizations/search', { params: { term: name } });
  const existing = ((await found.json()) as { Results: Sro[] }).Results.find((sro) => sro.Name === name);
  if (existing) return existing;
  for (let number = firstNumber; number < firstNumber + 50; number++) {
    const response = await api.post('/api/v1/organizations/', {
      data: { Name: name, RegistryNumber: String(number).padStart(3, '0') },
    });
    if (response.ok()) return (await response.json()) as Sro;
  }
  throw new Error(`No free register number from ${firstNumber} for ${name}`);
}

export type InternshipData = { sro: Sro; registryNumber: string; status: number; [field: string]: unknown };

export type InternData = {
  lastName: string;
  firstName: string;
  patronymic: string;
  snils?: string;
  internships: InternshipData[];
  /** More of the personal-info entry: birth date, passport, contacts. */
  personal?: Record<string, unknown>;
  supervisors?: Record<string, unknown>[];
  /** The internship's steps are passed: with a completed internship, the trainee is admitted to the exam. */
  stepsPassed?: boolean;
  /** More of the steps entry: the stages' dates and flags. */
  steps?: Record<string, unknown>;
  /** An exam passed: the trainee is certified. */
  examPassed?: boolean;
};

/** Saves a new trainee the way the card does (negative Ids for new entries); returns its Id. */
export async function createIntern(api: APIRequestContext, data: InternData): Promise<number> {
  let nextId = -1;
  const newId = () => nextId--;
  const intern: Record<string, unknown> = {
    PersonalInfo: [
      {
        Id: newId(),
        LastName: data.lastName,
        FirstName: data.firstName,
        PatronymicName: data.patronymic,
        Snils: data.snils ?? null,
        ...data.personal,
      },
    ],
    Internships: data.internships.map(({ sro, registryNumber, status, ...more }) => ({
      Id: newId(),
      Organization: { Id: sro.Id, Name: '' },
      RegistryNumber: registryNumber,
      Status: status,
      ...more,
    })),
  };
  if (data.supervisors)
    intern.Supervisors = data.supervisors.map((supervisor) => ({ Id: newId(), ...supervisor }));
  if (data.stepsPassed || data.steps)
    intern.InternshipSteps = [{ Id: newId(), HasPassed: data.stepsPassed ?? false, ...data.steps }];
  if (data.examPassed) intern.ExaminationResults = [{ Id: newId(), HasPassed: true }];
  const saved = await post<{ Id: number }>(api, '/api/v1/interns/', {
    Intern: intern,
    Protocol: { number: '1-П', date: '2025-01-10' },
  });
  return saved.Id;
}

/**
 * Types a term into a trainee list's search box and waits until the list shows what it found: the term in
 * the URL and no longer loading, so that the rows are not those of the previous search.
 */
export async function searchList(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Поиск по ФИО или СНИЛС' }).fill(term);
  await expect(page).toHaveURL((url) => url.searchParams.get('term') === term.trim());
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
}
