import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import {
  fullName,
  incoming,
  personOf,
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

/** Saves the open row: the next one opens by itself, confirming the save of this one and its place. */
async function saveAndGoOn(page: Page, place: string) {
  const name = await page.getByRole('heading', { level: 1 }).textContent();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(place)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Внесено в реестр' })).toContainText(
    name === 'Внесение нового стажёра' ? 'Внесено в реестр: ' : `Внесено в реестр: ${name}`,
  );
  await expectNoSeriousA11yViolations(page);
}

/**
 * Trainees in the register and a file of five rows: one matched by SNILS (whose phone the file changes), one
 * by name and birth date, one whose misspelt name finds nobody, one new trainee, and one to reject.
 */
async function fiveKindsOfRows(page: Page) {
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Реестровый союз ${stamp}»`, 800);
  const bySnils = personOf(`Алексеев${stamp} Павел Ильич`);
  const byName = personOf(`Борисов${stamp} Иван Петрович`, null);
  const chosen = personOf(`Васильев${stamp} Пётр Олегович`, null);
  const ids = {
    bySnils: await saveTrainee(page, bySnils, { Contacts: { PhoneNumber: '+7 900 000-00-01' } }),
    // The sample row's birth date: the name and the birth date find the trainee.
    byName: await saveTrainee(page, byName, { DateOfBirth: '1995-04-12' }),
    chosen: await saveTrainee(page, chosen, { DateOfBirth: '1980-01-01' }),
  };
  const refused = personOf(`Егоров${stamp} Лев Маркович`);
  const rows = [
    bySnils,
    { ...byName, snils: uniqueSnils() },
    { ...chosen, lastName: `Василев${stamp}`, snils: uniqueSnils() },
    personOf(`Дмитриев${stamp} Глеб Юрьевич`),
    refused,
  ];
  const importId = await uploadRows(
    page,
    sro.Id,
    rows.map((person, index) => rowOf(person, `СТ-${stamp}-${index + 1}`)),
  );
  return { importId, ids, bySnils, byName, chosen, refused };
}

/**
 * 'Найти стажёра вручную': finds the trainee by name, told from namesakes by the SNILS and birth date beside
 * the name, and compares the row with them.
 */
async function chooseTrainee(page: Page, person: Person, id: number, details: string) {
  await page.getByRole('button', { name: 'Найти стажёра вручную' }).click();
  const dialog = page.getByRole('dialog', { name: 'Выбор стажёра' });
  // The cursor is in the search as the dialog opens; Ctrl+Enter compares the row with the one chosen.
  const search = dialog.getByRole('combobox', { name: 'ФИО или СНИЛС стажёра' });
  await expect(search).toBeFocused();
  await page.keyboard.type(person.lastName);
  const option = page.getByRole('option', { name: new RegExp(`^${fullName(person)}`) });
  await expect(option).toContainText(`${fullName(person)} · ${details} ·`);
  await option.click();
  await expectNoSeriousA11yViolations(page);
  await search.focus();
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(new RegExp(`/intern/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: fullName(person) })).toBeVisible();
}

/** Rejects the open row, the last one: the dialog names the trainee and says the import is done. */
async function rejectLastRow(page: Page, person: Person, reason: string) {
  await page.getByRole('button', { name: 'Отклонить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отклонение записи' });
  // The cursor is in the reason as the dialog opens; Ctrl+Enter rejects.
  await expect(dialog.getByRole('textbox', { name: /^Основание отклонения/ })).toBeFocused();
  await page.keyboard.type(reason);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Control+Enter');
  const done = page.getByRole('dialog', { name: 'Изменения успешно отклонены' });
  await expect(done).toContainText(fullName(person));
  await expect(done).toContainText(
    'Все записи импорта обработаны: внесено в реестр — 4 записи, отклонено — 1 запись.',
  );
  await expectNoSeriousA11yViolations(page);
  await done.getByRole('button', { name: 'Вернуться к импорту' }).click();
}

