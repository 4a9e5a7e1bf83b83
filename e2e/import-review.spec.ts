import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin } from './fixtures';
import {
  fullName,
  incoming,
  rowOf,
  saveTrainee,
  uniqueSnils,
  uploadRows,
  type Person,
} from './import-review-data';
import { createSro, runLetters } from './imports-data';

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

const savedTitle = 'Изменения успешно внесены';

/** Saves the open row and goes on to the next one from the success dialog, which says how many are left. */
async function saveAndGoOn(page: Page, left: string) {
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const dialog = page.getByRole('dialog', { name: savedTitle });
  await expect(dialog).toContainText(`${left}, желаете перейти к обработке следующей записи?`);
  await dialog.getByRole('button', { name: 'Перейти к следующему' }).click();
}

test('an operator processes a file row by row: a SNILS match, a name match, a manual choice, a new trainee and a rejection', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Реестровый союз ${stamp}»`, 800);
  const bySnils: Person = {
    lastName: `Алексеев${stamp}`,
    firstName: 'Павел',
    patronymic: 'Ильич',
    snils: uniqueSnils(),
  };
  const byName: Person = {
    lastName: `Борисов${stamp}`,
    firstName: 'Иван',
    patronymic: 'Петрович',
    snils: null,
  };
  const chosen: Person = {
    lastName: `Васильев${stamp}`,
    firstName: 'Пётр',
    patronymic: 'Олегович',
    snils: null,
  };
  const bySnilsId = await saveTrainee(page, bySnils, { Contacts: { PhoneNumber: '+7 900 000-00-01' } });
  // The sample row's birth date: the name and the birth date find the trainee.
  const byNameId = await saveTrainee(page, byName, { DateOfBirth: '1995-04-12' });
  const chosenId = await saveTrainee(page, chosen, { DateOfBirth: '1980-01-01' });

  const misspelt: Person = { ...chosen, lastName: `Василев${stamp}`, snils: uniqueSnils() };
  const newcomer: Person = {
    lastName: `Дмитриев${stamp}`,
    firstName: 'Глеб',
    patronymic: 'Юрьевич',
    snils: uniqueSnils(),
  };
  const refused: Person = {
    lastName: `Егоров${stamp}`,
    firstName: 'Лев',
    patronymic: 'Маркович',
    snils: uniqueSnils(),
  };
  const importId = await uploadRows(
    page,
    sro.Id,
    [bySnils, { ...byName, snils: uniqueSnils() }, misspelt, newcomer, refused].map((person, index) =>
      rowOf(person, `СТ-${stamp}-${index + 1}`),
    ),
  );

  await page.goto(`/imports/${importId}`);
  await page.getByRole('link', { name: 'Начать обработку' }).click();

  // 1. Matched by SNILS: the file's phone replaces the register's, which the tooltip and the column tell.
  await expect(page).toHaveURL(/\/imports\/\d+\/process\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: fullName(bySnils) })).toBeVisible();
  await expect(page.getByText('обработка записи [ 1 / 5 ]')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Изменено полей:');
  const phone = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Телефон', exact: true }) });
  await expect(phone).toContainText('+7 900 000-00-01');
  await expect(phone).toContainText('+7 916 123-45-67');
  await saveAndGoOn(page, 'осталось 4 необработанные строки');

  // 2. Matched by name and birth date only: the operator is warned.
  await expect(page.getByRole('heading', { level: 1, name: fullName(byName) })).toBeVisible();
  await expect(page.getByText('Существующий стажёр найден по ФИО. Возможно совпадение.')).toBeVisible();
  await saveAndGoOn(page, 'осталось 3 необработанные строки');

  // 3. A misspelt name finds nobody: the operator finds the trainee and keeps the register's spelling.
  await expect(page.getByRole('heading', { level: 1, name: 'Внесение нового стажёра' })).toBeVisible();
  await page.getByRole('button', { name: 'Найти стажёра вручную' }).click();
  const choose = page.getByRole('dialog', { name: 'Выбор стажёра' });
  await choose.getByRole('combobox', { name: 'ФИО или СНИЛС стажёра' }).fill(`Васильев${stamp}`);
  await page.getByRole('option', { name: new RegExp(`^${fullName(chosen)}`) }).click();
  await choose.getByRole('button', { name: 'Изменить' }).click();
  await expect(page).toHaveURL(new RegExp(`/intern/${chosenId}$`));
  await expect(page.getByRole('heading', { level: 1, name: fullName(chosen) })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^Фамилия: оставить значение реестра`) }).check();
  await saveAndGoOn(page, 'осталось 2 необработанные строки');

  // 4. Nobody at all: a new trainee.
  await expect(page.getByRole('heading', { level: 1, name: 'Внесение нового стажёра' })).toBeVisible();
  await expect(page.getByText(/будут внесены в реестр отдельной записью/)).toBeVisible();
  await saveAndGoOn(page, 'осталась 1 необработанная строка');

  // 5. Rejected, with a reason: nothing is left.
  await expect(page.getByText('обработка записи [ 5 / 5 ]')).toBeVisible();
  await page.getByRole('button', { name: 'Отклонить' }).click();
  const reject = page.getByRole('dialog', { name: 'Отклонение записи' });
  await reject
    .getByRole('textbox', { name: /^Основание отклонения/ })
    .fill('Сведения не подтверждены протоколом');
  await reject.getByRole('button', { name: 'Отклонить' }).click();
  const done = page.getByRole('dialog', { name: 'Изменения успешно отклонены' });
  await expect(done).toContainText(fullName(refused));
  await expect(done).toContainText('Все изменения из файла «изменения.xlsx» были успешно внесены в реестр.');
  await done.getByRole('button', { name: 'Вернуться к импорту' }).click();

  // The import lists who went where, and why a row was rejected.
  await expect(page).toHaveURL(`/imports/${importId}`);
  await expect(page.getByText('Все записи были обработаны')).toBeVisible();
  for (const id of [bySnilsId, byNameId, chosenId])
    await expect(page.locator(`a[href="/interns/${id}"]`)).toBeVisible();
  const rejectedRow = page.getByRole('row').filter({ hasText: fullName(refused) });
  await expect(rejectedRow).toContainText('Сведения не подтверждены протоколом');
  await expect(page.getByRole('link', { name: 'Скачать отклонённые записи (.xlsx)' })).toHaveAttribute(
    'href',
    `/api/v1/imports/${importId}/rejected-rows`,
  );

  // The chosen trainee kept the register's last name; the matched one's history names the import as the basis.
  await page.goto(`/interns/${chosenId}`);
  await expect(page.getByRole('heading', { level: 1, name: fullName(chosen) })).toBeVisible();
  await page.goto(`/interns/${bySnilsId}`);
  await page.getByRole('button', { name: 'История изменений' }).click();
  const history = page.getByRole('dialog', { name: 'История изменений' });
  const change = history.getByRole('listitem').filter({ hasText: 'Изменение' });
  await expect(change).toContainText(`Основание: ${incoming.text}`);
  await expect(change.getByRole('link', { name: incoming.text })).toHaveAttribute(
    'href',
    `/imports/${importId}`,
  );
});

