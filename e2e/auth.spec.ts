import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { admin, publicListTitle, requiredText } from './fixtures';

const menuItems = [
  'Список стажёров',
  'Импорт',
  'Документы',
  'Статистика',
  'Журнал',
  'Операторы',
  'СРО',
  'Учебные заведения',
  'Адреса',
  'Основания прекращения стажировки',
];

test.describe('login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login/');
  });

  test('an operator lands in the operator shell on the trainee list', async ({ page }) => {
    await page.getByLabel('Логин').fill(admin.login);
    await page.getByLabel('Пароль').fill(admin.password);
    await page.getByRole('button', { name: 'Войти' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Список стажёров' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Поиск по ФИО или СНИЛС' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Главное меню' });
    for (const item of menuItems) {
      await expect(menu.getByRole('link', { name: item, exact: false }).first()).toBeVisible();
    }
    await expect(menu.getByText('Справочники')).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Выход' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a wrong password says "Неверный пароль"', async ({ page }) => {
    await page.getByLabel('Логин').fill(admin.login);
    await page.getByLabel('Пароль').fill('not-the-password');
    await page.getByRole('button', { name: 'Войти' }).click();

    await expect(page.getByRole('alert')).toHaveText('Неверный пароль');
    await expectNoSeriousA11yViolations(page);
    await expect(page).toHaveURL('/login/');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('empty fields are required', async ({ page }) => {
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByText(requiredText)).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
  });
});

test('logout returns to the public registry without the menu', async ({ page }) => {
  await page.goto('/login/');
  await page.getByLabel('Логин').fill(admin.login);
  await page.getByLabel('Пароль').fill(admin.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();

  await page.getByRole('button', { name: 'Выход' }).click();

  await expect(page).toHaveURL('/public');
  await expect(page.getByRole('heading', { level: 1, name: publicListTitle })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The session is gone on the server too, not only in the page.
  await page.goto('/interns');
  await expect(page).toHaveURL('/public');
});
