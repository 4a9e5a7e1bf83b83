import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import { fullName, personOf, rowOf, saveTrainee, uploadRows } from './import-review-data';
import { createSro, runLetters } from './imports-data';

const cumulativeNotice =
  'Для данного КИ не удалось однозначно распознать информацию о стажировке. Данная запись содержит объединённые данные по всем стажировкам.';

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('a row without an internship number goes into the internship the operator chooses', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Союз двух стажировок ${stamp}»`, 880);
  const person = personOf(`Лебедев${stamp} Олег Ильич`);
  const numbers = { older: `И${stamp}1`, later: `И${stamp}2` };
  const internship = (Id: number, RegistryNumber: string, StartedAt: string, Status: number) => ({
    Id,
    Organization: { Id: sro.Id, Name: '' },
    RegistryNumber,
    StartedAt,
    Status,
  });
  const id = await saveTrainee(
    page,
    person,
    {},
    {
      Internships: [
        internship(-2, numbers.older, '2019-03-01', 2),
        internship(-3, numbers.later, '2024-02-01', 3),
      ],
    },
  );
  // Matched by SNILS; the number's cell is empty, so either internship may be meant. The sample's start is 2025.03.15.
  const importId = await uploadRows(page, sro.Id, [rowOf(person, '')]);
  await page.goto(`/imports/${importId}`);
  await page.getByRole('link', { name: 'Начать обработку' }).click();

  // The row opens on its internship, merged into the latest and said to be merged from both.
  await expect(page.getByRole('heading', { level: 1, name: fullName(person) })).toBeVisible();
  const notice = page.getByText(cumulativeNotice);
  await expect(notice).toBeVisible();
  const choice = page.getByRole('combobox', { name: 'Стажировка, в которую внести запись' });
  await expectNoSeriousA11yViolations(page);
  await choice.click();
  await expect(page.getByRole('option')).toHaveText([
    `№ ${numbers.older} · начата 2019.03.01 · Прекращена`,
    `№ ${numbers.later} · начата 2024.02.01 · Завершена`,
  ]);
  await page.getByRole('option', { name: `№ ${numbers.older} · начата 2019.03.01 · Прекращена` }).click();

  // Opened again merged into the older one: the notice goes, the choice stays.
  await expect(page).toHaveURL(/\?internship=\d+$/);
  await expect(notice).toHaveCount(0);
  await expect(choice).toHaveText(`№ ${numbers.older} · начата 2019.03.01 · Прекращена`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('dialog', { name: 'Изменения успешно внесены' })).toBeVisible();

  await page.goto(`/interns/${id}/internships`);
  const older = page.getByRole('article', { name: new RegExp(numbers.older) });
  const later = page.getByRole('article', { name: new RegExp(numbers.later) });
  await expect(older).toContainText('2025.03.15');
  await expect(later).toContainText('2024.02.01');
  await expect(later).not.toContainText('2025.03.15');
  await expect(page.getByText(cumulativeNotice)).toHaveCount(0);
});
