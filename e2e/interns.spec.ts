import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import {
  adminApi,
  createIntern,
  ensureSro,
  letterStamp,
  searchList,
  validSnils,
  type Sro,
} from './interns-data';

/*
 * The operator's trainee list (docs/screens.md#trainee-lists): every trainee made here shares one patronymic,
 * unique to the run, so that a search for it shows exactly them whatever other tests have added.
 */
const stamp = letterStamp();
const fedorovaSnils = validSnils('112233445');
let sroNorth: Sro;
let sroSouth: Sro;
let fedorovaId: number;

test.beforeAll(async ({ playwright }, testInfo) => {
  // 28 saves on a shared, loaded machine: more than one test's time.
  testInfo.setTimeout(90_000);
  const api = await adminApi(playwright.request, testInfo);
  sroNorth = await ensureSro(api, 'СРО «Северное объединение кадастровых инженеров»', 701);
  sroSouth = await ensureSro(api, 'СРО «Южная палата кадастровых инженеров»', 711);
  const letters = 'абвгдежзиклмнопрстуфхцчшщэюя';
  // 25 trainees of one SRO, still interning: with those below, more than a page of 20.
  for (let i = 0; i < 25; i++) {
    await createIntern(api, {
      lastName: `Листов${letters[i]}`,
      firstName: 'Пётр',
      patronymic: stamp,
      internships: [{ sro: sroNorth, registryNumber: `С-${i + 1}`, status: 0 }],
    });
  }
  fedorovaId = await createIntern(api, {
    lastName: 'Фёдорова',
    firstName: 'Алёна',
    patronymic: stamp,
    snils: fedorovaSnils,
    internships: [{ sro: sroSouth, registryNumber: 'Ю-7', status: 3 }],
    stepsPassed: true,
  });
  await createIntern(api, {
    lastName: 'Переходов',
    firstName: 'Иван',
    patronymic: stamp,
    internships: [
      { sro: sroNorth, registryNumber: 'С-90', status: 2 },
      { sro: sroSouth, registryNumber: 'Ю-90', status: 0 },
    ],
  });
  await createIntern(api, {
    lastName: 'Аттестов',
    firstName: 'Ян',
    patronymic: stamp,
    internships: [{ sro: sroNorth, registryNumber: 'С-91', status: 3 }],
    stepsPassed: true,
    examPassed: true,
  });
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Поиск по ФИО или СНИЛС' });
/** The rows of this run's trainees. */
const ourRows = (page: Page) => page.getByRole('row', { name: new RegExp(stamp) });
const pages = (page: Page) => page.getByRole('navigation', { name: 'Страницы' });

async function searchOurs(page: Page) {
  await page.goto('/interns');
  await searchList(page, stamp.toLowerCase());
  await expect(ourRows(page)).toHaveCount(20);
}

test('finds a trainee by a name fragment typed with е for ё, in any word order', async ({ page }) => {
  await page.goto('/interns');
  await expect(page.getByRole('heading', { level: 1, name: 'Список стажёров' })).toBeVisible();
  await searchList(page, `${stamp.toLowerCase()} ален федоров`);
  await expect(ourRows(page)).toHaveCount(1);
  const row = ourRows(page).first();
  await expect(row).toContainText(`Фёдорова Алёна ${stamp}`);
  await expect(row).toContainText(`${sroSouth.Name} — Ю-7`);
  await expect(row).toContainText('Допущен к экзамену');
  await expectNoSeriousA11yViolations(page);

  // The term lives in the URL: a reload shows the same list.
  await page.reload();
  await expect(searchBox(page)).toHaveValue(`${stamp.toLowerCase()} ален федоров`);
  await expect(ourRows(page)).toHaveCount(1);

  await row.click();
  await expect(page).toHaveURL(`/interns/${fedorovaId}`);
});

test('finds a trainee by SNILS written in another way', async ({ page }) => {
  await page.goto('/interns');
  await searchList(page, fedorovaSnils.replace(/\D/g, ''));
  await expect(ourRows(page)).toHaveCount(1);
  await expect(ourRows(page)).toContainText('Фёдорова Алёна');

  await searchList(page, fedorovaSnils.replaceAll('-', ' '));
  await expect(ourRows(page)).toContainText('Фёдорова Алёна');
});

test('narrows the list by status tab, SRO and transfers', async ({ page }) => {
  await searchOurs(page);
  const tabs = page.getByRole('tablist', { name: 'Статус стажёров' });

  await tabs.getByRole('tab', { name: 'Допущенные к экзамену' }).click();
  await expect(page).toHaveURL(/status=1/);
  await expect(ourRows(page)).toHaveCount(1);
  await expect(ourRows(page)).toContainText('Фёдорова Алёна');

  await tabs.getByRole('tab', { name: 'Аттестованные' }).click();
  await expect(ourRows(page)).toHaveCount(1);
  await expect(ourRows(page)).toContainText('Аттестов Ян');

  await tabs.getByRole('tab', { name: 'Стажёры' }).click();
  await expect(ourRows(page)).toHaveCount(20);
  await expect(page.getByRole('row', { name: /Фёдорова|Аттестов/ })).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'Все' }).click();
  await expect(page).not.toHaveURL(/status=/);
  await page.getByRole('button', { name: 'Фильтр' }).click();
  const sro = page.getByRole('combobox', { name: 'СРО' });
  await sro.fill('Южная палата');
  await page.getByRole('option', { name: sroSouth.Name }).click();
  await expect(page).toHaveURL(new RegExp(`org=${sroSouth.Id}`));
  await expect(ourRows(page)).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Фёдорова Алёна/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Переходов Иван/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Clicked, not checked: the box shows the URL, which the router updates a moment after the click.
  await page.getByRole('checkbox', { name: 'Только с переходами по СРО' }).click();
  await expect(page).toHaveURL(/transfer=true/);
  await expect(ourRows(page)).toHaveCount(1);
  const transferred = ourRows(page).first();
  await expect(transferred).toContainText('Переходов Иван');
  // Both SROs, one registration number a line.
  await expect(transferred).toContainText(`${sroSouth.Name} — Ю-90`);
  await expect(transferred).toContainText(`${sroNorth.Name} — С-90`);

  // The filter is part of the URL too.
  await page.reload();
  await expect(sro).toHaveValue(sroSouth.Name);
  await expect(page.getByRole('checkbox', { name: 'Только с переходами по СРО' })).toBeChecked();
  await expect(ourRows(page)).toHaveCount(1);
});

