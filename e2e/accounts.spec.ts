import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import { latestMailTo } from './mail';

/** Adds a record through a list screen's dialog: `fields` are filled in order, then Save. */
async function addThroughDialog(page: Page, url: string, dialogTitle: string, fields: [string, string][]) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  for (const [label, value] of fields) {
    await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toHaveCount(0);
}

test('an operator sets up an SRO and its representative, who logs in with the e-mailed password', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const sroName = `СРО «Северо-Запад ${stamp}»`;
  const clerkEmail = `clerk-${stamp}@example.org`;
  await loginAsAdmin(page);

  await addThroughDialog(page, '/dictionaries/organizations', 'Добавить СРО', [
    ['Номер в государственном реестре СРО', '101'],
    ['Наименование', sroName],
    ['Адрес электронной почты', `sro-${stamp}@example.org`],
  ]);
  await expect(page.getByRole('row', { name: new RegExp(`101.*${sroName}`) })).toBeVisible();

  const school = `Университет геодезии ${stamp}`;
  await addThroughDialog(page, '/dictionaries/schools', 'Добавить учебное заведение', [
    ['Наименование', school],
  ]);
  await expect(page.getByRole('cell', { name: school })).toBeVisible();

  const reason = `Истечение срока договора ${stamp}`;
  await addThroughDialog(
    page,
    '/dictionaries/termination-reasons',
    'Добавить основание прекращения стажировки',
    [['Основание', reason]],
  );
  await expect(page.getByRole('cell', { name: reason })).toBeVisible();

  await page.goto('/operators');
  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить учётную запись' });
  await dialog.getByRole('textbox', { name: 'ФИО', exact: true }).fill('Петрова Анна Сергеевна');
  await dialog.getByRole('textbox', { name: 'Адрес электронной почты', exact: true }).fill(clerkEmail);
  await dialog.getByRole('combobox', { name: 'Организация' }).fill(`Северо-Запад ${stamp}`);
  await page.getByRole('option', { name: sroName }).click();
  await expect(dialog.getByText('Пароль будет отправлен на этот адрес')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toHaveCount(0);
  // The new account gets its first password at once.
  await expect(
    page.getByText(`Учётная запись создана, пароль отправлен на адрес ${clerkEmail}`),
  ).toBeVisible();

  const row = page.getByRole('row', { name: /Петрова Анна Сергеевна/ });
  await expect(row).toContainText(sroName);
  await expect(page.getByRole('row', { name: /admin@example\.org/ })).toContainText('Оператор реестра');
  await expectNoSeriousA11yViolations(page);

  // A second password moments later would only kill the first one the clerk is about to read.
  await row.getByRole('button', { name: 'Сгенерировать пароль' }).click();
  const confirm = page.getByRole('dialog', { name: 'Сгенерировать пароль' });
  await expect(confirm.getByRole('button', { name: 'Сгенерировать и отправить' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Сгенерировать и отправить' }).click();
  await expect(page.getByText(`Новый пароль только что отправлен на ${clerkEmail}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  let mail: string | null = null;
  await expect.poll(async () => (mail = await latestMailTo(clerkEmail))).not.toBeNull();
  expect(mail).toContain(`Логин: ${clerkEmail}`);
  const password = /^Пароль: (\S+)$/m.exec(mail ?? '')?.[1];
  expect(password).toBeTruthy();

  // The representative, in a browser of their own.
  const context = await browser.newContext();
  const clerkPage = await context.newPage();
  await clerkPage.goto('/login/');
  await clerkPage.getByLabel('Логин').fill(clerkEmail);
  await clerkPage.getByLabel('Пароль').fill(password!);
  await clerkPage.getByRole('button', { name: 'Войти' }).click();
  await expect(clerkPage).toHaveURL('/lk');
  await expect(clerkPage.getByText(sroName)).toBeVisible();
  await expectNoSeriousA11yViolations(clerkPage);
  await context.close();
});

test('the operator list searches by name and keeps the term in the URL', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/operators');
  await expect(page.getByRole('cell', { name: 'admin@example.org' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Поиск по ФИО или адресу электронной почты' }).fill('нет-такого');
  await expect(page).toHaveURL(/\/operators\/%D0%BD%D0%B5%D1%82-/);
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an operator turns the morning digest of deadlines off on the accounts screen, and back on', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/operators');
  const openAdmin = async () => {
    await page.getByRole('cell', { name: 'admin@example.org' }).click();
    return page.getByRole('dialog', { name: 'Редактирование учётной записи' });
  };
  let dialog = await openAdmin();
  const digest = () => dialog.getByRole('checkbox', { name: 'Утренняя сводка о сроках импортов' });
  await expect(digest()).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await digest().uncheck();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toHaveCount(0);

  dialog = await openAdmin();
  await expect(digest()).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toHaveCount(0);

  dialog = await openAdmin();
  await digest().check();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toHaveCount(0);
});
