import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiPost, loginAsAdmin } from './fixtures';
import { personOf, rowOf, uploadRows } from './import-review-data';
import { createRepresentative, createSro, runLetters } from './imports-data';

/*
 * A page of a thing the server does not have, or does not show this user, answers 404: the screen is the
 * app's «Страница не найдена», as for an unknown address, and no error dialog opens over it.
 */

/** The not-found page is shown, and nothing else says there was an error. */
async function expectNotFound(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'На главную' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a representative opening another SRO’s import or its file sees «Страница не найдена»', async ({
  page,
  browser,
}) => {
  const stamp = runLetters();
  await loginAsAdmin(page);
  const sro = await createSro(page, `СРО «Северные кадастровые инженеры ${stamp}»`, 700);
  const otherSro = await createSro(page, `СРО «Южные кадастровые инженеры ${stamp}»`, 700);
  const importId = await uploadRows(page, sro.Id, [
    rowOf(personOf(`Лебедева${stamp.toLowerCase()} Анна Петровна`), `СТ-${stamp}-1`),
  ]);
  const detail = await page.request.get(`/api/v1/imports/${importId}`);
  const fileId = ((await detail.json()) as { File: { Id: number } }).File.Id;
  // The import is there: the operator sees it.
  await page.goto(`/imports/${importId}`);
  await expect(page.getByRole('heading', { level: 1, name: sro.Name })).toBeVisible();

  const clerk = await createRepresentative(page, otherSro.Id, `south-${Date.now().toString(36)}@example.org`);
  const context = await browser.newContext();
  const clerkPage = await context.newPage();
  await apiPost(clerkPage, '/api/v1/account/login', { Id: clerk.login, Password: clerk.password });

  await clerkPage.goto(`/imports/${importId}`);
  await expectNotFound(clerkPage);
  await expectNoSeriousA11yViolations(clerkPage);
  await clerkPage.goto(`/imports/${importId}/files/${fileId}`);
  await expectNotFound(clerkPage);
  await clerkPage.getByRole('link', { name: 'На главную' }).click();
  await expect(clerkPage).toHaveURL('/');
  await context.close();
});

test('an operator opening an import or a trainee that does not exist sees «Страница не найдена»', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/imports/999999999');
  await expectNotFound(page);
  await page.goto('/interns/999999999/personal-info');
  await expectNotFound(page);
  await expectNoSeriousA11yViolations(page);
});

test('an operator opening a row of an import, or an import, that does not exist sees «Страница не найдена»', async ({
  page,
}) => {
  const stamp = runLetters();
  await loginAsAdmin(page);
  const sro = await createSro(page, `СРО «Западные кадастровые инженеры ${stamp}»`, 700);
  const importId = await uploadRows(page, sro.Id, [
    rowOf(personOf(`Орлова${stamp.toLowerCase()} Анна Петровна`), `СТ-${stamp}-1`),
  ]);
  await page.goto(`/imports/${importId}/process/999999999`);
  await expectNotFound(page);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/imports/999999999/process/1');
  await expectNotFound(page);
  await page.goto('/imports/999999999/process/1/intern/new');
  await expectNotFound(page);
});
