import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeReview, NextChange } from '@registry/shared';
import {
  changeProtocols,
  importChanges,
  imports,
  internshipNumbers,
  interns,
} from '../../../db/schema/index.js';
import { internship } from '../../../test/interns.js';
import { acceptAll } from '../../../test/review.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { loginOver, startServers } from '../../../test/server-process.js';
import { openTestDatabase } from '../../../test/test-database.js';
import {
  sampleRow,
  sheetOf,
  snilsFrom,
  xlsxOf,
  type RowValues,
} from '../../../test/change-files/workbooks.js';

/*
 * A row is applied at most once, a SNILS and an SRO's internship number have one holder, and operators get
 * different rows, whatever the number of operators and app processes: two server processes on one PostgreSQL,
 * and many requests at once through both. PGlite lives inside one process,
 * so this runs on PostgreSQL only (CI runs the suite on both).
 */

const SUBMITS = 20;
/** 'Следующая запись' requests one operator sends at once: as many as the burst (#34). */
const NEXTS = 100;
let serial = 500_000;

describe.runIf(process.env.TEST_DATABASE_URL)('row review across two app processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let processes: Awaited<ReturnType<typeof startServers>> | undefined;
  const servers: { port: number; cookie: string }[] = [];
  let organizationId: number;
  /** The operator signed in on both processes, and a second one, signed in on the second process. */
  let operatorId: number;
  let otherOperator: string;
  let otherOperatorId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    organizationId = (await createOrganization(database.db)).id;
    const operator = await createAccount(database.db);
    operatorId = operator.id;
    processes = await startServers(2, { DATABASE_URL: database.url! });
    for (const { port } of processes.servers) {
      const login = await loginOver(port, operator.email, operator.password);
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
      servers.push({ port, cookie });
    }
    const other = await createAccount(database.db);
    otherOperatorId = other.id;
    const login = await loginOver(servers[1]!.port, other.email, other.password);
    otherOperator = login.headers.getSetCookie()[0]!.split(';')[0]!;
  });

  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  const call = (server: (typeof servers)[number], url: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${server.port}/api/v1${url}`, {
      ...init,
      headers: { cookie: server.cookie, 'x-registry-client': 'web', ...(init.headers ?? {}) },
    });
  const postJson = (server: (typeof servers)[number], url: string, body: unknown) =>
    call(server, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Creates a trainee with this SNILS (and these internships) through a process's API. */
  const createWithSnils = (
    server: (typeof servers)[number],
    snils: string,
    lastName: string,
    internships: unknown[] = [],
  ) =>
    postJson(server, '/interns/', {
      Intern: {
        PersonalInfo: [{ Id: -1, LastName: lastName, FirstName: 'Ольга', Snils: snils }],
        Internships: internships,
      },
      Protocol: { number: `${++serial}-П`, date: '2026-11-22' },
    });

  /** A row of a trainee no other row names. */
  const otherRow = (lastName = 'Другая') =>
    sampleRow({
      Фамилия: lastName,
      СНИЛС: snilsFrom(++serial),
      'Уникальный идентификационный номер стажировки': `Д-${serial}`,
    });

  /** An import of the row and one more, so that the import stays open after the row is handled. */
  const uploadRow = (row: Record<string, unknown>) => uploadRows([sampleRow(row), otherRow()]);

  /** An import of these rows, and its first pending row. */
  async function uploadRows(rows: RowValues[]) {
    const form = new FormData();
    form.append('data', JSON.stringify({ organizationId, number: '5-вх', date: '2026-11-21' }));
    const file = await xlsxOf(sheetOf(rows));
    form.append('file', new Blob([file]), 'изменения.xlsx');
    const created = await call(servers[0]!, '/imports', { method: 'POST', body: form });
    expect(created.status, await created.clone().text()).toBe(201);
    const importId = ((await created.json()) as { Id: number }).Id;
    const waiting = (await (
      await call(servers[0]!, `/imports/${importId}/changes?state=pending`)
    ).json()) as {
      Results: { Id: number }[];
    };
    return { importId, changeId: waiting.Results[0]!.Id };
  }

  it(`applies a row once when ${SUBMITS} submits of it arrive at once through both processes`, async () => {
    const snils = snilsFrom(424_242);
    const { importId, changeId } = await uploadRow({ СНИЛС: snils });
    const review = (await (
      await call(servers[0]!, `/imports/${importId}/changes/${changeId}`)
    ).json()) as ChangeReview;
    const statuses = await Promise.all(
      Array.from({ length: SUBMITS }, (_, i) =>
        postJson(
          servers[i % 2]!,
          `/imports/${importId}/changes/${changeId}/submit/new`,
          acceptAll(review),
        ).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(SUBMITS - 1);

    const db = database.db;
    const [trainees] = await db
      .select({ n: count() })
      .from(interns)
      .where(eq(interns.snils, snils.replace(/\D/g, '')));
    expect(trainees!.n).toBe(1);
    const [protocols] = await db
      .select({ n: count() })
      .from(changeProtocols)
      .where(eq(changeProtocols.importChangeId, changeId));
    expect(protocols!.n).toBe(1);
    const [row] = await db.select().from(importChanges).where(eq(importChanges.id, changeId));
    expect(row).toMatchObject({ status: 1 });
    const [counted] = await db.select().from(imports).where(eq(imports.id, importId));
    expect(counted).toMatchObject({ status: 1, pendingCount: 1 });
  });

  it('lets a card save and a row submit of the same trainee meet: one wins, the other is refused, nothing is lost', async () => {
    const snils = snilsFrom(434_343);
    const first = await uploadRow({ СНИЛС: snils, 'Уникальный идентификационный номер стажировки': 'К-1' });
    // As new: the trainee of the test above shares the sample row's name and birth date.
    const created = (await (
      await call(servers[0]!, `/imports/${first.importId}/changes/${first.changeId}?intern=new`)
    ).json()) as ChangeReview;
    const entered = await postJson(
      servers[0]!,
      `/imports/${first.importId}/changes/${first.changeId}/submit/new`,
      acceptAll(created),
    );
    const internId = ((await entered.json()) as { Intern: { Id: number } }).Intern.Id;

    const second = await uploadRow({
      СНИЛС: snils,
      Телефон: '+7 900 111-22-33',
      'Уникальный идентификационный номер стажировки': 'К-1',
    });
    const review = (await (
      await call(servers[0]!, `/imports/${second.importId}/changes/${second.changeId}`)
    ).json()) as ChangeReview;
    const card = (await (await call(servers[1]!, `/interns/${internId}`)).json()) as {
      Version: number;
      PersonalInfo: { PatronymicName: string }[];
    };
    const [save, submit] = await Promise.all([
      call(servers[1]!, `/interns/${internId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          Intern: {
            Version: card.Version,
            PersonalInfo: [{ ...card.PersonalInfo[0], PatronymicName: 'Андреевна' }],
          },
          Protocol: { number: '9-П', date: '2026-11-22' },
        }),
      }),
      postJson(
        servers[0]!,
        `/imports/${second.importId}/changes/${second.changeId}/submit/${internId}`,
        acceptAll(review),
      ),
    ]);
    expect([save.status, submit.status].sort()).toEqual([200, 409]);

    const after = (await (await call(servers[0]!, `/interns/${internId}`)).json()) as {
      Version: number;
      PersonalInfo: { PatronymicName: string; Contacts: { PhoneNumber: string } }[];
    };
    expect(after.Version).toBe(card.Version + 1);
    if (save.status === 200) expect(after.PersonalInfo[0]!.PatronymicName).toBe('Андреевна');
    else expect(after.PersonalInfo[0]!.Contacts.PhoneNumber).toBe('+7 900 111-22-33');
    const [row] = await database.db
      .select({ status: importChanges.status })
      .from(importChanges)
      .where(and(eq(importChanges.id, second.changeId)));
    expect(row!.status).toBe(submit.status === 200 ? 1 : 0);
  });

  it('gives one SNILS to one trainee when both processes are asked for it at once', async () => {
    const snils = snilsFrom(454_545);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createWithSnils(servers[i % 2]!, snils, 'Одинцова')),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    const [trainees] = await database.db
      .select({ n: count() })
      .from(interns)
      .where(eq(interns.snils, snils.replace(/\D/g, '')));
    expect(trainees!.n).toBe(1);
  });

  it('gives one internship number of an SRO to one trainee when both processes are asked for it at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createWithSnils(servers[i % 2]!, snilsFrom(++serial), 'Номерова', [
          internship(organizationId, { RegistryNumber: i % 2 ? 'ки-99 б' : 'КИ-99Б' }),
        ]),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    const created = (await responses.find((response) => response.status === 201)!.json()) as { Id: number };
    const [trainees] = await database.db
      .select({ n: count() })
      .from(interns)
      .where(like(interns.fullName, 'Номерова%'));
    expect(trainees!.n).toBe(1);
    const held = await database.db
      .select({ internId: internshipNumbers.internId })
      .from(internshipNumbers)
      .where(eq(internshipNumbers.internId, created.Id));
    expect(held).toEqual([{ internId: created.Id }]);
  });

  /** `count` «next» requests of the operator with this cookie at once, alternating between the processes. */
  const burstOfNext = (cookie: string, importId: number, count = NEXTS) =>
    Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const response = await fetch(
          `http://127.0.0.1:${servers[i % 2]!.port}/api/v1/imports/${importId}/changes/next`,
          { method: 'POST', headers: { cookie, 'x-registry-client': 'web' } },
        );
        const body = await response.text();
        return {
          status: response.status,
          id: response.ok ? (JSON.parse(body) as NextChange).Next?.Id : body,
        };
      }),
    );

  /** The rows of the import the operator holds a claim on, live or run out. */
  async function claimsOf(importId: number, operatorId: number) {
    const held = await database.db
      .select({ id: importChanges.id })
      .from(importChanges)
      .where(and(eq(importChanges.importId, importId), eq(importChanges.claimedById, operatorId)));
    return held.map((row) => row.id);
  }

  it(`gives an operator one row for ${NEXTS} «next» requests at once through both processes`, async () => {
    const { importId } = await uploadRows(Array.from({ length: 10 }, () => otherRow('Очередная')));
    const answers = await burstOfNext(servers[0]!.cookie, importId);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const handed = new Set(answers.map((answer) => answer.id));
    expect(handed.size).toBe(1);
    expect(await claimsOf(importId, operatorId)).toEqual([...handed]);
  });

  it(`gives two operators, ${NEXTS} «next» requests each at once, one row each and different ones`, async () => {
    const { importId } = await uploadRows(Array.from({ length: 10 }, () => otherRow('Очередная')));
    const [mine, theirs] = await Promise.all([
      burstOfNext(servers[0]!.cookie, importId),
      burstOfNext(otherOperator, importId),
    ]);
    const handed = [mine, theirs].map((answers) => {
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      const ids = new Set(answers.map((answer) => answer.id));
      expect(ids.size).toBe(1);
      return [...ids][0];
    });
    expect(handed[0]).not.toBe(handed[1]);
    expect(await claimsOf(importId, operatorId)).toEqual([handed[0]]);
    expect(await claimsOf(importId, otherOperatorId)).toEqual([handed[1]]);
  });

  it('hands two operators on two processes two different rows when they start at once', async () => {
    for (let round = 0; round < 5; round++) {
      const { importId } = await uploadRow({
        СНИЛС: snilsFrom(++serial),
        'Уникальный идентификационный номер стажировки': `Н-${serial}`,
      });
      const handed = await Promise.all([
        call(servers[0]!, `/imports/${importId}/changes/next`, { method: 'POST' }),
        fetch(`http://127.0.0.1:${servers[1]!.port}/api/v1/imports/${importId}/changes/next`, {
          method: 'POST',
          headers: { cookie: otherOperator, 'x-registry-client': 'web' },
        }),
      ]);
      const ids = await Promise.all(
        handed.map(async (response) => {
          expect(response.status).toBe(200);
          return ((await response.json()) as { Next: { Id: number } | null }).Next?.Id;
        }),
      );
      expect(ids.every((id) => id !== undefined)).toBe(true);
      expect(new Set(ids).size).toBe(2);
    }
  });
});