test('pages through a long list with the page in the URL', async ({ page }) => {
  await searchOurs(page);
  await expect(pages(page).getByRole('link', { name: /^Страница/ })).toHaveCount(2);
  await pages(page).getByRole('link', { name: 'Страница 2' }).click();
  await expect(page).toHaveURL(`/interns?term=${stamp.toLowerCase()}&page=2`);
  await expect(ourRows(page)).toHaveCount(8);
  await expect(pages(page).getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);

  // A single page has no page links.
  await searchList(page, `${stamp.toLowerCase()} аттестов`);
  await expect(ourRows(page)).toHaveCount(1);
  await expect(pages(page)).toHaveCount(0);
});

test('exports the list as .xlsx under a dated name, and the full export under its own', async ({ page }) => {
  await searchOurs(page);
  const exportButton = page.getByRole('button', { name: 'Выгрузить' });

  let downloading = page.waitForEvent('download');
  await exportButton.click();
  let download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Стажёры \d{4}-\d{2}-\d{2}\.xlsx$/);
  // An .xlsx is a zip archive: it starts with PK.
  const file = await readFile(await download.path());
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(file.length).toBeGreaterThan(1000);

  await page.getByRole('button', { name: 'Фильтр' }).click();
  await page.getByRole('checkbox', { name: 'Полная выгрузка' }).click();
  await expect(page.getByRole('checkbox', { name: 'Полная выгрузка' })).toBeChecked();
  downloading = page.waitForEvent('download');
  await exportButton.click();
  download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Стажёры \(полная выгрузка\) \d{4}-\d{2}-\d{2}\.xlsx$/);

  // Nothing found, nothing to export.
  await searchList(page, `${stamp.toLowerCase()} несуществующий`);
  await expect(page.getByText('Стажёры не найдены')).toBeVisible();
  await expect(exportButton).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

test('opens a new trainee from the create button', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Добавить стажёра' }).click();
  await expect(page).toHaveURL('/interns/new');
});
