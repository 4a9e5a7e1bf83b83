import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportStatus } from '@registry/shared';
import { accounts, dictionaryEntries, importChanges, mailJobs } from '../../../db/schema/index.js';
import { createMailer } from '../../../mail/mailer.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { createStoredImport } from '../../../test/imports.js';
import { acceptAll, reviewCallers, reviewCalls, reviewRows } from '../../../test/review.js';
import { startSmtpFake } from '../../../test/smtp.js';
import { uploadRows } from '../../../test/uploads.js';
import { readWorkbook } from '../../../test/workbook.js';

/*
 * The letters of imports, sent through a real SMTP peer (the smtp-server fake CI uses) by the outbox's
 * worker, whose rounds the tests run themselves on a clock they move: the SRO's representatives when an
 * import is processed or rejected as a whole, a failing server retried, and the operators' morning digest.
 */

const publicUrl = 'https://registry.example.org';
let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

function smtpMailer() {
  return createMailer({
    smtpUrl: smtp.url,
    from: 'Реестр стажёров <noreply@example.org>',
    outboxDir: '/nonexistent',
    log: pino({ level: 'silent' }),
  });
}

const lettersTo = (email: string) => smtp.received.filter((letter) => letter.to === email);

async function readSheet(content: Buffer) {
  const book = await readWorkbook(content);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
  return rows;
}

beforeAll(async () => {
  smtp = await startSmtpFake();
});
afterAll(() => smtp.close());

