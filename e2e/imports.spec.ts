import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import {
  changeFile,
  createRepresentative,
  createSro,
  freshSnils,
  runLetters,
  tinyPdf,
  typeDate,
  xlsxType,
} from './imports-data';

const uploadTitle = 'Загрузка файла с изменениями';

test('an SRO uploads its changes, an operator reviews and rejects them, and the SRO sees why', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = runLetters();
  await loginAsAdmin(page);
  const sro = await createSro(page, `СРО «Кадастровый союз ${stamp}»`, 600);
  const clerk = await createRepresentative(page, sro.Id, `clerk-${Date.now().toString(36)}@example.org`);
  const lastName = `Мельникова${stamp.toLowerCase()}`;
  const file = await changeFile(page.request, [{ Фамилия: lastName, СНИЛС: freshSnils() }]);

  // The representative, in a browser of their own, uploads on their office page.
  const context = await browser.newContext();
  const clerkPage = await context.newPage();
  await clerkPage.goto('/login/');
  await clerkPage.getByLabel('Логин').fill(clerk.login);
  await clerkPage.getByLabel('Пароль').fill(clerk.password);
  await clerkPage.getByRole('button', { name: 'Войти' }).click();
  await expect(clerkPage).toHaveURL('/lk');
  await expect(clerkPage.getByRole('heading', { level: 1, name: 'Внесение изменений' })).toBeVisible();
  await expect(clerkPage.getByText('В данный момент файлов, ожидающих обработки, нет.')).toBeVisible();
  await expectNoSeriousA11yViolations(clerkPage);

  await clerkPage.getByRole('button', { name: 'Загрузить файл' }).click();
  const dialog = clerkPage.getByRole('dialog', { name: uploadTitle });
  const upload = dialog.getByRole('button', { name: 'Загрузить', exact: true });
  await expect(upload).toBeDisabled();
  await dialog
    .getByLabel('Файл с изменениями (.xls, .xlsx)')
    .setInputFiles({ name: 'изменения.xlsx', mimeType: xlsxType, buffer: file });
  await dialog
    .getByLabel('Протокол (.pdf)')
    .setInputFiles({ name: 'протокол.pdf', mimeType: 'application/pdf', buffer: tinyPdf });
  await expect(upload).toBeDisabled();
  await dialog
    .getByLabel('Сопроводительное письмо (.pdf)')
    .setInputFiles({ name: 'письмо.pdf', mimeType: 'application/pdf', buffer: tinyPdf });
  await expect(upload).toBeEnabled();
  await dialog.getByRole('textbox', { name: /^Исходящий номер/ }).fill('15-и');
  await typeDate(dialog.getByRole('group', { name: /^Исходящая дата/ }), '2026-11-20');
  await expectNoSeriousA11yViolations(clerkPage);
  await upload.click();
  await expect(dialog).toHaveCount(0);

  const clerkRow = clerkPage.getByRole('row').filter({ hasText: 'изменения.xlsx' });
  await expect(clerkRow).toContainText('Ожидает обработки');
  await clerkPage.getByRole('tab', { name: 'Ожидают обработки' }).click();
  await expect(clerkPage).toHaveURL('/lk?tab=pending');
  await expect(clerkRow).toBeVisible();
  await expectNoSeriousA11yViolations(clerkPage);

  // The operator finds it in the import list with the time left to enter it.
  await page.goto('/imports/');
  await expect(page.getByRole('heading', { level: 1, name: 'Импорт' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: sro.Name });
  await expect(row).toContainText('загружено представителем организации');
  await expect(row).toContainText(/\d+ (день|дня|дней)/);
  await expect(row).toContainText('1 / 1');
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('link', { name: sro.Name }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/);
  const importUrl = page.url();

  await expect(page.getByRole('heading', { level: 1, name: sro.Name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Записи, ожидающие обработки' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${lastName} Мария Сергеевна` })).toHaveAttribute(
    'href',
    /\/imports\/\d+\/process\/\d+$/,
  );
  await expect(page.getByRole('link', { name: 'Начать обработку' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The protocol opens in the viewer, inline.
  await page.getByRole('link', { name: /^Протокол/ }).click();
  await expect(page).toHaveURL(/\/imports\/\d+\/files\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'протокол.pdf' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const viewer = page.locator('object[type="application/pdf"]');
  const inlineUrl = await viewer.getAttribute('data');
  expect(inlineUrl).toMatch(/^\/api\/v1\/files\/\d+$/);
  const inline = await page.request.get(inlineUrl!);
  expect(inline.headers()['content-type']).toContain('application/pdf');
  expect((await inline.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('link', { name: 'Скачать' }).first()).toHaveAttribute(
    'href',
    `${inlineUrl}/download`,
  );
  await page.getByRole('link', { name: 'К импорту' }).click();
  await expect(page).toHaveURL(importUrl);

  // The operator gives it the registry's incoming requisites.
  await page.getByRole('button', { name: 'Редактировать реквизиты' }).click();
  const edit = page.getByRole('dialog', { name: 'Редактирование импорта' });
  await expect(edit.getByRole('textbox', { name: /^Исходящий номер/ })).toHaveValue('15-и');
  await edit.getByRole('textbox', { name: /^Входящий номер/ }).fill('345-вх');
  await typeDate(edit.getByRole('group', { name: /^Входящая дата/ }), '2026-11-21');
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByText('345-вх от 2026.11.21')).toBeVisible();
  await expect(page.getByText('15-и от 2026.11.20')).toBeVisible();

  // And rejects it whole, with a reason.
  const reason = `Протокол не подписан председателем ${stamp}`;
  await page.getByRole('button', { name: 'Отклонить всё...' }).click();
  const reject = page.getByRole('dialog', { name: 'Отклонение изменений' });
  await reject.getByRole('textbox', { name: /^Основание отклонения/ }).fill(reason);
  await expectNoSeriousA11yViolations(page);
  await reject.getByRole('button', { name: 'Отклонить' }).click();
  await expect(page).toHaveURL('/imports/');
  await expect(row).toContainText('Отклонён');

  // The representative sees the rejection and its reason.
  await clerkPage.getByRole('tab', { name: 'Отклонённые' }).click();
  await expect(clerkRow).toContainText('Отклонён');
  await clerkRow.getByRole('link').click();
  await expect(clerkPage.getByRole('heading', { name: 'Основание отклонения' })).toBeVisible();
  await expect(clerkPage.getByText(reason)).toBeVisible();
  await expect(clerkPage.getByRole('link', { name: 'Файл отклонения' })).toBeVisible();
  await expect(clerkPage.getByRole('button', { name: 'Редактировать реквизиты' })).toHaveCount(0);
  await expect(clerkPage.getByRole('button', { name: 'Отклонить всё...' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(clerkPage);
  await context.close();
});

test('an operator’s upload of a bad file shows each problem on a line of the alert', async ({ page }) => {
  const stamp = runLetters();
  await loginAsAdmin(page);
  const sro = await createSro(page, `СРО «Межрегиональный альянс ${stamp}»`, 650);
  const file = await changeFile(page.request, [
    { Фамилия: `Орлов${stamp.toLowerCase()}`, СНИЛС: '112-233-445 96' },
    { Фамилия: `Зайцев${stamp.toLowerCase()}`, СНИЛС: freshSnils(), 'Дата рождения': 'вчера' },
  ]);

  await page.goto('/imports/upload');
  const dialog = page.getByRole('dialog', { name: uploadTitle });
  await dialog.getByRole('button', { name: 'Загрузить', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Файл обязателен для приложения');

  await dialog.getByRole('combobox', { name: /^СРО/ }).fill(`альянс ${stamp}`);
  await page.getByRole('option', { name: sro.Name }).click();
  await dialog
    .getByLabel('Файл с изменениями (.xls, .xlsx)')
    .setInputFiles({ name: 'плохой.xlsx', mimeType: xlsxType, buffer: file });
  await dialog.getByRole('button', { name: 'Загрузить', exact: true }).click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Строка 2, «СНИЛС»: неверная контрольная сумма');
  await expect(alert).toContainText('Строка 3, «Дата рождения»');
  // One problem a line.
  await expect(alert).toHaveCSS('white-space', 'pre-line');
  await expectNoSeriousA11yViolations(page);
  await alert.getByRole('button').click();
  await expect(alert).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL('/imports/');
  await expect(page.getByRole('row').filter({ hasText: sro.Name })).toHaveCount(0);
});
