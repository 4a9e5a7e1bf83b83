import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: what a public registry is held to. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits for the transitions that end (a dialog fading in), so that colours are read at their final opacity;
 * at most two seconds, for an animation that never gets to its end.
 */
async function settleTransitions(page: Page) {
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined));
    return Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/** The screen's path, and the open dialog's title: where a fault is. */
async function describe(page: Page, hasDialog: boolean) {
  const path = new URL(page.url()).pathname;
  if (!hasDialog) return path;
  const [title = ''] = await page.getByRole('dialog').first().getByRole('heading').allTextContents();
  return `${path}, dialog «${title}»`;
}

/**
 * Checks what the page shows with axe-core and fails the test on any serious or critical WCAG 2.1 A/AA
 * fault, naming each rule and the elements it found. With a dialog open only the dialog is checked: the
 * screen behind it is inert and is checked on its own. The failure is soft, so that one screen's fault does
 * not hide those of the screens the test goes on to show.
 */
export async function expectNoSeriousA11yViolations(page: Page, label?: string) {
  await settleTransitions(page);
  const dialog = page.getByRole('dialog');
  const hasDialog = (await dialog.count()) > 0;
  // Legacy mode runs axe in the page itself: the default opens a blank page beside it for every check, which
  // costs seconds here and fails in a page opened by browser.newPage(). It misses only cross-origin frames,
  // and the app has none. Only the violations' elements are gathered: the passes' are not read.
  const builder = new AxeBuilder({ page })
    .withTags(wcagTags)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  if (hasDialog) builder.include('[role="dialog"]');
  const { violations } = await builder.analyze();
  const faults = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
    );
  const where = label ?? (await describe(page, hasDialog));
  expect.soft(faults, `serious accessibility faults on ${where}:\n${faults.join('\n')}`).toEqual([]);
}
