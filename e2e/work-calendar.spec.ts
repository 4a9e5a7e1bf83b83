import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import { typeDate } from './imports-data';

/** Opens a dictionary of the working-day calendar from the menu, as an operator finds it. */
async function openFromMenu(page: Page, title: string, url: string) {
  await loginAsAdmin(page);
  await page.goto('/imports/');
  await page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Finds a day in the list by the search field, typed as the list shows it: yyyy.MM.dd. */
async function searchDay(page: Page, shown: string) {
  await page.getByRole('searchbox', { name: 'Поиск по дате' }).fill(shown);
  await expect(page.getByRole('cell', { name: shown })).toBeVisible();
}

test('operators keep the public holidays that move the deadlines under «Праздничные дни»', async ({
  page,
}) => {
  await openFromMenu(page, 'Праздничные дни', '/dictionaries/holidays');
  // A new database holds the production calendar: the New Year holidays of 2026 are there from the start.
  await searchDay(page, '2026.01.09');

  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить праздничный день' });
  // The day is typed in the date field, as every date of the app: yyyy.MM.dd; an impossible one is refused.
  const day = dialog.getByRole('group', { name: /^Дата/ });
  await typeDate(day, '2028-02-30');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Неверная дата')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // A year after the shipped calendar, which operators add themselves.
  await typeDate(day, '2028-01-07');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toHaveCount(0);
  // Kept as yyyy-MM-dd for the deadlines, listed as yyyy.MM.dd.
  await searchDay(page, '2028.01.07');
  await expectNoSeriousA11yViolations(page);
});

test('operators mark a Saturday or a Sunday a decree made working under «Рабочие дни (переносы)»', async ({
  page,
}) => {
  await openFromMenu(page, 'Рабочие дни (переносы)', '/dictionaries/working-days');
  // The shipped calendar's working Saturdays, 27 April 2024 the first of them.
  await expect(page.getByRole('cell', { name: '2024.04.27' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '2025.11.01' })).toBeVisible();

  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить рабочий день' });
  const day = dialog.getByRole('group', { name: /^Дата/ });
  // Monday 3 January 2028 is a working day anyway: only a weekend day can be made one.
  await typeDate(day, '2028-01-03');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(
    dialog.getByText(
      'Рабочий день по переносу — это суббота или воскресенье, дата ГГГГ-ММ-ДД, например 2025-11-01',
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await typeDate(day, '2028-01-08');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toHaveCount(0);
  await searchDay(page, '2028.01.08');

  // A day kept as a holiday cannot be a working day too: the server names the other dictionary.
  await page.getByRole('button', { name: 'Добавить' }).click();
  await typeDate(day, '2025-01-04');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'День 2025.01.04 уже есть в справочнике «Праздничные дни»: день не может быть и праздничным, и рабочим',
  );
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toHaveCount(0);
});
