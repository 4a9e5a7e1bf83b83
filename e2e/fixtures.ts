import type { Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../packages/shared/src/http';

/** The first operator, created by the server on its empty e2e database (see playwright.config.ts). */
export const admin = { login: 'admin@example.org', password: 'e2e-Secret-2026' } as const;

export const requiredText = 'Данное поле обязательно для заполнения';
export const publicListTitle = 'Реестр стажёров помощников кадастровых инженеров';

/** Calls a state-changing API route as the page's user, to prepare data faster than through the screens. */
export async function apiPost(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE } });
  if (!response.ok()) throw new Error(`POST ${path} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as unknown;
}

/** Logs the page's browser context in through the API, faster than the form for tests about other things. */
export async function loginAsAdmin(page: Page) {
  await apiPost(page, '/api/v1/account/login', { Id: admin.login, Password: admin.password });
}
