import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs } from '../../../db/schema/index.js';
import { MailJobStatus } from '../../../mail/outbox.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { createStoredImport } from '../../../test/imports.js';
import { loginOver, startServers } from '../../../test/server-process.js';
import { startSmtpFake } from '../../../test/smtp.js';
import { openTestDatabase } from '../../../test/test-database.js';

/*
 * Two app processes on one PostgreSQL, each running its mail worker as `npm start` does, send each letter once:
 * imports rejected through both at once give every representative one letter each, whichever process claimed
 * it. PGlite lives inside one process, so this runs on PostgreSQL only (CI runs the suite on both). Nothing
 * waits on the clock: the test waits until the outbox says every letter went, then stops both processes, so
 * that a letter sent twice would be in the fake server by then.
 */

const IMPORTS = 8;

describe.runIf(process.env.TEST_DATABASE_URL)('mail across two app processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
  let processes: Awaited<ReturnType<typeof startServers>> | undefined;

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpFake();
  });

  afterAll(async () => {
    await processes?.stop();
    await smtp?.close();
    await database?.close();
  });

  it('sends each representative one letter per import, whichever process handled it', async () => {
    const db = database.db;
    const sro = await createOrganization(db);
    const representatives = [
      await createAccount(db, { organizationId: sro.id }),
      await createAccount(db, { organizationId: sro.id }),
      await createAccount(db, { organizationId: sro.id }),
    ];
    const operator = await createAccount(db);
    const importIds: number[] = [];
    for (let i = 0; i < IMPORTS; i++) {
      importIds.push(
        (await createStoredImport(db, { organizationId: sro.id, importedById: representatives[0]!.id })).id,
      );
    }
    processes = await startServers(2, {
      DATABASE_URL: database.url!,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://registry.example.org',
    });
    const servers = await Promise.all(
      processes.servers.map(async ({ port }) => {
        const login = await loginOver(port, operator.email, operator.password);
        return { port, cookie: login.headers.getSetCookie()[0]!.split(';')[0]! };
      }),
    );

    const statuses = await Promise.all(
      importIds.map(async (id, i) => {
        const { port, cookie } = servers[i % 2]!;
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/imports/${id}/reject`, {
          method: 'POST',
          headers: { cookie, 'x-registry-client': 'web', 'content-type': 'application/json' },
          body: JSON.stringify({ reason: `Отклонён ${i}` }),
        });
        return response.status;
      }),
    );
    expect(statuses).toEqual(importIds.map(() => 200));

    const letters = IMPORTS * representatives.length;
    const sent = async () =>
      (
        await db
          .select({ n: count() })
          .from(mailJobs)
          .where(and(eq(mailJobs.kind, 'import-rejected'), eq(mailJobs.status, MailJobStatus.Sent)))
      )[0]!.n;
    while ((await sent()) < letters) await new Promise((resolve) => setTimeout(resolve, 200));
    await processes.stop();
    processes = undefined;

    const rejections = smtp.received.filter((letter) => letter.subject.endsWith(' отклонён'));
    expect(rejections).toHaveLength(letters);
    const pairs = new Set(rejections.map((letter) => `${letter.to} ${letter.subject}`));
    expect(pairs.size).toBe(letters);
    for (const account of representatives) {
      expect(rejections.filter((letter) => letter.to === account.email)).toHaveLength(IMPORTS);
    }
    // Claimed once each: no process took a letter another was sending.
    const [once] = await db
      .select({ n: count() })
      .from(mailJobs)
      .where(and(eq(mailJobs.kind, 'import-rejected'), eq(mailJobs.attempts, 1)));
    expect(once!.n).toBe(letters);
  });
});
