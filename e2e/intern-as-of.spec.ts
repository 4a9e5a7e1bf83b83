import { expect, test, type Page } from '@playwright/test';
import { formatDate, toDateValue } from '../packages/shared/src/format/dates';
import { texts } from '../packages/shared/src/texts';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import { createIntern, letterStamp, sectionMenu, updateIntern } from './intern-card-helpers';

/*
 * 'The register as of a date' on the operator's card: the card read-only as it stood at the end of a day,
 * reached from the header's 'На дату', from an entry's history, or by a link, and left for the current card.
 */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

/** The Moscow day (`yyyy-MM-dd`) `daysAgo` days before now, as the registry keeps its days. */
const moscowDay = (daysAgo = 0) => toDateValue(new Date(Date.now() - daysAgo * 86_400_000));

const back = (page: Page) => page.getByRole('button', { name: 'Вернуться к текущему состоянию' });
const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Карточка показана по состоянию на конец дня' });

/** Types a day `yyyy-MM-dd` into the header's 'На дату' and confirms it with Enter. */
async function pickAsOf(page: Page, day: string) {
  const field = page.getByRole('group', { name: 'На дату', exact: true });
  await field.getByRole('spinbutton').first().click();
  await field.getByRole('spinbutton').first().pressSequentially(day.replace(/\D/g, ''));
  await expect(field.getByRole('spinbutton').last()).toHaveText(day.slice(-2));
  await page.keyboard.press('Enter');
}

/** A trainee entered today and renamed today under another letter: two versions of one day. */
async function createRenamedIntern(
  page: Page,
  [oldName, newName]: [string, string],
  firstName: string,
  patronymic: string,
) {
  const intern = await createIntern(page, {
    PersonalInfo: [{ Id: -1, LastName: oldName, FirstName: firstName, PatronymicName: patronymic }],
  });
  const person = (intern.PersonalInfo as Record<string, unknown>[])[0];
  await updateIntern(
    page,
    intern,
    { PersonalInfo: [{ ...person, LastName: newName }] },
    { number: '2-П', date: '2026-02-11' },
  );
  return intern;
}

test('an operator sees the card as the register held it on a day, read-only, and goes back to the current card', async ({
  page,
}) => {
  const stamp = letterStamp().toLowerCase();
  const [oldName, newName] = [`Датов${stamp}`, `Числов${stamp}`];
  const intern = await createRenamedIntern(page, [oldName, newName], 'Иван', 'Сергеевич');
  const [today, yesterday] = [moscowDay(), moscowDay(1)];

  // The current card, editable; 'На дату' today shows it as of the end of today: both saves, read-only.
  await page.goto(`/interns/${intern.Id}/personal-info`);
  await expect(page.getByRole('heading', { level: 1, name: `${newName} Иван Сергеевич` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Редактировать' })).toBeVisible();
  await pickAsOf(page, today);
  await expect(page).toHaveURL(new RegExp(`/interns/${intern.Id}/personal-info\\?asOf=${today}$`));
  await expect(banner(page)).toContainText(`конец дня ${formatDate(today)}`);
  await expect(page.getByRole('heading', { level: 1, name: `${newName} Иван Сергеевич` })).toBeVisible();
  for (const action of ['Редактировать', 'Корректировать', 'Добавить запись', 'Действия со стажёром']) {
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);

  // The section menu keeps the day.
  await sectionMenu(page)
    .getByRole('link', { name: /^Руководитель стажировки/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/interns/${intern.Id}/supervisors\\?asOf=${today}$`));
  await expect(banner(page)).toBeVisible();
  await expect(page.getByText('В данный момент данных в этом разделе нет')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить' })).toHaveCount(0);

  // The day before the trainee was entered: the screen says so, and leads back.
  await pickAsOf(page, yesterday);
  await expect(page).toHaveURL(new RegExp(`\\?asOf=${yesterday}$`));
  await expect(page.getByRole('alert')).toContainText(texts.internNotAsOf);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await back(page).click();
  await expect(page).toHaveURL(new RegExp(`/interns/${intern.Id}/supervisors$`));
  await expect(page.getByRole('button', { name: 'Добавить' })).toBeVisible();

  // Back in the browser returns to the day before.
  await page.goBack();
  await expect(page.getByRole('alert')).toContainText(texts.internNotAsOf);
});

test('a day typed into «На дату» digit by digit is shown only once it is whole and confirmed', async ({
  page,
}) => {
  const stamp = letterStamp().toLowerCase();
  const intern = await createRenamedIntern(page, [`Цифров${stamp}`, `Знаков${stamp}`], 'Ян', 'Ильич');
  const today = moscowDay();
  await page.goto(`/interns/${intern.Id}/personal-info`);
  const field = page.getByRole('group', { name: 'На дату', exact: true });
  await field.getByRole('spinbutton').first().click();
  // Every digit, the day's first one included (2026.11.2 would already be a whole date), keeps the card.
  for (const digit of today.replace(/\D/g, '')) {
    await page.keyboard.press(digit);
    await expect(page).toHaveURL(new RegExp(`/interns/${intern.Id}/personal-info$`));
    await expect(banner(page)).toHaveCount(0);
  }
  await expect(field.getByRole('spinbutton').last()).toHaveText(today.slice(-2));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/interns/${intern.Id}/personal-info\\?asOf=${today}$`));
  await expect(banner(page)).toContainText(`конец дня ${formatDate(today)}`);
});

test('an entry’s history leads to the card as of each version’s day', async ({ page }) => {
  const stamp = letterStamp().toLowerCase();
  const [oldName, newName] = [`Историев${stamp}`, `Версиев${stamp}`];
  const intern = await createRenamedIntern(page, [oldName, newName], 'Пётр', 'Ильич');
  const today = moscowDay();

  await page.goto(`/interns/${intern.Id}/personal-info`);
  await page.getByRole('button', { name: 'История изменений' }).click();
  const dialog = page.getByRole('dialog', { name: 'История изменений' });
  const links = dialog.getByRole('link', { name: 'Карточка на эту дату' });
  await expect(links).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await links.first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/interns/${intern.Id}/personal-info\\?asOf=${today}$`));
  await expect(banner(page)).toContainText(`конец дня ${formatDate(today)}`);
  await expect(page.getByRole('heading', { level: 1, name: `${newName} Пётр Ильич` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);

  // The history is still there, read-only; the way back returns to the editable card.
  await page.getByRole('button', { name: 'История изменений' }).click();
  await expect(dialog.getByRole('heading', { name: 'Изменение' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await back(page).click();
  await expect(page).toHaveURL(new RegExp(`/interns/${intern.Id}/personal-info$`));
  await expect(page.getByRole('button', { name: 'Редактировать' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});