test('an operator accepts a clean file of 20 matched rows with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Клавиатурный союз ${stamp}»`, 850);
  const people: Person[] = [...'абвгдежзиклмнопрстуф'].map((letter) => ({
    lastName: `Рядов${stamp}${letter}`,
    firstName: 'Анна',
    patronymic: 'Игоревна',
    snils: uniqueSnils(),
  }));
  for (const person of people) await saveTrainee(page, person);
  const importId = await uploadRows(
    page,
    sro.Id,
    people.map((person, index) => rowOf(person, `К-${stamp}-${index + 1}`)),
  );

  await page.goto(`/imports/${importId}`);
  await page.getByRole('link', { name: 'Начать обработку' }).focus();
  await page.keyboard.press('Enter');
  for (const [index, person] of people.entries()) {
    const heading = page.getByRole('heading', { level: 1, name: fullName(person) });
    await expect(heading).toBeFocused();
    await expect(page.getByText(`обработка записи [ ${index + 1} / 20 ]`)).toBeVisible();
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: savedTitle });
    const wayOn = index < people.length - 1 ? 'Перейти к следующему' : 'Вернуться к импорту';
    await expect(dialog.getByRole('button', { name: wayOn })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(`/imports/${importId}`);
  await expect(page.getByText('Все записи были обработаны')).toBeVisible();
});
