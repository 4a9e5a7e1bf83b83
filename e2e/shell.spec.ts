import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';

function stubStats(page: Page, status: number, body: unknown) {
  return page.route('**/api/v1/account/stats', (route) => route.fulfill({ status, json: body }));
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Главное меню' });

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('a failed call opens the error dialog with its code', async ({ page }) => {
  await stubStats(page, 500, { ErrorMessage: 'Сервис статистики недоступен', ErrorId: 'e2e-500' });
  await page.goto('/interns');

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Произошла непредвиденная ошибка');
  await expect(dialog).toContainText('Сервис статистики недоступен');
  await expect(dialog).toContainText('Код ошибки: e2e-500');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the mini mode hides the labels and is remembered after a reload', async ({ page }) => {
  await page.goto('/interns');
  await expect(menu(page).getByText('Список стажёров')).toBeVisible();

  await page.getByRole('button', { name: 'Свернуть меню' }).click();
  await expect(menu(page).getByText('Список стажёров')).toHaveCount(0);
  await expect(menu(page).getByText('Справочники')).toHaveCount(0);
  // The icons keep their names for screen readers.
  await expect(menu(page).getByRole('link', { name: 'Список стажёров' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Развернуть меню' })).toBeVisible();
  await expect(menu(page).getByText('Список стажёров')).toHaveCount(0);

  await page.getByRole('button', { name: 'Развернуть меню' }).click();
  await expect(menu(page).getByText('Список стажёров')).toBeVisible();
});

test('the badges show the counters and vanish in mini mode', async ({ page }) => {
  await stubStats(page, 200, { InternsCount: 12, PendingImportsCount: 3 });
  await page.goto('/interns');

  const interns = menu(page).getByRole('link', { name: /Список стажёров/ });
  const imports = menu(page).getByRole('link', { name: /Импорт/ });
  await expect(interns).toContainText('12');
  await expect(imports).toContainText('3');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Свернуть меню' }).click();
  await expect(interns).not.toContainText('12');
  await expect(imports).not.toContainText('3');
});

test('the current screen is highlighted in the menu', async ({ page }) => {
  await page.goto('/dictionaries/schools');
  await expect(menu(page).getByRole('link', { name: 'Учебные заведения' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu(page).getByRole('link', { name: /Список стажёров/ })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the keyboard skips the menu to the screen, and logging out is a button', async ({ page }) => {
  await page.goto('/interns');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Перейти к основному содержимому' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(menu(page).getByRole('button', { name: 'Выход' })).toBeVisible();
});
