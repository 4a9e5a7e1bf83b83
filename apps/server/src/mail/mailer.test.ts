import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

const log = pino({ level: 'silent' });
const message = {
  to: 'clerk@example.org',
  subject: 'Доступ к реестру',
  text: 'Логин: clerk@example.org\nПароль: abc',
};
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

describe('createMailer', () => {
  it('writes an .eml file to the outbox when no SMTP server is set', async () => {
    const outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'registry-outbox-')), 'outbox');
    cleanups.push(() => rm(path.dirname(outboxDir), { recursive: true, force: true }));
    await createMailer({ smtpUrl: undefined, from: 'Реестр <noreply@example.org>', outboxDir, log }).send(
      message,
    );

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: clerk@example.org$/m);
    expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
  });

  it('delivers through a real SMTP peer when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const { port } = server.server.address() as AddressInfo;

    await createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'noreply@example.org',
      outboxDir: '/unused',
      log,
    }).send(message);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: clerk@example.org$/m);
  });
});
