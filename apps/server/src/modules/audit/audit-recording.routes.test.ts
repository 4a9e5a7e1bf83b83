import { describe, expect, it } from 'vitest';
import { AuditAction, AuditRole, toDateValue, type AuditEvent } from '@registry/shared';
import { clientHeaders, loginAs } from '../../test/build-test-app.js';
import { createAccount } from '../../test/factories.js';
import { createStoredImport } from '../../test/imports.js';
import { createIntern, exportedSheet, personalInfo, protocol, saveIntern } from '../../test/interns.js';
import { acceptAll, reviewRows, useReviewApp, type ReviewTest } from '../../test/review.js';
import { uploadRows } from '../../test/uploads.js';

/*
 * Every action the audit journal records, done through the API as a user does it, then read back from the
 * journal as an operator reads it: who, in which role, from which address, on what, with which particulars.
 */

let suite: ReviewTest;
useReviewApp((test) => (suite = test));
const { newRow } = reviewRows(910_000, 'Ж');

const inject = (options: Parameters<ReviewTest['t']['app']['inject']>[0]) => suite.t.app.inject(options);

/** The newest events of the journal with this action, newest first. */
async function eventsOf(action: AuditAction, cookie = suite.callers.operator): Promise<AuditEvent[]> {
  const response = await inject({ url: `/api/v1/audit?action=${action}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Results: AuditEvent[] }>().Results;
}

async function lastOf(action: AuditAction) {
  const [event] = await eventsOf(action);
  expect(event, `an event ${action}`).toBeDefined();
  return event!;
}

const operatorAccount = () => ({ FullName: suite.callers.operatorName, Login: expect.any(String) });

describe('signing in', () => {
  it('records a sign-in and a failed one with the login typed and the address, known account or not', async () => {
    const account = await createAccount(suite.t.database.db, { fullName: 'Зуева Ольга Павловна' });
    const failed = await inject({
      method: 'POST',
      url: '/api/v1/account/login',
      headers: clientHeaders,
      payload: { Id: account.email, Password: 'not the password' },
      remoteAddress: '203.0.113.7',
    });
    expect(failed.statusCode).toBe(401);
    expect(await lastOf(AuditAction.SignInFailed)).toMatchObject({
      Account: { Id: account.id, FullName: 'Зуева Ольга Павловна', Login: account.email },
      Role: AuditRole.Operator,
      Object: { Kind: 'account', Id: account.id },
      Address: '203.0.113.7',
      Detail: { Login: account.email },
    });

    await inject({
      method: 'POST',
      url: '/api/v1/account/login',
      headers: clientHeaders,
      payload: { Id: 'nobody@example.org', Password: 'whatever' },
      remoteAddress: '203.0.113.8',
    });
    expect(await lastOf(AuditAction.SignInFailed)).toMatchObject({
      Account: null,
      Role: null,
      Object: null,
      Address: '203.0.113.8',
      Detail: { Login: 'nobody@example.org' },
    });

    await loginAs(suite.t.app, account.email, account.password);
    expect(await lastOf(AuditAction.SignIn)).toMatchObject({
      Account: { Id: account.id, Login: account.email },
      Object: { Kind: 'account', Id: account.id },
    });
  });

  it('notes a representative’s sign-in under their SRO', async () => {
    const account = await createAccount(suite.t.database.db, { organizationId: suite.callers.sro.id });
    await loginAs(suite.t.app, account.email, account.password);
    expect(await lastOf(AuditAction.SignIn)).toMatchObject({
      Account: { Id: account.id },
      Role: AuditRole.Representative,
      Organization: { Id: suite.callers.sro.id, Name: suite.callers.sro.name },
    });
  });
});

describe('accounts', () => {
  it('records an account created, its password sent, changed, and its role changed', async () => {
    const headers = { cookie: suite.callers.operator, ...clientHeaders };
    const created = await inject({
      method: 'POST',
      url: '/api/v1/operators',
      headers,
      payload: { FullName: 'Лебедев Пётр', EmailAddress: 'lebedev@example.org' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ Id: number }>().Id;
    const target = { Kind: 'account', Id: id };
    expect(await lastOf(AuditAction.AccountCreated)).toMatchObject({
      Account: operatorAccount(),
      Object: target,
    });
    expect(await lastOf(AuditAction.PasswordGenerated)).toMatchObject({ Object: target });

    const renamed = await inject({
      method: 'PUT',
      url: `/api/v1/operators/${id}`,
      headers,
      payload: { FullName: 'Лебедев Пётр Ильич', EmailAddress: 'lebedev@example.org' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await lastOf(AuditAction.AccountChanged)).toMatchObject({
      Object: target,
      Detail: { Changed: ['FullName'] },
    });

    const moved = await inject({
      method: 'PUT',
      url: `/api/v1/operators/${id}`,
      headers,
      payload: {
        FullName: 'Лебедев Пётр Ильич',
        EmailAddress: 'lebedev@example.org',
        Organization: { Id: suite.callers.sro.id },
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(await lastOf(AuditAction.RoleChanged)).toMatchObject({
      Object: target,
      Organization: { Id: suite.callers.sro.id },
      Detail: { Changed: ['Organization'] },
    });

    const mailed = await inject({
      method: 'POST',
      url: `/api/v1/operators/${id}/generate-password`,
      headers,
    });
    expect(mailed.statusCode).toBe(409); // a password was mailed moments ago: nothing is sent, nothing noted
    expect(await eventsOf(AuditAction.PasswordGenerated)).toHaveLength(1);
  });
});

describe('the register', () => {
  it('records a card opened, now and as of a day, and each save by the protocol it wrote', async () => {
    const basis = protocol('31-П', '2026-11-02');
    const card = await createIntern(
      suite.t.app,
      suite.callers.operator,
      { PersonalInfo: [personalInfo()] },
      basis,
    );
    const created = await lastOf(AuditAction.CardSaved);
    expect(created).toMatchObject({
      Account: operatorAccount(),
      Object: { Kind: 'intern', Id: card.Id },
      Protocol: { Number: '31-П', Date: '2026-11-02' },
    });
    expect(created.Detail.ProtocolId).toBe(created.Protocol!.Id);

    const opened = await inject({
      url: `/api/v1/interns/${card.Id}`,
      headers: { cookie: suite.callers.operator },
    });
    expect(opened.statusCode).toBe(200);
    expect(await lastOf(AuditAction.CardOpened)).toMatchObject({ Object: { Kind: 'intern', Id: card.Id } });
    const today = toDateValue(new Date());
    const asOf = await inject({
      url: `/api/v1/interns/${card.Id}?asOf=${today}`,
      headers: { cookie: suite.callers.operator },
    });
    expect(asOf.statusCode, asOf.body).toBe(200);
    expect(await lastOf(AuditAction.CardOpened)).toMatchObject({ Detail: { AsOf: today } });

    const saved = await saveIntern(
      suite.t.app,
      suite.callers.operator,
      card.Id,
      { ...card, PersonalInfo: [{ ...card.PersonalInfo[0], PatronymicName: 'Ильинична' }] },
      { basis: protocol('32-П', '2026-11-03') },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await lastOf(AuditAction.CardSaved)).toMatchObject({ Protocol: { Number: '32-П' } });

    // A save refused as stale writes nothing, in the register or in the journal.
    const stale = await saveIntern(suite.t.app, suite.callers.operator, card.Id, card);
    expect(stale.statusCode).toBe(409);
    expect(await eventsOf(AuditAction.CardSaved)).toHaveLength(2);

    const headers = { cookie: suite.callers.operator, ...clientHeaders };
    await inject({ method: 'DELETE', url: `/api/v1/interns/${card.Id}`, headers });
    await inject({ method: 'POST', url: `/api/v1/interns/${card.Id}/restore`, headers });
    expect(await lastOf(AuditAction.InternDeleted)).toMatchObject({
      Object: { Kind: 'intern', Id: card.Id },
    });
    expect(await lastOf(AuditAction.InternRestored)).toMatchObject({
      Object: { Kind: 'intern', Id: card.Id },
    });
  });

  it('records the export of the trainee list with the filter asked for', async () => {
    await exportedSheet(suite.t.app, suite.callers.operator, `org=${suite.callers.sro.id}&full=true`);
    expect(await lastOf(AuditAction.InternsExported)).toMatchObject({
      Account: operatorAccount(),
      Organization: { Id: suite.callers.sro.id },
      Detail: { Query: { org: String(suite.callers.sro.id), full: 'true' } },
    });
  });

  it('records an accepted import row and its undo, each by its protocol, under the import’s SRO', async () => {
    const { importId, changeIds } = await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, [
      newRow('Ястребова'),
    ]);
    const changeId = changeIds[0]!;
    const review = (await suite.calls.open(importId, changeId, 'new')).json();
    const submitted = await suite.calls.submit(importId, changeId, 'new', acceptAll(review));
    expect(submitted.statusCode, submitted.body).toBe(200);
    const accepted = await lastOf(AuditAction.RowAccepted);
    expect(accepted).toMatchObject({
      Organization: { Id: suite.callers.sro.id },
      Object: { Kind: 'intern' },
      Protocol: { Number: '17-вх', Date: '2026-11-21' },
      Detail: { ImportId: importId, ChangeId: changeId },
    });

    const undone = await inject({
      method: 'POST',
      url: `/api/v1/imports/${importId}/changes/${changeId}/undo`,
      headers: { cookie: suite.callers.operator, ...clientHeaders },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const undo = await lastOf(AuditAction.RowUndone);
    expect(undo).toMatchObject({
      Object: accepted.Object,
      Detail: { ImportId: importId, ChangeId: changeId },
    });
    expect(undo.Protocol!.Id).toBeGreaterThan(accepted.Protocol!.Id);
  });
});

describe('files', () => {
  it('records the downloads of an import’s files and of its rejected rows, by whoever downloads them', async () => {
    const { db } = suite.t.database;
    const clerk = await createAccount(db, { organizationId: suite.callers.sro.id });
    const created = await createStoredImport(db, {
      organizationId: suite.callers.sro.id,
      importedById: clerk.id,
      withDocuments: true,
    });
    const detail = (
      await inject({ url: `/api/v1/imports/${created.id}`, headers: { cookie: suite.callers.operator } })
    ).json();
    const protocolFile = detail.Protocol as { Id: number; Name: string };
    const file = await inject({
      url: `/api/v1/files/${protocolFile.Id}/download`,
      headers: { cookie: suite.callers.representative },
      remoteAddress: '198.51.100.20',
    });
    expect(file.statusCode).toBe(200);
    expect(await lastOf(AuditAction.FileDownloaded)).toMatchObject({
      Role: AuditRole.Representative,
      Organization: { Id: suite.callers.sro.id },
      Object: { Kind: 'file', Id: protocolFile.Id },
      Address: '198.51.100.20',
      Detail: { ImportId: created.id, FileName: protocolFile.Name },
    });
    // Another SRO's representative gets 404, and the journal notes no download.
    const refused = await inject({
      url: `/api/v1/files/${protocolFile.Id}/download`,
      headers: { cookie: suite.callers.otherRepresentative },
    });
    expect(refused.statusCode).toBe(404);
    expect(await eventsOf(AuditAction.FileDownloaded)).toHaveLength(1);

    const rejected = await inject({
      method: 'POST',
      url: `/api/v1/imports/${created.id}/reject`,
      headers: { cookie: suite.callers.operator, ...clientHeaders },
      payload: { reason: 'Протокол не подписан' },
    });
    const rejectionId = rejected.json<{ Rejection: { Id: number } }>().Rejection.Id;
    await inject({
      url: `/api/v1/files/rejections/${rejectionId}`,
      headers: { cookie: suite.callers.representative },
    });
    expect(await lastOf(AuditAction.RejectedRowsDownloaded)).toMatchObject({
      Object: { Kind: 'file', Id: rejectionId },
      Detail: { ImportId: created.id },
    });
    const rows = await inject({
      url: `/api/v1/imports/${created.id}/rejected-rows`,
      headers: { cookie: suite.callers.operator },
    });
    expect(rows.statusCode).toBe(200);
    expect(await lastOf(AuditAction.RejectedRowsDownloaded)).toMatchObject({
      Role: AuditRole.Operator,
      Organization: { Id: suite.callers.sro.id },
      Object: { Kind: 'import', Id: created.id },
    });
  });
});
