import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin, publicListTitle } from './fixtures';

test.describe('a visitor who is not logged in', () => {
  for (const restricted of ['/interns', '/imports/', '/operators', '/interns/5', '/stats', '/lk']) {
    test(`is sent from ${restricted} to the public registry`, async ({ page }) => {
      await page.goto(restricted);
      await expect(page).toHaveURL('/public');
      await expect(page.getByRole('heading', { level: 1, name: publicListTitle })).toBeVisible();
    });
  }

  test('sees the public registry at main, at /public and at /pub, with a login button', async ({ page }) => {
    for (const address of ['/', '/public', '/pub']) {
      await page.goto(address);
      await expect(page).toHaveURL(address);
      await expect(page.getByRole('heading', { level: 1, name: publicListTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
    }
  });

  test('opens the login page from the top bar', async ({ page }) => {
    await page.goto('/public');
    await page.getByRole('link', { name: 'Войти' }).click();
    await expect(page).toHaveURL('/login/');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  });
});

test.describe('a logged-in operator', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsAdmin(page);
  });

  test('opening the login page goes to main', async ({ page }) => {
    await page.goto('/login/');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Список стажёров' })).toBeVisible();
  });

  test('opens operator routes, each with its title', async ({ page }) => {
    const screens: [string, string][] = [
      ['/imports/', 'Импорт'],
      ['/operators', 'Операторы'],
      ['/dictionaries/termination-reasons', 'Основания прекращения стажировки'],
      ['/interns/new', 'Новый стажёр'],
    ];
    for (const [address, title] of screens) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });

  test('lacking the organization role is sent from /lk to main', async ({ page }) => {
    await page.goto('/lk');
    await expect(page).toHaveURL('/');
  });
});

test('an unknown address shows "Страница не найдена" with a link to main', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'На главную' }).click();
  await expect(page).toHaveURL('/');
});
