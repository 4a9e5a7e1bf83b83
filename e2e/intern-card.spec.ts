import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import { freshSnils } from './imports-data';
import {
  createIntern,
  createSro,
  entryDialog,
  fillDate,
  letterStamp,
  openSection,
  saveWithBasis,
  sectionMenu,
  textbox,
  updateIntern,
} from './intern-card-helpers';

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

/** A trainee saved through the API: personal info with private details, an internship and a supervisor. */
async function savedIntern(page: Page, lastName = `Петров${letterStamp().toLowerCase()}`) {
  const stamp = letterStamp();
  const snils = freshSnils();
  const sro = await createSro(page, `СРО «Север ${stamp}»`);
  const intern = await createIntern(page, {
    PersonalInfo: [
      {
        Id: -1,
        LastName: lastName,
        FirstName: 'Иван',
        PatronymicName: 'Сергеевич',
        Snils: snils,
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
  return {
    intern,
    sro,
    snils,
    lastName,
    fullName: `${lastName} Иван Сергеевич`,
    registryNumber: `${stamp}-7`,
  };
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
  await expectNoSeriousA11yViolations(page);
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
  await expectNoSeriousA11yViolations(page);
  await expect(internship.getByText('Изменена')).toBeHidden();
});

test('a card cannot take the SNILS of another trainee: the refusal names the holder, links to them and keeps the edit', async ({
  page,
}) => {
  const holder = await savedIntern(page);
  const { intern, fullName } = await savedIntern(page);
  await page.goto(`/interns/${intern.Id}`);
  await entry(page, fullName).getByRole('button', { name: 'Редактировать' }).click();
  const dialog = entryDialog(page, 'Редактирование записи');
  await textbox(dialog, 'СНИЛС').fill('');
  await textbox(dialog, 'СНИЛС').pressSequentially(holder.snils.replace(/\D/g, ''));
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  const basis = page.getByRole('dialog', { name: 'Внесение изменений в реестр' });
  await textbox(basis, 'Входящий номер').fill('20-вх');
  await fillDate(basis, 'Дата входящего документа', '2026.11.23');
  await basis.getByRole('button', { name: 'Сохранить' }).click();
  const refusal = page.getByRole('dialog', { name: 'При сохранении данных произошла ошибка' });
  await expect(refusal).toContainText(`СНИЛС ${holder.snils} уже принадлежит стажёру ${holder.fullName}`);
  await expect(refusal.getByRole('link', { name: new RegExp(holder.fullName) })).toHaveAttribute(
    'href',
    `/interns/${holder.intern.Id}`,
  );
  await expectNoSeriousA11yViolations(page);
  await refusal.getByRole('button', { name: 'Закрыть' }).click();
  // The operator's edit is still there to correct or to cancel.
  await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toBeVisible();
  await expect(page.getByText(holder.snils)).toBeVisible();
});

test('an operator corrects a typo in personal info and saves it as a correction', async ({ page }) => {
  const stamp = letterStamp().toLowerCase();
  const { intern } = await savedIntern(page, `Петрво${stamp}`);
  await page.goto(`/interns/${intern.Id}`);
  const person = entry(page, `Петрво${stamp} Иван Сергеевич`);
  await person.getByRole('button', { name: 'Корректировать' }).click();
  const dialog = entryDialog(page, 'Корректировка записи');
  await textbox(dialog, 'Фамилия').fill(`Петров${stamp}`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  const corrected = entry(page, `Петров${stamp} Иван Сергеевич`);
  await expect(corrected.getByText('Скорректирована')).toBeVisible();

  // While correcting, neither edits nor new entries are taken.
  await corrected.getByRole('button', { name: 'Редактировать' }).click();
  await expect(page.getByRole('alert')).toHaveText('Редактирование невозможно в режиме корректировки');
  await page.getByRole('button', { name: 'Добавить запись' }).click();
  await expect(page.getByRole('alert')).toHaveText('Добавление записей невозможно в режиме корректировки');
  await expectNoSeriousA11yViolations(page);

  await saveWithBasis(page, 'Сохранить корректировку', '17-К', '2026.11.22');
  await expect(page.getByRole('heading', { level: 1, name: `Петров${stamp} Иван Сергеевич` })).toBeVisible();
  await openSection(page, 'Документы');
  await expect(page.getByRole('row', { name: /№ 17-К от 2026\.11\.22/ })).toContainText('Корректировка');
  await expectNoSeriousA11yViolations(page);
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
  await expectNoSeriousA11yViolations(page);
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
  await expectNoSeriousA11yViolations(page);
  await expect(sectionMenu(page).getByRole('link', { name: /^Руководитель стажировки/ })).toContainText('+1');

  // Leaving for another screen asks first; staying keeps the change.
  await page
    .getByRole('navigation', { name: 'Главное меню' })
    .getByRole('link', { name: 'Документы' })
    .click();
  const leave = page.getByRole('dialog', { name: 'Несохранённые изменения' });
  await expect(leave).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await leave.getByRole('button', { name: 'Отмена' }).click();
  await expect(page).toHaveURL(`/interns/${intern.Id}/supervisors`);

  await page.getByRole('button', { name: 'Отменить' }).click();
  const clear = page.getByRole('dialog', { name: 'Отмена изменений' });
  await expect(clear).toContainText(
    'Отменить внесение изменений и очистить все внесённые данные? Данное действие нельзя отменить.',
  );
  await expectNoSeriousA11yViolations(page);
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
  await expectNoSeriousA11yViolations(page);
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
  await expectNoSeriousA11yViolations(page);
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
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Действия со стажёром' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Восстановить стажёра']);
  await page.getByRole('menuitem', { name: 'Восстановить стажёра' }).click();
  confirm = page.getByRole('dialog', { name: 'Восстановление стажёра' });
  await expect(confirm).toContainText('Вы уверены, что хотите восстановить стажёра?');
  await expectNoSeriousA11yViolations(page);
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
  const { intern, lastName, registryNumber, snils } = await savedIntern(page);
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
  for (const secret of [snils, '45 11', '654 321', '1991.05.06', '+7 911 111-11-11', 'petrov@example.org'])
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
  await expectNoSeriousA11yViolations(other);
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
