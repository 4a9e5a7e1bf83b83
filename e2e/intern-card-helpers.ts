import { expect, type Locator, type Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../packages/shared/src/http';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiPost } from './fixtures';

/*
 * Helpers of the trainee card's browser tests: reference data and trainees made through the API, and the
 * card's fields driven as an operator drives them.
 */

/** A word of Cyrillic letters unique to this run (names take letters only): 'Бвгдеж'. */
export function letterStamp(): string {
  const letters = 'бвгдежзиклмнпрстфхцч';
  const word = [...Date.now().toString(20).slice(-6)].map((digit) => letters[parseInt(digit, 20)]).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export type Ref = { Id: number; Name: string };

/** A new SRO under `name`, with the first register number from 700 that no other test has taken. */
export async function createSro(page: Page, name: string): Promise<Ref> {
  for (let number = 700; number < 1000; number++) {
    const response = await page.request.post('/api/v1/organizations/', {
      data: { Name: name, RegistryNumber: String(number) },
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    });
    if (response.ok()) return (await response.json()) as Ref;
  }
  throw new Error(`No free register number for ${name}`);
}

export async function createSchool(page: Page, name: string): Promise<Ref> {
  return (await apiPost(page, '/api/v1/schools/', { Name: name })) as Ref;
}

export async function createAddress(page: Page, value: string) {
  return (await apiPost(page, '/api/v1/dictionaries/addresses', { Value: value })) as { Id: number };
}

export type SavedIntern = { Id: number; Version: number } & Record<string, unknown>;

/** A new trainee saved through the API on the basis document № 1-П of 2026.01.10; `sections` as the card sends them. */
export async function createIntern(page: Page, sections: Record<string, unknown>): Promise<SavedIntern> {
  return (await apiPost(page, '/api/v1/interns/', {
    Intern: sections,
    Protocol: { number: '1-П', date: '2026-01-10' },
  })) as SavedIntern;
}

/** Saves sections of a trainee through the API as a change or a correction of its current version. */
export async function updateIntern(
  page: Page,
  intern: SavedIntern,
  sections: Record<string, unknown>,
  protocol: { number: string; date: string },
  isCorrecting = false,
): Promise<SavedIntern> {
  const response = await page.request.put(`/api/v1/interns/${intern.Id}`, {
    data: {
      IsCorrecting: isCorrecting,
      Intern: { Version: intern.Version, ...sections },
      Protocol: protocol,
    },
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  });
  if (!response.ok()) throw new Error(`PUT failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as SavedIntern;
}

/** Types a date `yyyy.MM.dd`, as every date field of the app shows it, into the date field labelled `label`. */
export async function fillDate(scope: Locator, label: string, value: string) {
  const field = scope.getByRole('group', { name: label, exact: true });
  await field.getByRole('spinbutton').first().click();
  await field.getByRole('spinbutton').first().pressSequentially(value.replace(/\D/g, ''));
  await expect(field.getByRole('spinbutton').last()).toHaveText(value.slice(-2));
}

/** Picks the option `option` of the searching picker labelled `label`, typing `term` to find it. */
export async function pick(scope: Locator, label: string, term: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).fill(term);
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

export function textbox(scope: Locator, label: string) {
  return scope.getByRole('textbox', { name: label, exact: true });
}

/** The card's side menu of sections. */
export function sectionMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Разделы карточки' });
}

/** Opens a section of the card from its side menu. */
export async function openSection(page: Page, title: string) {
  await sectionMenu(page)
    .getByRole('link', { name: new RegExp(`^${title}`) })
    .click();
}

/** Saves the card's changes on the basis document `number` of `date` (yyyy.MM.dd). */
export async function saveWithBasis(page: Page, button: string, number: string, date: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'Внесение изменений в реестр' });
  const save = dialog.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled();
  await textbox(dialog, 'Входящий номер').fill(number);
  await fillDate(dialog, 'Дата входящего документа', date);
  await expectNoSeriousA11yViolations(page);
  await save.click();
  await expect(dialog).toBeHidden();
}

/** The card's dialog of an entry, by its title: 'Добавить новую запись', 'Редактирование записи'… */
export function entryDialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}
