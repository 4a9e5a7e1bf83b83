import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import { createIntern, createSro, letterStamp, pick, type Ref } from './intern-card-helpers';
import { typeDate } from './imports-data';

/*
 * The operator's statistics (docs/screens.md#statistics, docs/statistics.md): an SRO new to this run, with
 * one trainee whose internship began in the period, counts exactly one accepted internship.
 */
const period = { from: '2025-03-01', to: '2025-03-31', shown: 'с 2025.03.01 по 2025.03.31' } as const;

/** A new SRO with one trainee whose internship began inside the period. */
async function sroWithAcceptedTrainee(page: Page): Promise<Ref> {
  const stamp = letterStamp();
  const sro = await createSro(page, `СРО «Статистика ${stamp}»`);
  await createIntern(page, {
    PersonalInfo: [{ Id: -1, LastName: `Счётов${stamp.toLowerCase()}`, FirstName: 'Иван' }],
    Internships: [
      { Id: -2, Organization: sro, RegistryNumber: `${stamp}-1`, Status: 0, StartedAt: '2025-03-10' },
    ],
  });
  return sro;
}

/** The date field 'С' or 'По' of the form (its required mark aside). */
const dateField = (page: Page, label: string) =>
  page.getByRole('group', { name: new RegExp(`^${label}(\\s*\\*)?$`) });

async function fillPeriod(page: Page, from: string, to: string) {
  await typeDate(dateField(page, 'С'), from);
  await typeDate(dateField(page, 'По'), to);
}

/** The table's row headed by `name` (an SRO, or 'Итого'). */
const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('an operator composes the statistics of a period and exports them', async ({ page }) => {
  const sro = await sroWithAcceptedTrainee(page);
  await page.goto('/stats');
  await expect(page.getByRole('heading', { name: 'Статистика' })).toBeVisible();
  await expect(page.getByText(/нажмите «Сформировать»/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await fillPeriod(page, period.from, period.to);
  await page.getByRole('button', { name: 'Сформировать' }).click();
  const table = page.getByRole('table', { name: `Статистика за период ${period.shown}, все СРО` });
  await expect(table).toBeVisible();
  // The first figure is 'Принято на стажировку'.
  await expect(rowOf(page, sro.Name).getByRole('cell').first()).toHaveText('1');
  await expect(rowOf(page, 'Итого')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Narrowed to the SRO: its row and totals both count the one trainee.
  await pick(page.locator('form'), 'СРО', sro.Name.slice(0, 14), sro.Name);
  await page.getByRole('button', { name: 'Сформировать' }).click();
  await expect(
    page.getByRole('table', { name: `Статистика за период ${period.shown}, СРО: ${sro.Name}` }),
  ).toBeVisible();
  await expect(page.getByRole('rowheader')).toHaveText([sro.Name, 'Итого']);
  await expect(rowOf(page, 'Итого').getByRole('cell').first()).toHaveText('1');

  // The reviewers' figures are a tab away.
  await page.getByRole('tab', { name: 'Обработка файлов' }).click();
  await expect(page.getByRole('columnheader', { name: 'Получено файлов' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Выгрузить' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await readFile(await download.path());
  expect(file.length).toBeGreaterThan(0);
  // An .xlsx is a zip archive.
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('a period that ends before it begins is refused under the field', async ({ page }) => {
  await page.goto('/stats');
  await fillPeriod(page, period.to, period.from);
  await page.getByRole('button', { name: 'Сформировать' }).click();
  await expect(page.getByText('Дата окончания периода раньше даты начала')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole('table')).toHaveCount(0);
});
