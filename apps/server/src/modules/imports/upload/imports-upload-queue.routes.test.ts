import { randomUUID } from 'node:crypto';
import { texts } from '@registry/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { holdReads, stopHoldingReads } from '../../../test/reader-hold.js';
import { uploadOneRow } from '../../../test/uploads.js';

/*
 * Issue #25, item 7: one file is read at a time here (IMPORT_PARALLEL_READS=1), so a second one waits in the
 * queue, and its uploader, asking by the upload's id, is told so. The first file is held once its turn has
 * come (test/reader-hold.ts), so what is asked happens while the queue is full whatever the machine's speed.
 */

let t: TestApp;
let operator: { cookie: string };
let otherOperator: { cookie: string };
let representative: { cookie: string };
let sro: { id: number };

beforeAll(async () => {
  t = await buildTestApp({ env: { IMPORT_PARALLEL_READS: '1' } });
  sro = await createOrganization(t.database.db, { name: 'СРО «Очередь»' });
  const login = async (organizationId: number | null) => {
    const account = await createAccount(t.database.db, { organizationId });
    return loginAs(t.app, account.email, account.password);
  };
  operator = await login(null);
  otherOperator = await login(null);
  representative = await login(sro.id);
});
afterAll(() => t.close());
// A failed test must not leave files held: the queue behind them would hold every later upload too.
afterEach(stopHoldingReads);

/** An operator's upload of a one-row file (rows differ by the surname), named by `uploadId`. */
const uploadNamed = (uploadId: string | null, surname: string) =>
  uploadOneRow(t, operator.cookie, sro.id, surname, uploadId);

/** Waits, however long the machine takes, until the upload waits in the queue. */
const untilQueued = (uploadId: string) =>
  vi.waitFor(async () => expect((await stateOf(uploadId)).json()).toEqual({ State: 'queued' }), {
    timeout: 120_000,
    interval: 20,
  });

const stateOf = (uploadId: string, headers: Record<string, string> = operator) =>
  t.app.inject({ url: `/api/v1/imports/uploads/${uploadId}`, headers });

describe('GET /api/v1/imports/uploads/{uploadId}: an upload waiting for the reader', () => {
  it('says a file behind a full queue is queued, then its upload is answered', async () => {
    const hold = holdReads();
    const [first, second] = [randomUUID(), randomUUID()];
    const firstUpload = uploadNamed(first, 'Первова');
    await hold.entered;
    expect((await stateOf(first)).json()).toEqual({ State: 'checking' });

    const secondUpload = uploadNamed(second, 'Вторых');
    await untilQueued(second);
    expect((await stateOf(first)).json()).toEqual({ State: 'checking' });

    hold.release();
    const answers = await Promise.all([firstUpload, secondUpload]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    // Once read, the upload is its own answer: the id is forgotten, and an unknown id is being checked.
    expect((await stateOf(second)).json()).toEqual({ State: 'checking' });
  });

  it('answers the upload’s own account only; others are refused', async () => {
    const hold = holdReads();
    const [first, second] = [randomUUID(), randomUUID()];
    const firstUpload = uploadNamed(first, 'Третьякова');
    await hold.entered;
    const secondUpload = uploadNamed(second, 'Четвертаков');
    await untilQueued(second);

    for (const [headers, status] of [
      [otherOperator, 403],
      [representative, 403],
      [{}, 401],
    ] as const) {
      const response = await stateOf(second, headers);
      expect(response.statusCode).toBe(status);
      expect(response.json().State).toBeUndefined();
    }
    expect((await stateOf(second, otherOperator)).json().ErrorMessage).toBe(texts.forbidden);

    hold.release();
    const answers = await Promise.all([firstUpload, secondUpload]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
  });

  it('refuses an id in use by another upload, and one that is not a UUID', async () => {
    const hold = holdReads();
    const id = randomUUID();
    const held = uploadNamed(id, 'Пятова');
    await hold.entered;
    const again = await uploadNamed(id, 'Шестов');
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorMessage).toBe(texts.uploadIdInUse);
    hold.release();
    expect((await held).statusCode).toBe(201);

    const malformed = await uploadNamed('42', 'Седьмова');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Info).toEqual([`Запрос: ${texts.invalidUploadId}`]);
    expect((await stateOf('42')).statusCode).toBe(400);
  });

  it('uploads without an id as before', async () => {
    expect((await uploadNamed(null, 'Восьмов')).statusCode).toBe(201);
  });
});
