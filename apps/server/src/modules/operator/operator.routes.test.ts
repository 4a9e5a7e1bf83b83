import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/index.js';
import { createMailer, type Mailer } from '../../mail/mailer.js';
import {
  emailOfLength,
  expectLengthLimit,
  expectOperatorsOnly,
  expectPages,
  expectError,
  textOfLength,
  useCallersApp,
  type Callers,
  type CallersTest,
} from '../../test/api.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../test/factories.js';
import { readMail } from '../../test/mail.js';
import { firstPasswordNotSent, passwordJustSent } from './operator.service.js';

const publicUrl = 'https://registry.example.org';

let t: TestApp;
let callers: Callers;
let asOperator: CallersTest['asOperator'];
useCallersApp((test) => ({ t, callers, asOperator } = test), { env: { PUBLIC_URL: publicUrl } });

function create(payload: object, app = t) {
  return app.app.inject({ method: 'POST', url: '/api/v1/operators/', headers: callers.asOperator, payload });
}

function update(id: number, payload: object, headers = callers.asOperator) {
  return t.app.inject({ method: 'PUT', url: `/api/v1/operators/${id}`, headers, payload });
}

function generatePassword(app: TestApp, id: number, headers: Record<string, string>) {
  return app.app.inject({ method: 'POST', url: `/api/v1/operators/${id}/generate-password`, headers });
}

const session = async (app: TestApp, cookie: string) =>
  (await app.app.inject({ url: '/api/v1/account', headers: { cookie } })).json();

const passwordIn = (text: string) => /^Пароль: (\S+)$/m.exec(text)?.[1];

function loginStatus(app: TestApp, email: string, password: string) {
  return app.app
    .inject({
      method: 'POST',
      url: '/api/v1/account/login',
      headers: clientHeaders,
      payload: { Id: email, Password: password },
    })
    .then((response) => response.statusCode);
}

describe('who may call', () => {
  it('lets only operators list, create and edit accounts and send passwords', async () => {
    const account = await createAccount(t.database.db);
    await expectOperatorsOnly(t, callers, [
      { method: 'GET', url: '/api/v1/operators/search?term=иванова' },
      {
        method: 'POST',
        url: '/api/v1/operators/',
        payload: { FullName: 'Новый Оператор', EmailAddress: 'new.op@example.org' },
      },
      {
        method: 'PUT',
        url: `/api/v1/operators/${account.id}`,
        payload: { FullName: 'Переименованный', EmailAddress: account.email },
      },
      { method: 'POST', url: `/api/v1/operators/${account.id}/generate-password` },
    ]);
  });
});

