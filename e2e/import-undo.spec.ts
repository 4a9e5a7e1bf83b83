import { expect, test, type Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../packages/shared/src/http';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiPost, loginAsAdmin } from './fixtures';
import {
  acceptRow,
  fullName,
  personOf,
  rowOf,
  saveTrainee,
  uploadRows,
  waitingRowIds,
} from './import-review-data';
import { createSro, runLetters } from './imports-data';

/* 'Вернуть в обработку' and 'Отменить внесение' on an import's page (docs/row-review.md «Возврат и отмена»). */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

type Card = { Version: number; PersonalInfo: Record<string, unknown>[]; Internships: unknown[] };
const cardOf = async (page: Page, id: number) =>
  (await (await page.request.get(`/api/v1/interns/${id}`)).json()) as Card;

/**
 * A trainee with a phone, and a file of three rows: one changing that trainee (its phone stays, its
 * internship is added), one accepted into the same trainee then followed by a card save, one rejected.
 */
async function handledImport(page: Page) {
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Союз отмены ${stamp}»`, 810);
  const trainee = personOf(`Жданов${stamp} Олег Ильич`);
  const traineeId = await saveTrainee(page, trainee, { Contacts: { PhoneNumber: '+7 900 000-00-02' } });
  const later = personOf(`Зимин${stamp} Павел Ильич`);
  const laterId = await saveTrainee(page, later);
  const rejected = personOf(`Игнатов${stamp} Лев Маркович`);
  const importId = await uploadRows(page, sro.Id, [
    rowOf(trainee, `СТ-${stamp}-1`),
    rowOf(later, `СТ-${stamp}-2`),
    rowOf(rejected, `СТ-${stamp}-3`),
  ]);
  const [traineeRow, laterRow, rejectedRow] = (await waitingRowIds(page, importId)) as [
    number,
    number,
    number,
  ];
  const before = await cardOf(page, traineeId);
  await acceptRow(page, importId, traineeRow);
  await acceptRow(page, importId, laterRow);
  // The second trainee is changed by hand after the accept: its undo is refused.
  const changed = await cardOf(page, laterId);
  const edit = await page.request.put(`/api/v1/interns/${laterId}`, {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    data: {
      IsCorrecting: false,
      Intern: { Version: changed.Version, PersonalInfo: [{ ...changed.PersonalInfo[0], FirstName: 'Пётр' }] },
      Protocol: { number: '91-П', date: '2026-11-24' },
    },
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  await apiPost(page, `/api/v1/imports/${importId}/changes/${rejectedRow}/reject`, { reason: 'Дубликат' });
  return { importId, traineeId, before, trainee, later: { ...later, firstName: 'Пётр' }, rejected };
}

const section = (page: Page, name: string) =>
  page.locator('div.MuiPaper-root').filter({ has: page.getByRole('heading', { name }) });

test('returns a rejected row and undoes an accepted one, refusing the undo of a trainee changed since', async ({
  page,
}) => {
  const { importId, traineeId, before, trainee, later, rejected } = await handledImport(page);
  await page.goto(`/imports/${importId}`);
  const pending = section(page, 'Записи, ожидающие обработки');
  const finished = section(page, 'Обработанные записи');
  const rejectedRows = section(page, 'Отклонённые записи');
  await expect(pending).toContainText('Все записи были обработаны');

  // 'Вернуть в обработку': the rejected row waits again.
  await rejectedRows
    .getByRole('row', { name: new RegExp(rejected.lastName) })
    .getByRole('button', { name: 'Вернуть в обработку' })
    .click();
  const returnDialog = page.getByRole('dialog', { name: 'Вернуть запись в обработку?' });
  await expect(returnDialog).toContainText(fullName(rejected));
  await expectNoSeriousA11yViolations(page);
  await returnDialog.getByRole('button', { name: 'Вернуть в обработку' }).click();
  await expect(returnDialog).toBeHidden();
  await expect(pending.getByRole('link', { name: fullName(rejected) })).toBeVisible();
  await expect(rejectedRows).toContainText('Записей нет');

  // 'Отменить внесение' of a trainee changed since: refused, saying by what.
  await finished
    .getByRole('row', { name: new RegExp(later.lastName) })
    .getByRole('button', { name: 'Отменить внесение' })
    .click();
  await page
    .getByRole('dialog', { name: 'Отменить внесение записи?' })
    .getByRole('button', { name: 'Отменить внесение' })
    .click();
  const refusal = page.getByRole('dialog', { name: 'При отмене внесения произошла ошибка' });
  await expect(refusal).toContainText(
    'Стажёр изменён после внесения этой записи (основание «91-П» от 2026.11.24',
  );
  await refusal.getByRole('button', { name: 'Закрыть' }).click();
  await expect(finished.getByRole('row', { name: new RegExp(later.lastName) })).toBeVisible();

  // 'Отменить внесение': the row waits again, the trainee is as before the accept.
  await finished
    .getByRole('row', { name: new RegExp(trainee.lastName) })
    .getByRole('button', { name: 'Отменить внесение' })
    .click();
  const undoDialog = page.getByRole('dialog', { name: 'Отменить внесение записи?' });
  await expectNoSeriousA11yViolations(page);
  await undoDialog.getByRole('button', { name: 'Отменить внесение' }).click();
  await expect(undoDialog).toBeHidden();
  await expect(pending.getByRole('link', { name: fullName(trainee) })).toBeVisible();
  await expect(finished.getByRole('row', { name: new RegExp(trainee.lastName) })).toHaveCount(0);
  const after = await cardOf(page, traineeId);
  expect(after.PersonalInfo).toEqual(before.PersonalInfo);
  expect(after.Internships).toEqual([]);

  // The card's documents name the undo.
  await page.goto(`/interns/${traineeId}/documents`);
  await expect(page.getByText('Отмена внесения по импорту №77-вх от').first()).toBeVisible();
});
