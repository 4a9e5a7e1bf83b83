import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin } from './fixtures';
import {
  createIntern,
  createSchool,
  createSro,
  fillDate,
  letterStamp,
  openSection,
  pick,
  saveWithBasis,
  sectionMenu,
  textbox,
  updateIntern,
} from './intern-card-helpers';

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

const entryDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

test('an operator enters a new trainee in every section, saves it on a basis document and finds it again', async ({
  page,
}) => {
  // Eight sections filled through their dialogs: about 30 seconds, three times the default's room.
  test.setTimeout(90_000);
  const stamp = letterStamp();
  const sro = await createSro(page, `СРО «Кадастр ${stamp}»`);
  const school = await createSchool(page, `Колледж ${stamp}`);

  await page.goto('/interns/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Новый стажёр' })).toBeVisible();
  await expect(sectionMenu(page).getByRole('link', { name: /^Персональные данные/ })).toContainText('+1');

  // Personal info: the new trainee's one entry waits to be filled in.
  await page.getByRole('button', { name: 'Редактировать' }).click();
  let dialog = entryDialog(page, 'Редактирование записи');
  await textbox(dialog, 'Фамилия').fill(`Новиков${stamp.toLowerCase()}`);
  await textbox(dialog, 'Имя').fill('Артём');
  await textbox(dialog, 'Отчество').fill('Ильич');
  await textbox(dialog, 'СНИЛС').pressSequentially('11223344595');
  await expect(textbox(dialog, 'СНИЛС')).toHaveValue('112-233-445 95');
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
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('112-233-445 95')).toBeVisible();

  // Supervisors: an empty section offers to add the first entry.
  await openSection(page, 'Руководитель стажировки');
  await expect(page).toHaveURL('/interns/new/supervisors');
  await expect(page.getByText('В данный момент данных в этом разделе нет')).toBeVisible();
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
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  // A list's item is shown as its labelled fields, under the list's name.
  const contract = page.getByRole('region', { name: 'Договоры' }).getByRole('group', { name: 'Договор 1' });
  await expect(contract).toContainText('Дата окончания договора2027.12.31');
  await expect(contract).toContainText('Договор№ Д-15');

  // Internship steps, examination, its result, an appeal and a reissue.
  await openSection(page, 'Этапы стажировки');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await fillDate(dialog, 'Вводный этап: дата начала', '2026.01.10');
  await dialog.getByRole('checkbox', { name: 'Вводный этап: пройден' }).check();
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  // The five stages are a table, as on the public card.
  const stages = page.getByRole('table', { name: 'Этапы стажировки' });
  await expect(stages.getByRole('row')).toHaveCount(6);
  await expect(stages.getByRole('row', { name: /Вводный этап/ })).toHaveText('Вводный этап2026.01.10—ДаНет');

  await openSection(page, 'Экзамен');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await fillDate(dialog, 'Дата экзамена', '2026.02.20');
  await textbox(dialog, 'Время экзамена').pressSequentially('1030');
  await expect(textbox(dialog, 'Время экзамена')).toHaveValue('10:30');
  await textbox(dialog, 'Номер группы').fill('7');
  await textbox(dialog, 'Экзаменационная комиссия').fill('Комиссия № 3');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await openSection(page, 'Результаты экзамена');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await expect(dialog.getByRole('checkbox', { name: 'Экзамен сдан' })).not.toBeChecked();
  await textbox(dialog, 'Количество правильных ответов').fill('41');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await openSection(page, 'Апелляция');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await dialog.getByRole('checkbox', { name: 'Подана апелляция' }).check();
  await textbox(dialog, 'Заявление: номер').fill('А-2');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await openSection(page, 'Переоформление');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await textbox(dialog, 'Выписка из протокола экзаменационной комиссии: номер').fill('ЭК-9');
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

  // Reopened, the card shows what was entered, section by section.
  await page.reload();
  await openSection(page, 'Персональные данные');
  await expect(page).toHaveURL(/\/interns\/\d+\/personal-info$/);
  for (const text of ['112-233-445 95', '1990.03.14', '45 10', '123 456', school.Name, 'novikov@example.org'])
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
});