describe('POST /api/v1/operators/', () => {
  it('creates an operator when no SRO is given', async () => {
    const response = await create({
      FullName: ' Петров Пётр Петрович ',
      EmailAddress: ' Petrov@Example.org ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      Id: expect.any(Number),
      FullName: 'Петров Пётр Петрович',
      EmailAddress: 'Petrov@Example.org',
      Organization: null,
      MorningDigest: true,
    });
  });

  it('creates an SRO representative when an SRO is given', async () => {
    const sro = await createOrganization(t.database.db, { name: 'СРО «Представительское»' });
    const response = await create({
      FullName: 'Сидорова Анна',
      EmailAddress: 'sidorova@sro.example',
      Organization: { Id: sro.id, Name: 'ignored' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().Organization).toEqual({ Id: sro.id, Name: 'СРО «Представительское»' });
  });

  it('requires a full name of at most 300 characters and an e-mail of at most 200', async () => {
    const empty = await create({ FullName: '', EmailAddress: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Info).toEqual([
      '«FullName»: Данное поле обязательно для заполнения',
      '«EmailAddress»: Данное поле обязательно для заполнения',
    ]);
    let n = 0;
    await expectLengthLimit('FullName', 300, (length) =>
      create({ FullName: textOfLength(length), EmailAddress: `long.name.${++n}@example.org` }),
    );
    await expectLengthLimit('EmailAddress', 200, (length) =>
      create({ FullName: 'Длинная Почта', EmailAddress: emailOfLength(length, 'long.mail.') }),
    );
  });

  it('refuses a malformed e-mail', async () => {
    for (const EmailAddress of ['ivanov', 'ivanov@', 'ivanov@mail', 'иван@почта']) {
      const response = await create({ FullName: 'Иванов', EmailAddress });
      expect(response.statusCode, EmailAddress).toBe(400);
      expect(response.json().Info).toEqual(['«EmailAddress»: Неверный адрес электронной почты']);
    }
  });

  it('refuses, with 409, an e-mail another account logs in with, in any case', async () => {
    await create({ FullName: 'Первый', EmailAddress: 'same.login@example.org' });
    const response = await create({ FullName: 'Второй', EmailAddress: 'SAME.Login@example.org' });
    expectError(response, 409, 'Учётная запись с адресом SAME.Login@example.org уже существует');
  });

  it('refuses an SRO that does not exist', async () => {
    const response = await create({
      FullName: 'Потерянный',
      EmailAddress: 'lost@example.org',
      Organization: { Id: 999_999 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual(['«Organization»: СРО не найдено']);
  });

  it('mails the new account its first password, which logs in', async () => {
    const sentBefore = t.mailer.sent.length;
    const created = (
      await create({ FullName: 'Новый Пользователь', EmailAddress: 'first.password@example.org' })
    ).json();
    expect(t.mailer.sent).toHaveLength(sentBefore + 1);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('first.password@example.org');
    expect(mail.text.split('\n')).toContain('Логин: first.password@example.org');
    const password = passwordIn(mail.text)!;
    expect(await loginStatus(t, 'first.password@example.org', password)).toBe(200);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, created.Id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('PUT /api/v1/operators/{id}', () => {
  it('changes the name, the e-mail and the role, effective in open sessions at once', async () => {
    const sro = await createOrganization(t.database.db, { name: 'СРО «Новое место»' });
    const account = await createAccount(t.database.db);
    const { cookie } = await loginAs(t.app, account.email, account.password);
    expect((await session(t, cookie)).IsOperator).toBe(true);

    const response = await update(account.id, {
      FullName: 'Смирнова Ольга',
      EmailAddress: 'smirnova@sro.example',
      Organization: { Id: sro.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Id: account.id,
      FullName: 'Смирнова Ольга',
      EmailAddress: 'smirnova@sro.example',
      Organization: { Id: sro.id, Name: 'СРО «Новое место»' },
      MorningDigest: true,
    });
    expect(await session(t, cookie)).toMatchObject({ IsOperator: false, Organization: { Id: sro.id } });

    const back = await update(account.id, {
      FullName: 'Смирнова Ольга',
      EmailAddress: 'smirnova@sro.example',
      Organization: null,
    });
    expect(back.json().Organization).toBeNull();
    expect((await session(t, cookie)).IsOperator).toBe(true);
  });

  it('does not let an operator take away their own operator rights', async () => {
    const response = await update(callers.operator.id, {
      FullName: callers.operator.fullName,
      EmailAddress: callers.operator.email,
      Organization: { Id: callers.organization.id },
    });
    expectError(response, 409, 'Нельзя лишить прав оператора собственную учётную запись');
    expect((await session(t, callers.asOperator.cookie)).IsOperator).toBe(true);

    const renamed = await update(callers.operator.id, {
      FullName: 'Оператор, сменивший имя',
      EmailAddress: callers.operator.email,
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('applies the limits and the uniqueness of creation', async () => {
    const account = await createAccount(t.database.db);
    await expectLengthLimit('FullName', 300, (n) =>
      update(account.id, { FullName: textOfLength(n), EmailAddress: account.email }),
    );
    await expectLengthLimit('EmailAddress', 200, (n) =>
      update(account.id, { FullName: 'Имя', EmailAddress: emailOfLength(n, 'put.') }),
    );
    const malformed = await update(account.id, { FullName: 'Имя', EmailAddress: 'a@b' });
    expect(malformed.json().Info).toEqual(['«EmailAddress»: Неверный адрес электронной почты']);
    const empty = await update(account.id, { FullName: ' ', EmailAddress: '' });
    expect(empty.json().Info).toEqual([
      '«FullName»: Данное поле обязательно для заполнения',
      '«EmailAddress»: Данное поле обязательно для заполнения',
    ]);
    const taken = await update(account.id, {
      FullName: 'Имя',
      EmailAddress: callers.representative.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    const unknownSro = await update(account.id, {
      FullName: 'Имя',
      EmailAddress: account.email,
      Organization: { Id: 999_999 },
    });
    expect(unknownSro.json().Info).toEqual(['«Organization»: СРО не найдено']);
  });

  it('answers 404 for an account that does not exist', async () => {
    const response = await update(999_999, { FullName: 'Никто', EmailAddress: 'nobody@example.org' });
    expectError(response, 404, 'Учётная запись не найдена');
  });
});

describe('GET /api/v1/operators/search', () => {
  beforeAll(async () => {
    await create({ FullName: 'Ёжикова Алёна Сергеевна', EmailAddress: 'hedgehog@sro.example' });
    await create({ FullName: 'Кузнецов Артём', EmailAddress: 'A.Kuznetsov@Registry.example' });
  });

  const names = (term: string) => asOperator.found('/api/v1/operators/search', term, 'FullName');

  it('finds by parts of the name in any case, with ё read as е', async () => {
    expect(await names('ежикова')).toEqual(['Ёжикова Алёна Сергеевна']);
    expect(await names('АЛЕНА ЁЖИК')).toEqual(['Ёжикова Алёна Сергеевна']);
    expect(await names('артем')).toEqual(['Кузнецов Артём']);
  });

  it('finds by the e-mail in any case', async () => {
    expect(await names('kuznetsov@registry')).toEqual(['Кузнецов Артём']);
    expect(await names('HEDGEHOG')).toEqual(['Ёжикова Алёна Сергеевна']);
  });

  it('shows each account’s SRO and never a password', async () => {
    const response = await t.app.inject({
      url: `/api/v1/operators/search?term=${encodeURIComponent(callers.representative.email)}`,
      headers: callers.asOperator,
    });
    expect(response.json().Results).toEqual([
      {
        Id: callers.representative.id,
        FullName: callers.representative.fullName,
        EmailAddress: callers.representative.email,
        Organization: { Id: callers.organization.id, Name: callers.organization.name },
        MorningDigest: true,
      },
    ]);
    expect(response.body).not.toMatch(/password|argon/i);
  });

  it('answers in pages of 20', async () => {
    for (let i = 0; i < 22; i++)
      await create({ FullName: `Постраничный ${i}`, EmailAddress: `paged.${i}@example.org` });
    await expectPages(
      t,
      callers.asOperator,
      (page) => `/api/v1/operators/search?term=постраничный&page=${page}`,
      22,
    );
  });
});

describe('POST /api/v1/operators/{id}/generate-password', () => {
  it('e-mails a new password that logs in, and ends the old password and every old session', async () => {
    const sro = await createOrganization(t.database.db, { name: 'СРО «Почтовое»' });
    const account = await createAccount(t.database.db, {
      email: 'Mail.Me@sro.example',
      organizationId: sro.id,
    });
    const before = await loginAs(t.app, account.email, account.password);
    const sentBefore = t.mailer.sent.length;

    const response = await generatePassword(t, account.id, callers.asOperator);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect(t.mailer.sent).toHaveLength(sentBefore + 1);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('Mail.Me@sro.example');
    expect(mail.subject).toBe('Доступ к реестру стажёров');
    const lines = mail.text.split('\n');
    expect(lines).toContain('Логин: Mail.Me@sro.example');
    expect(lines).toContain(`Адрес: ${publicUrl}`);
    const password = passwordIn(mail.text);
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);

    expect((await session(t, before.cookie)).IsAuthenticated).toBe(false);
    expect(await loginStatus(t, account.email, account.password)).toBe(401);
    const after = await loginAs(t.app, account.email, password!);
    expect(await session(t, after.cookie)).toMatchObject({ IsAuthenticated: true, IsOperator: false });

    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(password);
    expect(JSON.stringify(t.logLines())).not.toContain(password);
  });

  /** As if the last password had been sent a minute ago. */
  const aMinuteLater = (id: number) =>
    t.database.db
      .update(accounts)
      .set({ passwordSentAt: sql`now() - interval '1 minute'` })
      .where(eq(accounts.id, id));

  it('gives a different password each time', async () => {
    const account = await createAccount(t.database.db);
    await generatePassword(t, account.id, callers.asOperator);
    const first = passwordIn(t.mailer.sent.at(-1)!.text);
    await aMinuteLater(account.id);
    await generatePassword(t, account.id, callers.asOperator);
    const second = passwordIn(t.mailer.sent.at(-1)!.text);
    expect(first).not.toBe(second);
    expect(await loginStatus(t, account.email, first!)).toBe(401);
    expect(await loginStatus(t, account.email, second!)).toBe(200);
  });

  it('sends one password when two requests for it arrive at once', async () => {
    const account = await createAccount(t.database.db);
    const sentBefore = t.mailer.sent.length;
    const statuses = await Promise.all(
      [1, 2].map(async () => (await generatePassword(t, account.id, callers.asOperator)).statusCode),
    );
    expect(statuses.sort()).toEqual([204, 409]);
    expect(t.mailer.sent).toHaveLength(sentBefore + 1);
    expect(await loginStatus(t, account.email, passwordIn(t.mailer.sent.at(-1)!.text)!)).toBe(200);
    const again = await generatePassword(t, account.id, callers.asOperator);
    expectError(again, 409, passwordJustSent(account.email));
  });

  it('sends a new password at once to a corrected e-mail address', async () => {
    const account = await createAccount(t.database.db, { email: 'typo@sro.example' });
    await generatePassword(t, account.id, callers.asOperator);
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/operators/${account.id}`,
      headers: callers.asOperator,
      payload: { FullName: account.fullName, EmailAddress: 'right@sro.example' },
    });
    expect(corrected.statusCode).toBe(200);
    expect((await generatePassword(t, account.id, callers.asOperator)).statusCode).toBe(204);
    expect(t.mailer.sent.at(-1)!.to).toBe('right@sro.example');
  });

  it('answers 404 for an account that does not exist, sending nothing', async () => {
    const sentBefore = t.mailer.sent.length;
    const response = await generatePassword(t, 999_999, callers.asOperator);
    expect(response.statusCode).toBe(404);
    expect(t.mailer.sent).toHaveLength(sentBefore);
  });
});

describe('the password letter on the wire', () => {
  // One app whose mailer a test can point at a real SMTP peer, the outbox or a broken server.
  let mailer: Mailer;
  let app: TestApp;
  let operator: Record<string, string>;
  const log = pino({ level: 'silent' });
  const from = 'Реестр стажёров <noreply@registry.example.org>';

  beforeAll(async () => {
    app = await buildTestApp({
      env: { PUBLIC_URL: publicUrl },
      mailer: { send: (message) => mailer.send(message) },
    });
    const account = await createAccount(app.database.db);
    operator = { ...clientHeaders, ...(await loginAs(app.app, account.email, account.password)) };
  });
  afterAll(() => app.close());

  it('reaches a real SMTP server, readable, with a password that logs in', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, smtpSession, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: smtpSession.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, outboxDir: '/nonexistent', log });
      const account = await createAccount(app.database.db, { email: 'smtp.reader@sro.example' });

      expect((await generatePassword(app, account.id, operator)).statusCode).toBe(204);

      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['smtp.reader@sro.example']);
      const mail = readMail(received[0]!.raw);
      expect(mail.subject).toBe('Доступ к реестру стажёров');
      expect(mail.to).toBe('smtp.reader@sro.example');
      expect(mail.text.split('\n')).toContain('Логин: smtp.reader@sro.example');
      expect(mail.text).toContain(publicUrl);
      const password = passwordIn(mail.text);
      expect(password).toBeDefined();
      expect(await loginStatus(app, account.email, password!)).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('is written to the outbox as an .eml file when no SMTP server is set', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'registry-outbox-'));
    try {
      mailer = createMailer({ smtpUrl: undefined, from, outboxDir, log });
      const account = await createAccount(app.database.db, { email: 'outbox.reader@sro.example' });

      expect((await generatePassword(app, account.id, operator)).statusCode).toBe(204);

      const files = await readdir(outboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = readMail(await readFile(path.join(outboxDir, files[0]!), 'utf8'));
      expect(mail.subject).toBe('Доступ к реестру стажёров');
      expect(mail.text.split('\n')).toContain('Логин: outbox.reader@sro.example');
      const password = passwordIn(mail.text);
      expect(await loginStatus(app, account.email, password!)).toBe(200);
    } finally {
      await rm(outboxDir, { recursive: true, force: true });
    }
  });

  it('creates the account and says so when its first letter cannot be sent', async () => {
    mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from, outboxDir: '/nonexistent', log });
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/v1/operators/',
      headers: operator,
      payload: { FullName: 'Без письма', EmailAddress: 'unsent@example.org' },
    });
    expectError(response, 502, firstPasswordNotSent('unsent@example.org'));
    const [row] = await app.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.emailAddress, 'unsent@example.org'));
    expect(row).toMatchObject({ fullName: 'Без письма', passwordHash: null });
  });

  it('keeps the old password when the letter cannot be sent', async () => {
    mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from, outboxDir: '/nonexistent', log });
    const account = await createAccount(app.database.db);
    const before = await loginAs(app.app, account.email, account.password);

    const response = await generatePassword(app, account.id, operator);
    expectError(
      response,
      502,
      'Не удалось отправить письмо с паролем. Пароль не изменён, повторите попытку позже.',
    );
    expect(await loginStatus(app, account.email, account.password)).toBe(200);
    expect((await session(app, before.cookie)).IsAuthenticated).toBe(true);
  });
});
