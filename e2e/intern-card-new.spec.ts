import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import { freshSnils } from './imports-data';
import {
  createSchool,
  createSro,
  entryDialog,
  fillDate,
  letterStamp,
  openSection,
  pick,
  saveWithBasis,
  sectionMenu,
  textbox,
} from './intern-card-helpers';

/* A new trainee entered through the card: every section's dialog, then the save on a basis document. */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('an operator enters a new trainee in every section, saves it on a basis document and finds it again', async ({
  page,
}) => {
  // Eight sections filled through their dialogs, and fifteen accessibility checks of a second or two each:
  // about a minute on a loaded machine, so twice that as room.
  test.setTimeout(120_000);
  const stamp = letterStamp();
  const snils = freshSnils();
  const sro = await createSro(page, `СРО «Кадастр ${stamp}»`);
  const school = await createSchool(page, `Колледж ${stamp}`);

  await page.goto('/interns/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Новый стажёр' })).toBeVisible();
  await expect(sectionMenu(page).getByRole('link', { name: /^Персональные данные/ })).toContainText('+1');
  await expectNoSeriousA11yViolations(page);

  // Personal info: the new trainee's one entry waits to be filled in.
  await page.getByRole('button', { name: 'Редактировать' }).click();
  let dialog = entryDialog(page, 'Редактирование записи');
  await textbox(dialog, 'Фамилия').fill(`Новиков${stamp.toLowerCase()}`);
  await textbox(dialog, 'Имя').fill('Артём');
  await textbox(dialog, 'Отчество').fill('Ильич');
  await textbox(dialog, 'СНИЛС').pressSequentially(snils.replace(/\D/g, ''));
  await expect(textbox(dialog, 'СНИЛС')).toHaveValue(snils);
  await fillDate(dialog, 'Дата рождения', '1990.03.14');
  await textbox(dialog, 'Паспорт: серия').pressSequentially('4510');
  await textbox(dialog, 'Паспорт: номер').pressSequentially('123456');
  await expect(textbox(dialog, 'Паспорт: номер')).toHaveValue('123 456');
  await fillDate(dialog, 'Паспорт: дата выдачи', '2010.04.01');
  await textbox(dialog, 'Паспорт: кем выдан').fill('ОВД района Хамовники г. Москвы');
  await textbox(dialog, 'Телефон').fill('+7 900 000-00-00');
  await textbox(dialog, 'Адрес электронной почты').fill('novikov@example.org');
  await textbox(dialog, 'Образование: наименование').fill('Высшее');
  await pick(dialog, 'Учебное заведение', `Колледж ${stamp}`, school.Name);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(snils)).toBeVisible();

  // Supervisors: an empty section offers to add the first entry.
  await openSection(page, 'Руководитель стажировки');
  await expect(page).toHaveURL('/interns/new/supervisors');
  await expect(page.getByText('В данный момент данных в этом разделе нет')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await textbox(dialog, 'Фамилия').fill('Орлова');
  await textbox(dialog, 'Имя').fill('Мария');
  await textbox(dialog, 'Уникальный регистрационный номер').fill('77-11-123');
  await expect(textbox(dialog, 'Сокращённое наименование юридического лица')).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Форма занятости' }).click();
  await page.getByRole('option', { name: 'Работник юридического лица' }).click();
  await dialog.getByRole('button', { name: 'Применить' }).click();
  // The legal entity's name is required of an employee.
  await expect(dialog.getByText('Данное поле обязательно для заполнения')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await textbox(dialog, 'Сокращённое наименование юридического лица').fill('ООО «Межевик»');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  // Internship: the SRO is required, the status starts 'Неизвестно'.
  await openSection(page, 'Стажировка');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await expect(dialog.getByRole('combobox', { name: 'Статус стажировки' })).toHaveText('Неизвестно');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog.getByText('Данное поле обязательно для заполнения')).toBeVisible();
  await pick(dialog, 'СРО', `Кадастр ${stamp}`, sro.Name);
  await textbox(dialog, 'Уникальный идентификационный номер').fill(`${stamp}-1`);
  await fillDate(dialog, 'Дата начала стажировки', '2026.01.10');
  await dialog.getByRole('combobox', { name: 'Статус стажировки' }).click();
  await page.getByRole('option', { name: 'Проводится' }).click();
  await textbox(dialog, 'Продолжительность стажировки, мес.').fill('24');
  await dialog.getByRole('button', { name: 'Добавить договор' }).click();
  await fillDate(dialog, 'Дата окончания договора', '2027.12.31');
  await textbox(dialog, 'Договор: номер').fill('Д-15');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  // A list's item is shown as its labelled fields, under the list's name.
  const contract = page.getByRole('region', { name: 'Договоры' }).getByRole('group', { name: 'Договор 1' });
  await expect(contract).toContainText('Дата окончания договора2027.12.31');
  await expect(contract).toContainText('Договор№ Д-15');
  await expectNoSeriousA11yViolations(page);

  // Internship steps, examination, its result, an appeal and a reissue.
  await openSection(page, 'Этапы стажировки');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await fillDate(dialog, 'Вводный этап: дата начала', '2026.01.10');
  await dialog.getByRole('checkbox', { name: 'Вводный этап: пройден' }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  // The five stages are a table, as on the public card.
  const stages = page.getByRole('table', { name: 'Этапы стажировки' });
  await expect(stages.getByRole('row')).toHaveCount(6);
  await expect(stages.getByRole('row', { name: /Вводный этап/ })).toHaveText('Вводный этап2026.01.10—ДаНет');
  await expectNoSeriousA11yViolations(page);

  await openSection(page, 'Экзамен');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await fillDate(dialog, 'Дата экзамена', '2026.02.20');
  await textbox(dialog, 'Время экзамена').pressSequentially('1030');
  await expect(textbox(dialog, 'Время экзамена')).toHaveValue('10:30');
  await textbox(dialog, 'Номер группы').fill('7');
  await textbox(dialog, 'Экзаменационная комиссия').fill('Комиссия № 3');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await openSection(page, 'Результаты экзамена');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await expect(dialog.getByRole('checkbox', { name: 'Экзамен сдан' })).not.toBeChecked();
  await textbox(dialog, 'Количество правильных ответов').fill('41');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await openSection(page, 'Апелляция');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await dialog.getByRole('checkbox', { name: 'Подана апелляция' }).check();
  await textbox(dialog, 'Заявление: номер').fill('А-2');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await openSection(page, 'Переоформление');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await textbox(dialog, 'Выписка из протокола экзаменационной комиссии: номер').fill('ЭК-9');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await expect(sectionMenu(page).getByRole('link', { name: /^Переоформление/ })).toContainText('+1');
  await saveWithBasis(page, 'Сохранить изменения', '15-вх', '2026.11.20');

  // The saved trainee has its id in the URL and its name in the heading; the changes are no longer pending.
  await expect(page).toHaveURL(/\/interns\/\d+\/reissues$/);
  const fullName = `Новиков${stamp.toLowerCase()} Артём Ильич`;
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toBeHidden();
  await expect(page.getByText(`Регистрационный номер ${stamp}-1, ${sro.Name}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Reopened, the card shows what was entered, section by section.
  await page.reload();
  await openSection(page, 'Персональные данные');
  await expect(page).toHaveURL(/\/interns\/\d+\/personal-info$/);
  for (const text of [snils, '1990.03.14', '45 10', '123 456', school.Name, 'novikov@example.org'])
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  await openSection(page, 'Руководитель стажировки');
  await expect(page.getByText('ООО «Межевик»')).toBeVisible();
  await openSection(page, 'Стажировка');
  await expect(page.getByText('Проводится')).toBeVisible();
  const savedContract = page
    .getByRole('region', { name: 'Договоры' })
    .getByRole('group', { name: 'Договор 1' });
  await expect(savedContract).toContainText('Дата окончания договора2027.12.31');
  await expect(savedContract).toContainText('Договор№ Д-15');
  await openSection(page, 'Этапы стажировки');
  await expect(
    page.getByRole('table', { name: 'Этапы стажировки' }).getByRole('row', { name: /Вводный этап/ }),
  ).toHaveText('Вводный этап2026.01.10—ДаНет');
  await openSection(page, 'Экзамен');
  await expect(page.getByText('Комиссия № 3')).toBeVisible();
  await openSection(page, 'Результаты экзамена');
  await expect(page.getByText('41', { exact: true })).toBeVisible();
  await openSection(page, 'Документы');
  const row = page.getByRole('row', { name: /№ 15-вх от 2026\.11\.20/ });
  await expect(row).toContainText('Ручной ввод');
  await expectNoSeriousA11yViolations(page);
});