/** A trainee saved through the API: personal info with private details, an internship and a supervisor. */
async function savedIntern(page: Page, lastName = `Петров${letterStamp().toLowerCase()}`) {
  const stamp = letterStamp();
  const sro = await createSro(page, `СРО «Север ${stamp}»`);
  const intern = await createIntern(page, {
    PersonalInfo: [
      {
        Id: -1,
        LastName: lastName,
        FirstName: 'Иван',
        PatronymicName: 'Сергеевич',
        Snils: '112-233-445 95',
        DateOfBirth: '1991-05-06',
        Passport: { Series: '45 11', Number: '654 321' },
        Contacts: { PhoneNumber: '+7 911 111-11-11', EmailAddress: 'petrov@example.org' },
      },
    ],
    Supervisors: [{ Id: -2, LastName: 'Орлов', FirstName: 'Ян', CadastreNumber: '77-11-001' }],
    Internships: [
      {
        Id: -3,
        Organization: sro,
        RegistryNumber: `${stamp}-7`,
        Status: 0,
        StartedAt: '2026-02-01',
      },
    ],
  });
  return { intern, sro, lastName, fullName: `${lastName} Иван Сергеевич`, registryNumber: `${stamp}-7` };
}

const entry = (page: Page, name: string | RegExp) => page.getByRole('article', { name });

test('an operator pauses and resumes an internship and saves the change', async ({ page }) => {
  const { intern, sro } = await savedIntern(page);
  await page.goto(`/interns/${intern.Id}/internships`);
  const internship = entry(page, new RegExp(sro.Name));
  await internship.getByRole('button', { name: 'Редактировать' }).click();
  const dialog = entryDialog(page, 'Редактирование записи');

  // A pause's details wait for its date, a resumption's document for its date.
  await dialog.getByRole('button', { name: 'Добавить приостановление' }).click();
  await expect(textbox(dialog, 'Срок приостановления')).toBeDisabled();
  await fillDate(dialog, 'Дата приостановления', '2026.06.01');
  await textbox(dialog, 'Срок приостановления').fill('3 месяца');
  await textbox(dialog, 'Основание приостановления').fill('Заявление стажёра');
  await dialog.getByRole('button', { name: 'Добавить возобновление' }).click();
  await expect(textbox(dialog, 'Документ о возобновлении: номер')).toBeDisabled();
  await fillDate(dialog, 'Дата возобновления', '2026.09.01');
  await textbox(dialog, 'Документ о возобновлении: номер').fill('В-4');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await expect(internship.getByText('Изменена')).toBeVisible();
  await expect(sectionMenu(page).getByRole('link', { name: /^Стажировка/ })).toContainText('+1');
  await saveWithBasis(page, 'Сохранить изменения', '16-вх', '2026.11.21');
  await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toBeHidden();

  await page.reload();
  const pause = internship.getByRole('region', { name: 'Приостановления' }).getByRole('group');
  await expect(pause).toHaveAccessibleName('Приостановление 1');
  await expect(pause).toContainText('Дата приостановления2026.06.01');
  await expect(pause).toContainText('Срок приостановления3 месяца');
  await expect(pause).toContainText('Основание приостановленияЗаявление стажёра');
  const resumption = internship.getByRole('region', { name: 'Возобновления' }).getByRole('group');
  await expect(resumption).toContainText('Дата возобновления2026.09.01');
  await expect(resumption).toContainText('Документ о возобновлении№ В-4');
  await expect(internship.getByText('Изменена')).toBeHidden();
});

test('an operator corrects a typo in personal info and saves it as a correction', async ({ page }) => {
  const stamp = letterStamp().toLowerCase();
  const { intern } = await savedIntern(page, `Петрво${stamp}`);
  await page.goto(`/interns/${intern.Id}`);
  const person = entry(page, `Петрво${stamp} Иван Сергеевич`);
  await person.getByRole('button', { name: 'Корректировать' }).click();
  const dialog = entryDialog(page, 'Корректировка записи');
  await textbox(dialog, 'Фамилия').fill(`Петров${stamp}`);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  const corrected = entry(page, `Петров${stamp} Иван Сергеевич`);
  await expect(corrected.getByText('Скорректирована')).toBeVisible();

  // While correcting, neither edits nor new entries are taken.
  await corrected.getByRole('button', { name: 'Редактировать' }).click();
  await expect(page.getByRole('alert')).toHaveText('Редактирование невозможно в режиме корректировки');
  await page.getByRole('button', { name: 'Добавить запись' }).click();
  await expect(page.getByRole('alert')).toHaveText('Добавление записей невозможно в режиме корректировки');

  await saveWithBasis(page, 'Сохранить корректировку', '17-К', '2026.11.22');
  await expect(page.getByRole('heading', { level: 1, name: `Петров${stamp} Иван Сергеевич` })).toBeVisible();
  await openSection(page, 'Документы');
  await expect(page.getByRole('row', { name: /№ 17-К от 2026\.11\.22/ })).toContainText('Корректировка');
});