describe('letters to the SRO about its imports', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof reviewCallers>>;
  let calls: ReturnType<typeof reviewCalls>;
  let representatives: { id: number; email: string }[];
  /** Every account of the SRO: the two below and the review's representative. */
  let sroEmails: string[];
  const { newRow } = reviewRows(71_000, 'MAIL');

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: publicUrl }, mailer: smtpMailer(), clock });
    callers = await reviewCallers(t);
    calls = reviewCalls(t, callers.operator);
    const db = t.database.db;
    representatives = [
      await createAccount(db, { organizationId: callers.sro.id, fullName: 'Сидоров Пётр Ильич' }),
      await createAccount(db, { organizationId: callers.sro.id, fullName: 'Кузнецова Анна Юрьевна' }),
    ];
    const accountsOfSro = await db
      .select({ email: accounts.emailAddress })
      .from(accounts)
      .where(eq(accounts.organizationId, callers.sro.id));
    sroEmails = accountsOfSro.map((account) => account.email).sort();
    expect(sroEmails).toHaveLength(3);
  });
  afterAll(() => t.close());

  const detail = (importId: number, cookie = callers.operator) =>
    t.app.inject({ url: `/api/v1/imports/${importId}`, headers: { cookie } });

  async function accept(importId: number, changeId: number) {
    const review = (await calls.open(importId, changeId)).json();
    const response = await calls.submit(importId, changeId, 'new', acceptAll(review));
    expect(response.statusCode, response.body).toBe(200);
  }

  function rejectImport(importId: number, reason: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/imports/${importId}/reject`,
      headers: { cookie: callers.operator, ...clientHeaders },
      payload: { reason },
    });
  }

  it('mails each representative once when the last row is handled: the counts, the link and the rejected rows', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      newRow('Акимова'),
      newRow('Борисова'),
      newRow('Васильева'),
    ]);
    await accept(importId, changeIds[0]!);
    await t.app.mailWorker.runOnce();
    expect(smtp.received.filter((letter) => letter.subject.includes(`№ ${importId} `))).toEqual([]);
    expect((await calls.reject(importId, changeIds[1]!, 'Неверный СНИЛС')).statusCode).toBe(200);
    await accept(importId, changeIds[2]!);

    // Enqueued with the import's last row, in its transaction; sent by the worker's round.
    const waiting = (await detail(importId)).json().Mails;
    expect(waiting).toHaveLength(3);
    for (const mail of waiting)
      expect(mail).toMatchObject({ Kind: 'processed', Status: 'waiting', Attempts: 0 });
    await t.app.mailWorker.runOnce();
    await t.app.mailWorker.runOnce();

    const letters = smtp.received.filter((letter) => letter.subject.includes(`№ ${importId} `));
    expect(letters.map((letter) => letter.to).sort()).toEqual(sroEmails);
    for (const letter of letters) {
      expect(letter.subject).toMatch(
        new RegExp(`^Импорт № ${importId} от \\d{4}\\.\\d{2}\\.\\d{2} обработан$`),
      );
      const lines = letter.text.split('\n');
      expect(lines).toContain('Внесено в реестр: 2 строки.');
      expect(lines).toContain('Отклонено: 1 строка.');
      expect(lines).toContain(`Импорт в реестре: ${publicUrl}/imports/${importId}`);
      expect(letter.text).toContain('вх. № 17-вх от 2026.11.21');
      expect(letter.attachments.map((file) => file.filename)).toEqual([
        `Отклонённые записи импорта ${importId}.xlsx`,
      ]);
      const rows = await readSheet(letter.attachments[0]!.content);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain('Неверный СНИЛС');
      expect(rows[1]).toContain('Борисова');
    }

    const mails = (await detail(importId)).json().Mails;
    expect(mails).toHaveLength(3);
    for (const mail of mails) expect(mail).toMatchObject({ Status: 'sent', Attempts: 1, LastError: null });
    // The delivery is the operators' concern: a representative sees the import without it.
    expect((await detail(importId, callers.representative)).json().Mails).toEqual([]);
  });

  it('sends no attachment when every row was accepted', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      newRow('Галкина'),
    ]);
    await accept(importId, changeIds[0]!);
    await t.app.mailWorker.runOnce();
    const letters = smtp.received.filter((letter) => letter.subject.includes(`№ ${importId} `));
    expect(letters).toHaveLength(3);
    expect(letters[0]!.text.split('\n')).toContain('Отклонено: 0 строк.');
    expect(letters[0]!.attachments).toEqual([]);
  });

  it('counts the rows in conflict, and how each was handled, when a pre-filled file met newer edits', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      newRow('Зайцева'),
      newRow('Ильина'),
      newRow('Ковалёва'),
    ]);
    // The mark the reveal of a sent-back file leaves (change-file-export.routes.test.ts shows it set).
    await t.database.db
      .update(importChanges)
      .set({ isEditedOnBothSides: true })
      .where(inArray(importChanges.id, changeIds.slice(0, 2)));
    await accept(importId, changeIds[0]!);
    expect((await calls.reject(importId, changeIds[1]!, 'Оставлено значение реестра')).statusCode).toBe(200);
    await accept(importId, changeIds[2]!);
    await t.app.mailWorker.runOnce();
    const [letter] = smtp.received.filter((each) => each.subject.includes(`№ ${importId} `));
    expect(letter!.text.split('\n')).toContain(
      'С конфликтом (изменены и в файле, и в реестре после выгрузки): 2 строки, из них внесено 1, отклонено 1.',
    );
  });

  it('says nothing of conflicts when there were none', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [newRow('Лукина')]);
    await accept(importId, changeIds[0]!);
    await t.app.mailWorker.runOnce();
    const [letter] = smtp.received.filter((each) => each.subject.includes(`№ ${importId} `));
    expect(letter!.text).toContain('Внесено в реестр: 1 строка.');
    expect(letter!.text).not.toContain('С конфликтом');
  });

  it('mails the reason of a whole rejection with the rejection file', async () => {
    const db = t.database.db;
    const stored = await createStoredImport(db, {
      organizationId: callers.sro.id,
      importedById: representatives[0]!.id,
      rows: [
        { fullName: 'Дмитриев Олег Петрович', snils: null },
        { fullName: 'Егорова Нина Павловна', snils: null },
      ],
    });
    const rejected = await rejectImport(stored.id, 'Протокол не подписан председателем комиссии');
    expect(rejected.statusCode, rejected.body).toBe(200);
    await t.app.mailWorker.runOnce();

    const letters = smtp.received.filter((letter) => letter.subject.includes(`№ ${stored.id} `));
    expect(letters.map((letter) => letter.to).sort()).toEqual(sroEmails);
    for (const letter of letters) {
      expect(letter.subject).toMatch(/ отклонён$/);
      const lines = letter.text.split('\n');
      expect(lines).toContain('Причина: Протокол не подписан председателем комиссии');
      expect(lines).toContain('Внесено в реестр до отклонения: 0 строк.');
      expect(lines).toContain('Отклонено: 2 строки.');
      expect(letter.text).toContain('исх. № Исх-15 от 2026.11.20');
      expect(letter.attachments.map((file) => file.filename)).toEqual([
        `Отклонение импорта ${stored.id}.xlsx`,
      ]);
      const rows = await readSheet(letter.attachments[0]!.content);
      expect(rows.slice(1).map((row) => row[1])).toEqual(['Дмитриев Олег Петрович', 'Егорова Нина Павловна']);
    }
  });

  it('tries a letter the mail server refuses again later, keeping the error, then sends it once', async () => {
    const db = t.database.db;
    const [refused, other] = representatives as [{ id: number; email: string }, { email: string }];
    const stored = await createStoredImport(db, { organizationId: callers.sro.id, importedById: refused.id });
    smtp.refuse(refused.email, 1);
    expect((await rejectImport(stored.id, 'Файл не по шаблону')).statusCode).toBe(200);
    const ofImport = (email: string) =>
      lettersTo(email).filter((letter) => letter.subject.includes(`№ ${stored.id} `));

    await t.app.mailWorker.runOnce();
    expect(ofImport(refused.email)).toEqual([]);
    expect(ofImport(other.email)).toHaveLength(1);
    const waiting = (await detail(stored.id))
      .json()
      .Mails.find((mail: { EmailAddress: string }) => mail.EmailAddress === refused.email);
    expect(waiting).toMatchObject({ Status: 'waiting', Attempts: 1 });
    expect(waiting.LastError).toContain('Mailbox busy');
    // A minute later, not before: the round before then leaves it waiting.
    expect(Date.parse(waiting.NextAttemptAt) - clock().getTime()).toBeGreaterThan(50_000);
    await t.app.mailWorker.runOnce();
    expect(ofImport(refused.email)).toEqual([]);

    offsetMs += 61_000;
    await t.app.mailWorker.runOnce();
    await t.app.mailWorker.runOnce();
    expect(ofImport(refused.email)).toHaveLength(1);
    expect(ofImport(other.email)).toHaveLength(1);
    const sent = (await detail(stored.id))
      .json()
      .Mails.find((mail: { EmailAddress: string }) => mail.EmailAddress === refused.email);
    expect(sent).toMatchObject({ Status: 'sent', Attempts: 2, NextAttemptAt: null });
  });

  it('drops the letter of a processing undone before it went, and sends the next one', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [newRow('Жукова')]);
    expect((await calls.reject(importId, changeIds[0]!, 'Нет даты рождения')).statusCode).toBe(200);
    const returned = await t.app.inject({
      method: 'POST',
      url: `/api/v1/imports/${importId}/changes/${changeIds[0]}/return`,
      headers: { cookie: callers.operator, ...clientHeaders },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    await t.app.mailWorker.runOnce();
    expect(smtp.received.filter((letter) => letter.subject.includes(`№ ${importId} `))).toEqual([]);

    await accept(importId, changeIds[0]!);
    await t.app.mailWorker.runOnce();
    const letters = smtp.received.filter((letter) => letter.subject.includes(`№ ${importId} `));
    expect(letters).toHaveLength(3);
    expect(letters[0]!.text.split('\n')).toContain('Внесено в реестр: 1 строка.');
    const mails = (await detail(importId)).json().Mails;
    expect(mails.map((mail: { Status: string }) => mail.Status)).toEqual([
      ...['dropped', 'dropped', 'dropped'],
      ...['sent', 'sent', 'sent'],
    ]);
  });
});

describe('the operators’ morning digest', () => {
  let t: TestApp;
  let wanted: { id: number; email: string };
  let optedOut: { id: number; email: string };
  const imports: Record<string, number> = {};
  /** Moscow time (UTC+3) as the test's clock. */
  const moveTo = (moscow: string) => {
    offsetMs = Date.parse(`${moscow}+03:00`) - Date.now();
  };
  const digests = (email: string) => lettersTo(email).filter((letter) => letter.subject.startsWith('Сроки'));

  beforeAll(async () => {
    offsetMs = 0;
    t = await buildTestApp({ env: { PUBLIC_URL: publicUrl }, mailer: smtpMailer(), clock });
    const db = t.database.db;
    const sro = await createOrganization(db, { name: 'СРО «Северо-Запад»' });
    wanted = await createAccount(db, { fullName: 'Орлова Светлана Игоревна' });
    optedOut = await createAccount(db, { fullName: 'Лебедев Игорь Олегович' });
    const representative = await createAccount(db, { organizationId: sro.id });
    const end = (day: string) => new Date(`${day}T23:59:59.999+03:00`);
    const open = async (deadline: string, status: number = ImportStatus.Pending) =>
      (
        await createStoredImport(db, {
          organizationId: sro.id,
          importedById: representative.id,
          importedAt: new Date('2027-11-15T10:00:00+03:00'),
          deadlineAt: end(deadline),
          status,
        })
      ).id;
    imports.overdue = await open('2027-11-26');
    imports.tuesday = await open('2027-11-30');
    imports.wednesday = await open('2027-12-01');
    imports.thursday = await open('2027-12-02');
    imports.processed = await open('2027-11-26', ImportStatus.Processed);

    // The switch on the accounts screen: an operator turns another's digest off, and it stays off on an edit.
    const { cookie } = await loginAs(t.app, wanted.email, wanted.password);
    const update = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/operators/${optedOut.id}`,
        headers: { cookie, ...clientHeaders },
        payload: { FullName: 'Лебедев Игорь Олегович', EmailAddress: optedOut.email, ...payload },
      });
    expect((await update({ MorningDigest: false })).json()).toMatchObject({ MorningDigest: false });
    expect((await update({})).json()).toMatchObject({ MorningDigest: false });
  });
  afterAll(async () => {
    offsetMs = 0;
    await t.close();
  });

  const idsIn = (text: string) =>
    [...text.matchAll(/Импорт № (\d+) от/g)].map((match) => Number(match[1])).sort((a, b) => a - b);

  it('sends nothing on a weekend or before the hour', async () => {
    moveTo('2027-11-27T10:00:00');
    await t.app.mailWorker.runOnce();
    moveTo('2027-11-29T08:59:00');
    await t.app.mailWorker.runOnce();
    expect(digests(wanted.email)).toEqual([]);
  });

  it('lists the open imports past their deadline or due within two working days, once a morning, to who wants it', async () => {
    moveTo('2027-11-29T09:00:00');
    await t.app.mailWorker.runOnce();
    moveTo('2027-11-29T12:00:00');
    await t.app.mailWorker.runOnce();

    const [digest, ...more] = digests(wanted.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Сроки внесения импортов на 2027.11.29: 3 импорта');
    expect(idsIn(digest!.text)).toEqual([imports.overdue, imports.tuesday, imports.wednesday]);
    const lines = digest!.text.split('\n');
    expect(lines).toContain('Срок истёк — 1 импорт:');
    expect(lines).toContain('Срок истекает — 2 импорта:');
    expect(lines).toContain(`  ${publicUrl}/imports/${imports.overdue}`);
    expect(digest!.text).toContain('срок внесения до 2027.11.26 23:59, не обработано 1 строка из 1');
    expect(digest!.text).toContain('«Утренняя сводка о сроках импортов»');
    expect(digests(optedOut.email)).toEqual([]);
  });

  it('skips a holiday and counts the days after it', async () => {
    await t.database.db.insert(dictionaryEntries).values({ code: 'holidays', value: '2027-11-30' });
    moveTo('2027-11-30T10:00:00');
    await t.app.mailWorker.runOnce();
    expect(digests(wanted.email)).toHaveLength(1);

    moveTo('2027-12-01T09:30:00');
    await t.app.mailWorker.runOnce();
    const digest = digests(wanted.email)[1]!;
    // Wednesday: the next two working days are Thursday and Friday, so Thursday's import is due too.
    expect(idsIn(digest.text)).toEqual([
      imports.overdue,
      imports.tuesday,
      imports.wednesday,
      imports.thursday,
    ]);
    const jobs = await t.database.db
      .select({ status: mailJobs.status })
      .from(mailJobs)
      .where(eq(mailJobs.accountId, wanted.id));
    expect(jobs).toHaveLength(2);
  });
});
