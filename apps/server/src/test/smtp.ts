import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readMail, type ReadMail } from './mail.js';

/** A letter the fake SMTP server accepted: its envelope's recipients and the message as its reader sees it. */
export interface Received extends ReadMail {
  rcptTo: string[];
}

/**
 * An SMTP server on a free local port that keeps what it is sent, as CI's mail peer. `refuse(address, n)`
 * makes it answer the next `n` letters to that address with a temporary failure (451), as a busy relay does.
 */
export async function startSmtpFake() {
  const received: Received[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      const left = refusals.get(address.address.toLowerCase()) ?? 0;
      if (left === 0) return done();
      refusals.set(address.address.toLowerCase(), left - 1);
      return done(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...readMail(Buffer.concat(chunks).toString('utf8')),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(address: string, times: number) {
      refusals.set(address.toLowerCase(), times);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
