import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, loginAsAdmin } from './fixtures';
import { acceptRow, personOf, rowOf, saveTrainee, uploadRows, waitingRowIds } from './import-review-data';
import { createSro, runLetters } from './imports-data';

/*
 * The operator's widest screens on a 1366×768 laptop, the most common screen of the registry's operators
 * (issue #34): none scrolls sideways, and an import's tables stay inside their cards.
 */

test.use({ viewport: { width: 1366, height: 768 } });

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

/**
 * How wide the page is laid out, beside the window's width, and the innermost elements that reach past the
 * window, to say in a failure what to narrow.
 */
const pageWidths = (page: Page) =>
  page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const past = [...document.querySelectorAll('body *')].filter(
      (element) => element.getBoundingClientRect().right > innerWidth + 0.5,
    );
    const innermost = past.filter(
      (element) => !past.some((other) => other !== element && element.contains(other)),
    );
    return {
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth,
      past: innermost.slice(0, 5).map((element) => {
        const text = (element.textContent ?? '').slice(0, 40);
        return `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')} «${text}» → ${Math.round(element.getBoundingClientRect().right)}`;
      }),
    };
  });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth, past } = await pageWidths(page);
  expect(
    scrollWidth,
    `the page is ${scrollWidth} px wide in a ${innerWidth} px window: ${past.join('; ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** The first load of a screen on a busy two-core machine: a lazy screen's code, then its data. */
const firstLoad = { timeout: 30_000 };

/** The card (an outlined paper) headed by `name`. */
const card = (page: Page, name: string) =>
  page.locator('div.MuiPaper-root').filter({ has: page.getByRole('heading', { name }) });

/** Nothing spills out of the card: a table too wide for it scrolls inside it. */
async function expectInsideCard(section: Locator) {
  const { scrollWidth, clientWidth } = await section.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(
    scrollWidth,
    `the card's content is ${scrollWidth} px wide in ${clientWidth} px`,
  ).toBeLessThanOrEqual(clientWidth);
}

/**
 * An import of two rows with long names, a long e-mail address and a long reason, its first row matching a
 * trainee in the register; the rows wait.
 */
async function waitingImport(page: Page) {
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(
    page,
    `СРО «Союз кадастровых инженеров северо-западного региона ${stamp}»`,
    870,
  );
  const accepted = personOf(`Константинопольский${stamp} Александр Владиславович`);
  const rejected = personOf(`Преображенская${stamp} Александра Константиновна`);
  await saveTrainee(page, accepted);
  const importId = await uploadRows(page, sro.Id, [
    {
      ...rowOf(accepted, `СТ-${stamp}-1`),
      'Адрес электронной почты':
        'konstantinopolskiy.aleksandr.vladislavovich@kadastr-severo-zapad.example.org',
    },
    rowOf(rejected, `СТ-${stamp}-2`),
  ]);
  const [acceptedRow, rejectedRow] = (await waitingRowIds(page, importId)) as [number, number];
  return { importId, acceptedRow, rejectedRow };
}

test('the row review fits a 1366 px window', async ({ page }) => {
  const { importId, acceptedRow } = await waitingImport(page);
  await page.goto(`/imports/${importId}/process/${acceptedRow}`);
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeVisible(firstLoad);
  await expectNoSidewaysScroll(page);
});

test('the audit journal fits a 1366 px window', async ({ page }) => {
  // Events with long details and names: an upload, and a card opened.
  await waitingImport(page);
  await page.goto('/audit');
  await expect(page.getByRole('row').nth(3)).toBeVisible(firstLoad);
  await expectNoSidewaysScroll(page);
});

test('an import’s processed and rejected rows stay inside their cards at 1366 px', async ({ page }) => {
  const { importId, acceptedRow, rejectedRow } = await waitingImport(page);
  await acceptRow(page, importId, acceptedRow);
  await apiPost(page, `/api/v1/imports/${importId}/changes/${rejectedRow}/reject`, {
    reason: 'Сведения о стажировке не совпадают с договором, представленным саморегулируемой организацией',
  });

  await page.goto(`/imports/${importId}`);
  const finished = card(page, 'Обработанные записи');
  const rejected = card(page, 'Отклонённые записи');
  await expect(finished.getByRole('row')).toHaveCount(2, firstLoad);
  await expect(rejected.getByRole('row')).toHaveCount(2);
  await expectInsideCard(finished);
  await expectInsideCard(rejected);
  await expectNoSidewaysScroll(page);
});