test('the history of an entry shows its first entry, its change and its correction with their basis', async ({
  page,
}) => {
  const { intern, lastName } = await savedIntern(page);
  const person = (firstName: string, patronymic = 'Сергеевич') => ({
    ...(intern.PersonalInfo as Record<string, unknown>[])[0],
    FirstName: firstName,
    PatronymicName: patronymic,
  });
  const changed = await updateIntern(
    page,
    intern,
    { PersonalInfo: [person('Иоан')] },
    { number: '2-П', date: '2026-02-11' },
  );
  await updateIntern(
    page,
    changed,
    { PersonalInfo: [person('Иоанн')] },
    { number: '3-К', date: '2026-03-12' },
    true,
  );

  await page.goto(`/interns/${intern.Id}/personal-info`);
  await entry(page, `${lastName} Иоанн Сергеевич`).getByRole('button', { name: 'История изменений' }).click();
  const dialog = page.getByRole('dialog', { name: 'История изменений' });
  const versions = dialog
    .getByRole('list', { name: 'Версии записи' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Первичное внесение');
  await expect(versions.nth(0)).toContainText('Основание: № 1-П от 2026.01.10');
  await expect(versions.nth(0)).toContainText(/\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}/);
  await expect(versions.nth(1)).toContainText('Изменение');
  await expect(versions.nth(1)).toContainText('Основание: № 2-П от 2026.02.11');
  await expect(versions.nth(1)).toContainText('Имя: Иван → Иоан');
  await expect(versions.nth(2)).toContainText('Корректировка');
  await expect(versions.nth(2)).toContainText('Основание: № 3-К от 2026.03.12');
  await expect(versions.nth(2)).toContainText('Имя: Иоан → Иоанн');
});

test('an operator rolls back one entry and clears the rest, and is asked before leaving unsaved changes', async ({
  page,
}) => {
  const { intern } = await savedIntern(page);
  await page.goto(`/interns/${intern.Id}/supervisors`);
  const supervisor = entry(page, 'Орлов Ян');
  await supervisor.getByRole('button', { name: 'Редактировать' }).click();
  let dialog = entryDialog(page, 'Редактирование записи');
  await textbox(dialog, 'Имя').fill('Яков');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  const edited = entry(page, 'Орлов Яков');
  await expect(edited.getByText('Изменена')).toBeVisible();

  // Rolling back the only change leaves nothing to save.
  await edited.getByRole('button', { name: 'Откатить' }).click();
  await expect(supervisor.getByText('Изменена')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toBeHidden();

  // A new entry has no history yet, and rolling it back removes it.
  await page.getByRole('button', { name: 'Добавить запись' }).click();
  dialog = entryDialog(page, 'Добавить новую запись');
  await textbox(dialog, 'Фамилия').fill('Зайцев');
  await textbox(dialog, 'Имя').fill('Лев');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  const added = entry(page, 'Зайцев Лев');
  await expect(added.getByText('Новая запись')).toBeVisible();
  await expect(added.getByRole('button', { name: 'История изменений' })).toBeDisabled();
  await expect(sectionMenu(page).getByRole('link', { name: /^Руководитель стажировки/ })).toContainText('+1');

  // Leaving for another screen asks first; staying keeps the change.
  await page
    .getByRole('navigation', { name: 'Главное меню' })
    .getByRole('link', { name: 'Документы' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Несохранённые изменения' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Отмена' }).click();
  await expect(page).toHaveURL(`/interns/${intern.Id}/supervisors`);

  await page.getByRole('button', { name: 'Отменить' }).click();
  const clear = page.getByRole('dialog', { name: 'Отмена изменений' });
  await expect(clear).toContainText(
    'Отменить внесение изменений и очистить все внесённые данные? Данное действие нельзя отменить.',
  );
  await clear.getByRole('button', { name: 'Очистить' }).click();
  await expect(added).toBeHidden();
  await expect(supervisor).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toBeHidden();
});

test('an operator deletes a trainee, finds it under «Удалённые», sees it read-only and restores it', async ({
  page,
}) => {
  const { intern, fullName } = await savedIntern(page);
  await page.goto(`/interns/${intern.Id}`);
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();

  await page.getByRole('button', { name: 'Действия со стажёром' }).click();
  await page.getByRole('menuitem', { name: 'Удалить стажёра' }).click();
  let confirm = page.getByRole('dialog', { name: 'Удаление стажёра' });
  await expect(confirm).toContainText('Вы уверены, что хотите удалить стажёра?');
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Удалён', { exact: true })).toBeVisible();
  expect((await page.request.get(`/api/v1/interns/${intern.Id}/public`)).status()).toBe(404);

  // The register's list no longer shows it; its 'Удалённые' do, marked, and lead to its card.
  await page.goto(`/interns?term=${encodeURIComponent(fullName)}`);
  await expect(page.getByText('Стажёры не найдены')).toBeVisible();
  await page.getByRole('button', { name: 'Фильтр' }).click();
  await page.getByLabel('Удалённые').click();
  await expect(page).toHaveURL(/deleted=true/);
  const row = page.getByRole('row', { name: new RegExp(fullName) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Удалён', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/interns/${intern.Id}`));
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();

  // A deleted card is only read: no add, edit, correct or rollback, in any section; its history stays.
  await expect(page.getByText('Удалён', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'История изменений' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Корректировать' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Добавить запись' })).toHaveCount(0);
  await openSection(page, 'Экзамен');
  await expect(page.getByText('В данный момент данных в этом разделе нет')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Действия со стажёром' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Восстановить стажёра']);
  await page.getByRole('menuitem', { name: 'Восстановить стажёра' }).click();
  confirm = page.getByRole('dialog', { name: 'Восстановление стажёра' });
  await expect(confirm).toContainText('Вы уверены, что хотите восстановить стажёра?');
  await confirm.getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByText('Удалён', { exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Добавить', exact: true })).toBeVisible();
  expect((await page.request.get(`/api/v1/interns/${intern.Id}/public`)).status()).toBe(200);

  // Restored, it is back in the register's list and gone from the deleted.
  await page.goto(`/interns?term=${encodeURIComponent(fullName)}&deleted=true`);
  await expect(page.getByText('Удалённые стажёры не найдены')).toBeVisible();
  await page.goto(`/interns?term=${encodeURIComponent(fullName)}`);
  await expect(page.getByRole('row', { name: new RegExp(fullName) })).toHaveCount(1);
});

test('the public card shows a saved change and none of the private fields', async ({ page }) => {
  const { intern, lastName, registryNumber } = await savedIntern(page);
  await page.goto(`/interns/${intern.Id}/supervisors`);
  await entry(page, 'Орлов Ян').getByRole('button', { name: 'Редактировать' }).click();
  const dialog = entryDialog(page, 'Редактирование записи');
  await textbox(dialog, 'Отчество').fill('Петрович');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await saveWithBasis(page, 'Сохранить изменения', '18-вх', '2026.11.22');
  await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toBeHidden();

  await page.goto(`/public/${intern.Id}`);
  const main = page.getByRole('main');
  await expect(main.getByText(`${lastName} Иван Сергеевич`).first()).toBeVisible();
  // The supervisor's new patronymic.
  await expect(main).toContainText('Петрович');
  await expect(main.getByText(registryNumber).first()).toBeVisible();
  for (const secret of [
    '112-233-445 95',
    '45 11',
    '654 321',
    '1991.05.06',
    '+7 911 111-11-11',
    'petrov@example.org',
  ])
    await expect(main).not.toContainText(secret);
});

test('of two operators saving the same card, the second is told of the conflict and keeps its changes', async ({
  page,
  browser,
}) => {
  const { intern, lastName } = await savedIntern(page);
  const other = await browser.newPage();
  await loginAsAdmin(other);
  for (const each of [page, other]) await each.goto(`/interns/${intern.Id}/supervisors`);

  // The other operator starts an edit, then the first saves before it.
  await entry(other, 'Орлов Ян').getByRole('button', { name: 'Редактировать' }).click();
  let dialog = entryDialog(other, 'Редактирование записи');
  await textbox(dialog, 'Уникальный регистрационный номер').fill('77-11-999');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await entry(page, 'Орлов Ян').getByRole('button', { name: 'Редактировать' }).click();
  dialog = entryDialog(page, 'Редактирование записи');
  await textbox(dialog, 'Уникальный регистрационный номер').fill('77-11-555');
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await saveWithBasis(page, 'Сохранить изменения', '19-вх', '2026.11.22');
  await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toBeHidden();

  await saveWithBasis(other, 'Сохранить изменения', '20-вх', '2026.11.22');
  const error = other.getByRole('dialog', { name: 'При сохранении данных произошла ошибка' });
  await expect(error).toContainText('Карточку стажёра уже сохранил другой пользователь');
  await error.getByRole('button', { name: 'Закрыть' }).click();
  const kept = entry(other, 'Орлов Ян');
  await expect(kept.getByText('77-11-999')).toBeVisible();
  await expect(kept.getByText('Изменена')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Сохранить изменения' })).toBeVisible();
  await expect(other.getByRole('heading', { level: 1, name: new RegExp(lastName) })).toBeVisible();

  // The first operator's save stands.
  await page.reload();
  await expect(entry(page, 'Орлов Ян').getByText('77-11-555')).toBeVisible();
  await other.close();
});
