import type { SubmitChange } from '@registry/shared';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from './build-test-app.js';
import { snilsFrom } from './change-files/workbooks.js';
import { createAccount, createOrganization } from './factories.js';

/** The callers and SROs a row review test works with: two SROs, an operator and a representative of each. */
export async function reviewCallers(t: TestApp) {
  const db = t.database.db;
  const sro = await createOrganization(db, { name: 'СРО «Кадастровые инженеры Сибири»' });
  const otherSro = await createOrganization(db, { name: 'СРО «Гильдия кадастровых инженеров»' });
  const op = await createAccount(db, { fullName: 'Орлова Светлана Игоревна' });
  const rep = await createAccount(db, { organizationId: sro.id });
  const otherRep = await createAccount(db, { organizationId: otherSro.id });
  return {
    sro,
    otherSro,
    operatorName: op.fullName,
    operator: (await loginAs(t.app, op.email, op.password)).cookie,
    representative: (await loginAs(t.app, rep.email, rep.password)).cookie,
    otherRepresentative: (await loginAs(t.app, otherRep.email, otherRep.password)).cookie,
  };
}

/** The review's three calls, as the web app makes them. */
export function reviewCalls(t: TestApp, cookie: string) {
  const base = (importId: number, changeId: number) => `/api/v1/imports/${importId}/changes/${changeId}`;
  return {
    open: (importId: number, changeId: number, intern?: number | 'new') =>
      t.app.inject({
        url: `${base(importId, changeId)}${intern === undefined ? '' : `?intern=${intern}`}`,
        headers: { cookie },
      }),
    submit: (importId: number, changeId: number, target: number | 'new', body: SubmitChange) =>
      t.app.inject({
        method: 'POST',
        url: `${base(importId, changeId)}/submit/${target}`,
        headers: { cookie, ...clientHeaders },
        payload: body,
      }),
    reject: (importId: number, changeId: number, reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `${base(importId, changeId)}/reject`,
        headers: { cookie, ...clientHeaders },
        payload: { reason },
      }),
  };
}

/** What the review proposes, sent back as it is: the operator accepts every change. */
export function acceptAll(review: {
  Intern: { Version: number } | null;
  PersonalInfo: { New: unknown };
  Supervisors: { New: unknown }[];
  Internship: { New: unknown };
  InternshipSteps: { New: unknown };
}): SubmitChange {
  return {
    PersonalInfo: review.PersonalInfo.New as SubmitChange['PersonalInfo'],
    Supervisors: review.Supervisors.flatMap((supervisor) =>
      supervisor.New ? [supervisor.New] : [],
    ) as SubmitChange['Supervisors'],
    Internship: review.Internship.New as SubmitChange['Internship'],
    InternshipSteps: review.InternshipSteps.New as SubmitChange['InternshipSteps'],
    ...(review.Intern ? { InternVersion: review.Intern.Version } : {}),
  };
}

export type ReviewTest = {
  t: TestApp;
  callers: Awaited<ReturnType<typeof reviewCallers>>;
  calls: ReturnType<typeof reviewCalls>;
};

/**
 * A review test file's app: built before its tests with the callers and the operator's calls, handed to
 * `ready`, and closed after them.
 */
export function useReviewApp(ready: (test: ReviewTest) => void) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    const callers = await reviewCallers(t);
    ready({ t, callers, calls: reviewCalls(t, callers.operator) });
  });
  afterAll(() => t?.close());
}

/**
 * Rows of trainees no other row of a test file names: each with a fresh SNILS (numbered from `first`) and
 * internship number (`prefix`-number), the rest the template's sample row.
 */
export function reviewRows(first: number, prefix: string) {
  let serial = first;
  const freshSnils = () => snilsFrom(++serial);
  return {
    freshSnils,
    /** A row of a new trainee. */
    newRow: (lastName: string) => ({
      Фамилия: lastName,
      СНИЛС: freshSnils(),
      'Дата рождения': undefined,
      'Уникальный идентификационный номер стажировки': `${prefix}-${serial}`,
    }),
    /** A row about a trainee of the register, by SNILS. */
    rowAbout: (snils: string, values: Record<string, string> = {}) => ({
      СНИЛС: snils,
      'Уникальный идентификационный номер стажировки': `${prefix}-${++serial}`,
      ...values,
    }),
  };
}
