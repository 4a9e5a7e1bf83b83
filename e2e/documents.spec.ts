import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiPost, loginAsAdmin } from './fixtures';
import { letterStamp } from './intern-card-helpers';

/*
 * The documents screen: basis documents found by their number, the trainees each changed, and every change
 * made on one.
 */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

const searchLabel = 'Поиск по номеру документа или названию СРО';

/** A new trainee entered by hand on the basis document `number` of 2026.02.03; returns the full name. */
async function createIntern(page: Page, lastName: string, number: string): Promise<string> {
  await apiPost(page, '/api/v1/interns/', {
    Intern: { PersonalInfo: [{ Id: -1, LastName: lastName, FirstName: 'Анна', PatronymicName: 'Петровна' }] },
    Protocol: { number, date: '2026-02-03' },
  });
  return `${lastName} Анна Петровна`;
}

/** Types a term into the search box and waits until the table shows what it found. */
async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: searchLabel }).fill(term);
  await expect(page).toHaveURL((url) => url.searchParams.get('term') === term);
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
}

const bodyRows = (page: Page) => page.getByRole('rowgroup').nth(1).getByRole('row');

test('an operator finds a basis document by its number and sees every change made on it', async ({
  page,
}) => {
  const stamp = letterStamp();
  const number = `${Date.now()}-ДОК`;
  const first = await createIntern(page, `Архипова${stamp.toLowerCase()}`, number);
  const second = await createIntern(page, `Борисова${stamp.toLowerCase()}`, number);

  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Документы' })).toBeVisible();
  await search(page, number);

  // Both trainees were entered on one letter: one document, naming both.
  await expect(bodyRows(page)).toHaveCount(1);
  const row = bodyRows(page).first();
  await expect(row).toContainText(`№ ${number} от 2026.02.03`);
  await expect(row).toContainText('внесено вручную');
  await expect(row.getByRole('link', { name: first })).toBeVisible();
  await expect(row.getByRole('link', { name: second })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The search survives a reload: it is in the URL.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: searchLabel })).toHaveValue(number);
  await expect(bodyRows(page)).toHaveCount(1);

  await bodyRows(page)
    .first()
    .getByRole('button', { name: /^Изменения/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Изменения по документу № ${number} от 2026.02.03` });
  const changes = dialog.getByRole('list', { name: 'Изменения по документу' });
  for (const name of [first, second]) {
    const change = changes.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
    await expect(change).toContainText('Персональные данные');
    await expect(change).toContainText('Первичное внесение');
    await expect(change).toContainText(`Фамилия: — → ${name.split(' ')[0]}`);
  }
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();

  // A period that begins after the document's date leaves it out; Back brings it again.
  const from = page.getByRole('group', { name: 'С', exact: true });
  await from.getByRole('spinbutton').first().click();
  await from.getByRole('spinbutton').first().pressSequentially('20260204');
  await expect(page).toHaveURL((url) => url.searchParams.get('from') === '2026-02-04');
  await expect(bodyRows(page).first()).toHaveText('Документы не найдены');
  await page.goBack();
  await expect(page).toHaveURL((url) => !url.searchParams.has('from'));
  await expect(bodyRows(page).first()).toContainText(`№ ${number} от 2026.02.03`);

  await search(page, `Нет-${number}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toHaveText('Документы не найдены');
  await expectNoSeriousA11yViolations(page);
});