test('an operator processes a file row by row: a SNILS match, a name match, a manual choice, a new trainee and a rejection', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { importId, ids, bySnils, byName, chosen, refused } = await fiveKindsOfRows(page);
  await page.goto(`/imports/${importId}`);
  await page.getByRole('link', { name: 'Начать обработку' }).click();

  // 1. Matched by SNILS: the file's phone beside the register's.
  await expect(page.getByRole('heading', { level: 1, name: fullName(bySnils) })).toBeVisible();
  await expect(page.getByText('обработка записи [ 1 / 5 ]')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Изменено полей:');
  const phone = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Телефон', exact: true }) });
  await expect(phone).toContainText('+7 900 000-00-01');
  await expect(phone).toContainText('+7 916 123-45-67');
  await expectNoSeriousA11yViolations(page);
  await saveAndGoOn(page, 'обработка записи [ 2 / 5 ]');

  // 2. Matched by name and birth date only: the operator is warned.
  await expect(page.getByRole('heading', { level: 1, name: fullName(byName) })).toBeVisible();
  await expect(page.getByText('Существующий стажёр найден по ФИО. Возможно совпадение.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveAndGoOn(page, 'обработка записи [ 3 / 5 ]');

  // 3. A misspelt name finds nobody: the operator finds the trainee and keeps the register's spelling.
  await expect(page.getByRole('heading', { level: 1, name: 'Внесение нового стажёра' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await chooseTrainee(page, chosen, ids.chosen, 'дата рождения 1980.01.01');
  // The file's last name and birth date would change who the trainee is: each waits for the operator's word.
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await page.getByRole('button', { name: 'Оставить из реестра: Фамилия' }).click();
  await expect(page.getByRole('radio', { name: /^Фамилия: оставить значение реестра/ })).toBeChecked();
  await page.getByRole('button', { name: 'Оставить из реестра: Дата рождения' }).click();
  await expectNoSeriousA11yViolations(page);
  await saveAndGoOn(page, 'обработка записи [ 4 / 5 ]');

  // 4. Nobody at all: a new trainee.
  await expect(page.getByText(/будут внесены в реестр отдельной записью/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveAndGoOn(page, 'обработка записи [ 5 / 5 ]');

  // 5. Rejected, with a reason: nothing is left.
  await rejectLastRow(page, refused, 'Сведения не подтверждены протоколом');

  // The import lists who went where, and why a row was rejected.
  await expect(page).toHaveURL(`/imports/${importId}`);
  await expect(page.getByText('Все записи были обработаны')).toBeVisible();
  for (const id of Object.values(ids)) await expect(page.locator(`a[href="/interns/${id}"]`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: fullName(refused) })).toContainText(
    'Сведения не подтверждены протоколом',
  );
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole('link', { name: 'Скачать отклонённые записи (.xlsx)' })).toHaveAttribute(
    'href',
    `/api/v1/imports/${importId}/rejected-rows`,
  );

  // The chosen trainee kept the register's last name; the matched one's history names the import as the basis.
  await page.goto(`/interns/${ids.chosen}`);
  await expect(page.getByRole('heading', { level: 1, name: fullName(chosen) })).toBeVisible();
  await page.goto(`/interns/${ids.bySnils}`);
  await page.getByRole('button', { name: 'История изменений' }).click();
  const change = page
    .getByRole('dialog', { name: 'История изменений' })
    .getByRole('listitem')
    .filter({ hasText: 'Изменение' });
  await expect(change).toContainText(`Основание: ${incoming.text}`);
  await expectNoSeriousA11yViolations(page);
  await expect(change.getByRole('link', { name: incoming.text })).toHaveAttribute(
    'href',
    `/imports/${importId}`,
  );
});

test('an operator accepts a clean file of 20 matched rows with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Клавиатурный союз ${stamp}»`, 850);
  const people = [...'абвгдежзиклмнопрстуф'].map((letter) =>
    personOf(`Рядов${stamp}${letter} Анна Игоревна`),
  );
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
    // One action a row: the next opens by itself, and the last one's dialog leads back to the import.
    await page.keyboard.press('Control+Enter');
  }
  const dialog = page.getByRole('dialog', { name: savedTitle });
  await expect(dialog).toContainText('Все записи импорта обработаны: внесено в реестр — 20 записей');
  await expect(dialog.getByRole('button', { name: 'Вернуться к импорту' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/imports/${importId}`);
  await expect(page.getByText('Все записи были обработаны')).toBeVisible();
});

test('a row matched by name changes the SNILS only when the operator takes the file’s', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Союз тождества ${stamp}»`, 860);
  // The sample row's birth date: the name and the birth date find each trainee, the SNILS does not.
  const kept = personOf(`Жуков${stamp} Олег Ильич`);
  const taken = personOf(`Зайцев${stamp} Юрий Ильич`);
  const ids = {
    kept: await saveTrainee(page, kept, { DateOfBirth: '1995-04-12' }),
    taken: await saveTrainee(page, taken, { DateOfBirth: '1995-04-12' }),
  };
  const fileSnils = { kept: uniqueSnils(), taken: uniqueSnils() };
  const importId = await uploadRows(page, sro.Id, [
    rowOf({ ...kept, snils: fileSnils.kept }, `Т-${stamp}-1`),
    rowOf({ ...taken, snils: fileSnils.taken }, `Т-${stamp}-2`),
  ]);
  await page.goto(`/imports/${importId}`);
  await page.getByRole('link', { name: 'Начать обработку' }).click();

  // 1. The register's SNILS stays until the operator says; saving waits, and says why.
  await expect(page.getByRole('heading', { level: 1, name: fullName(kept) })).toBeVisible();
  const snilsRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^СНИЛС/ }) });
  await expect(snilsRow).toContainText('Требуется решение');
  const save = page.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled();
  await expect(page.getByText('Чтобы сохранить запись, примите решение: СНИЛС.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Файл меняет сведения' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog', { name: savedTitle })).toHaveCount(0);
  await snilsRow.getByRole('button', { name: 'Оставить из реестра: СНИЛС' }).click();
  await expect(page.getByRole('radio', { name: /^СНИЛС: оставить значение реестра/ })).toBeFocused();
  await expect(snilsRow).not.toContainText('Требуется решение');
  await saveAndGoOn(page, 'обработка записи [ 2 / 2 ]');

  // 2. 'Принять из файла' takes the file's SNILS.
  await expect(page.getByRole('heading', { level: 1, name: fullName(taken) })).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByRole('button', { name: 'Принять из файла: СНИЛС' }).click();
  await expect(page.getByRole('radio', { name: /^СНИЛС: принять значение из файла/ })).toBeChecked();
  await expect(save).toBeEnabled();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog', { name: savedTitle })).toBeVisible();

  await page.goto(`/interns/${ids.kept}`);
  await expect(page.getByText(kept.snils!, { exact: true })).toBeVisible();
  await expect(page.getByText(fileSnils.kept, { exact: true })).toHaveCount(0);
  await page.goto(`/interns/${ids.taken}`);
  await expect(page.getByText(fileSnils.taken, { exact: true })).toBeVisible();
});

test('a row naming a school the dictionary lacks gets one added or chosen, and the card shows it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Союз училищ ${stamp}»`, 870);
  const school = `Институт недропользования ${stamp}`;
  const added = personOf(`Ильин${stamp} Роман Ильич`);
  const same = personOf(`Зуев${stamp} Олег Ильич`);
  const chosen = personOf(`Козлов${stamp} Антон Ильич`);
  const importId = await uploadRows(page, sro.Id, [
    rowOf(added, `У-${stamp}-1`, school),
    rowOf(same, `У-${stamp}-2`, school),
    rowOf(chosen, `У-${stamp}-3`, `${school} (филиал)`),
  ]);
  await page.goto(`/imports/${importId}`);
  await page.getByRole('link', { name: 'Начать обработку' }).click();

  // 1. Saving waits for the school; 'Добавить в справочник' adds the file's and chooses it.
  await expect(page.getByRole('heading', { level: 1, name: 'Внесение нового стажёра' })).toBeVisible();
  const choice = page.getByRole('region', { name: /^Учебное заведение/ });
  await expect(choice).toContainText(`Учебного заведения «${school}» нет в справочнике`);
  await expect(choice.getByRole('heading', { name: 'Учебное заведение Требуется решение' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled();
  await expect(page.getByText('Чтобы сохранить запись, примите решение: учебное заведение.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await choice.getByRole('button', { name: 'Добавить в справочник' }).click();
  await expect(choice.getByRole('status')).toHaveText(`Будет сохранено: ${school}`);
  await expect(choice.getByRole('combobox', { name: 'Учебное заведение из справочника' })).toHaveValue(
    school,
  );
  await saveAndGoOn(page, 'обработка записи [ 2 / 3 ]');

  // 2. A later row of the file naming the same school takes the one just added, with nothing to choose.
  await expect(page.getByRole('heading', { level: 1, name: 'Внесение нового стажёра' })).toBeVisible();
  await expect(choice).toHaveCount(0);
  await expect(page.getByText(school, { exact: true }).first()).toBeVisible();
  await saveAndGoOn(page, 'обработка записи [ 3 / 3 ]');

  // 3. A school the dictionary knows by another name is found by name.
  await expect(choice).toContainText(`Учебного заведения «${school} (филиал)» нет в справочнике`);
  await expect(save).toBeDisabled();
  await choice
    .getByRole('combobox', { name: 'Учебное заведение из справочника' })
    .fill(`недропользования ${stamp}`);
  await page.getByRole('option', { name: school }).click();
  await expect(choice.getByRole('status')).toHaveText(`Будет сохранено: ${school}`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const done = page.getByRole('dialog', { name: savedTitle });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Вернуться к импорту' }).click();

  // Both trainees' cards name the school.
  for (const person of [added, same, chosen]) {
    await page.goto(`/imports/${importId}`);
    const row = page.getByRole('row').filter({ hasText: fullName(person) });
    await row.locator('a[href^="/interns/"]').click();
    await expect(page.getByRole('heading', { level: 1, name: fullName(person) })).toBeVisible();
    await expect(page.getByText(school, { exact: true })).toBeVisible();
  }
});
