import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiPost, loginAsAdmin } from './fixtures';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Главное меню' });

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('every dictionary screen opens from the menu under its title', async ({ page }) => {
  await page.goto('/interns');
  const screens: [string, string, string][] = [
    ['Операторы', 'Операторы', '/operators'],
    ['СРО', 'СРО', '/dictionaries/organizations'],
    ['Учебные заведения', 'Учебные заведения', '/dictionaries/schools'],
    ['Адреса', 'Адреса', '/dictionaries/addresses'],
    [
      'Основания прекращения стажировки',
      'Основания прекращения стажировки',
      '/dictionaries/termination-reasons',
    ],
  ];
  for (const [item, title, url] of screens) {
    await menu(page).getByRole('link', { name: item, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Добавить' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  // A new database starts with the reasons an operator would recognise.
  await expect(page.getByRole('cell', { name: /заявление стаж[её]ра/i })).toBeVisible();

  await page.goto('/dictionaries/planets');
  await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('search narrows the list, lives in the URL and survives a reload', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await apiPost(page, '/api/v1/schools/', { Name: `Горный институт ${stamp}` });
  await apiPost(page, '/api/v1/schools/', { Name: `Морской колледж ${stamp}` });
  await page.goto('/dictionaries/schools');
  await expect(page.getByRole('cell', { name: `Морской колледж ${stamp}` })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Поиск по наименованию' });
  await search.fill(`горный ${stamp}`);
  await expect(page).toHaveURL(`/dictionaries/schools/${encodeURIComponent(`горный ${stamp}`)}`);
  await expect(page.getByRole('cell', { name: `Горный институт ${stamp}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Морской колледж ${stamp}` })).toHaveCount(0);

  await page.reload();
  await expect(search).toHaveValue(`горный ${stamp}`);
  await expect(page.getByRole('cell', { name: `Горный институт ${stamp}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Морской колледж ${stamp}` })).toHaveCount(0);
});

test('a long list is paged, 20 rows a page, with the page in the URL', async ({ page }) => {
  const stamp = Date.now().toString(36);
  for (let i = 1; i <= 25; i++) {
    await apiPost(page, '/api/v1/dictionaries/addresses', {
      Value: `${stamp} ул. Линейная, д. ${String(i).padStart(2, '0')}`,
    });
  }
  await page.goto(`/dictionaries/addresses/${stamp}`);
  const rows = page.getByRole('row', { name: new RegExp(`${stamp} ул. Линейная`) });
  await expect(rows).toHaveCount(20);

  const pages = page.getByRole('navigation', { name: 'Страницы' });
  await pages.getByRole('link', { name: 'Страница 2' }).click();
  await expect(page).toHaveURL(`/dictionaries/addresses/${stamp}?page=2`);
  await expect(rows).toHaveCount(5);
  await expectNoSeriousA11yViolations(page);
  await expect(pages.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
});

test('a 501-character name shows the limit, and the dialog keeps it', async ({ page }) => {
  await page.goto('/dictionaries/organizations');
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить СРО' });
  await dialog.getByRole('textbox', { name: 'Номер в государственном реестре СРО', exact: true }).fill('501');
  await dialog.getByRole('textbox', { name: 'Наименование', exact: true }).fill('я'.repeat(501));
  await expect(dialog.getByText('501/500')).toBeVisible();

  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Не более 500 символов')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(dialog).toBeVisible();
});

test('an empty required field and a duplicate school name are refused in the dialog', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await apiPost(page, '/api/v1/schools/', { Name: `Колледж «Кадастр» ${stamp}` });
  await page.goto('/dictionaries/schools');
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить учебное заведение' });

  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Данное поле обязательно для заполнения')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The same name in other letters' case, spacing and quotes.
  await dialog
    .getByRole('textbox', { name: 'Наименование', exact: true })
    .fill(`колледж  "КАДАСТР" ${stamp}`);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Учебное заведение «Колледж «Кадастр» ${stamp}» уже есть в справочнике`,
  );
  await expectNoSeriousA11yViolations(page);
  await expect(dialog).toBeVisible();
});
