import { expect, type Browser, type Page } from '@playwright/test';
import { apiPost } from './fixtures';
import { latestMailTo } from './mail';

/**
 * A second operator, created by the first (`page`) as on the operators screen, logged in in a browser context
 * of their own: two operators on one import.
 */
export async function secondOperator(page: Page, browser: Browser) {
  const email = `operator-${Date.now().toString(36)}@example.org`;
  const name = 'Орлова Светлана Игоревна';
  await apiPost(page, '/api/v1/operators/', { FullName: name, EmailAddress: email });
  let mail: string | null = null;
  await expect.poll(async () => (mail = await latestMailTo(email))).not.toBeNull();
  const password = /^Пароль: (\S+)$/m.exec(mail ?? '')?.[1];
  const context = await browser.newContext();
  const other = await context.newPage();
  await apiPost(other, '/api/v1/account/login', { Id: email, Password: password });
  return { other, name, context };
}
