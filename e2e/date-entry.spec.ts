import { expect, test, type Locator } from '@playwright/test';
import { loginAsAdmin } from './fixtures';

/*
 * A date typed whole after a click anywhere in an empty date field fills the whole date, from the year
 * (issue #34: a click in the middle and «20240203» left «ГГГГ.ММ.03» and an empty value, without a word).
 */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

/** What the field shows: its sections and separators, without the marks that keep their direction. */
const shownDate = (field: Locator) =>
  field.evaluate((element) => (element.textContent ?? '').replace(/[^\dГМД.]/g, ''));

for (const [screen, path] of [
  ['the journal', '/audit'],
  ['the statistics', '/stats'],
  ['the documents', '/documents'],
] as const) {
  test(`a date typed after a click on the day of an empty field fills the whole date: ${screen}`, async ({
    page,
  }) => {
    await page.goto(path);
    const from = page.getByRole('group', { name: /^С(\s*\*)?$/ });
    await expect(from).toBeVisible({ timeout: 30_000 });
    expect(await shownDate(from)).toBe('ГГГГ.ММ.ДД');

    await from.getByRole('spinbutton', { name: 'День' }).click();
    await page.keyboard.type('20240203');
    await expect.poll(() => shownDate(from)).toBe('2024.02.03');
    await expect(page.getByText('Неверная дата')).toHaveCount(0);

    // A click into a field that holds a date picks the section clicked, as before.
    await page.getByRole('heading', { level: 1 }).click();
    await from.getByRole('spinbutton', { name: 'День' }).click();
    await page.keyboard.type('05');
    await expect.poll(() => shownDate(from)).toBe('2024.02.05');
  });
}
