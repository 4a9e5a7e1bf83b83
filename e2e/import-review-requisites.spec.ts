import { expect, test, type Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../packages/shared/src/http';
import { loginAsAdmin } from './fixtures';
import { personOf, rowOf, waitingRowIds } from './import-review-data';
import { changeFile, createSro, runLetters, xlsxType } from './imports-data';
import { secondOperator } from './second-operator';

/*
 * Two operators on an import that came without incoming requisites, as imports from SROs do (docs/row-review.md
 * «Несколько операторов и следующая запись»): when one fills them, the other's open row learns of it without a
 * reload, when they come back to its window or with the claim's renewal, and 'Сохранить' is free.
 */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

/** An operator's upload of new trainees' rows without incoming requisites; returns the import's Id. */
async function uploadWithoutRequisites(page: Page, sroId: number, stamp: string) {
  const rows = ['а', 'б'].map((letter) =>
    rowOf(personOf(`Реквизитова${stamp}${letter} Анна Игоревна`), `Р-${stamp}-${letter}`),
  );
  const response = await page.request.post('/api/v1/imports', {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    multipart: {
      data: JSON.stringify({ organizationId: sroId, confirmDuplicate: true }),
      file: { name: 'изменения.xlsx', mimeType: xlsxType, buffer: await changeFile(page.request, rows) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { Id: number }).Id;
}

/** The other operator fills the import's incoming requisites. */
async function fillRequisites(other: Page, importId: number) {
  const response = await other.request.put(`/api/v1/imports/${importId}/`, {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    data: { Number: '12-вх', Date: '2026-11-25' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const noRequisites = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'У импорта не заполнены входящие реквизиты' });

/** Opens the import's first row: blocked by the missing requisites. */
async function openBlockedRow(page: Page, importId: number) {
  const [first] = await waitingRowIds(page, importId);
  await page.goto(`/imports/${importId}/process/${first}`);
  // A row's page loaded afresh, its screens' code with it, takes longer than a step on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Внесение нового стажёра' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(noRequisites(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
}

async function expectFree(page: Page) {
  await expect(noRequisites(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
}

test('requisites one operator fills free the other’s open row on focus and with the claim’s renewal', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Союз реквизитов ${stamp}»`, 880);
  const { other, context } = await secondOperator(page, browser);
  // The renewal comes every three minutes: the page's clock is moved on instead of waiting.
  await page.clock.install();

  // Coming back to the row's window (from the other operator's, say) reads the import again.
  const focused = await uploadWithoutRequisites(page, sro.Id, `${stamp}ф`);
  await openBlockedRow(page, focused);
  await fillRequisites(other, focused);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expectFree(page);

  // A row left open in its window learns of it with the claim's renewal.
  const renewed = await uploadWithoutRequisites(page, sro.Id, `${stamp}п`);
  await openBlockedRow(page, renewed);
  await fillRequisites(other, renewed);
  await page.clock.fastForward('03:05');
  await expectFree(page);

  // The row is saved on the requisites the other operator filled: the next one opens.
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Внесено в реестр' })).toBeVisible();
  await context.close();
});
