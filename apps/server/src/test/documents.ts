import { MAX_LIST_PAGES, texts } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.js';
import { sqlRows } from '../lib/sql-rows.js';
import { buildTestApp, loginAs } from './build-test-app.js';
import { createAccount, createOrganization } from './factories.js';

/** The trainees each document of `insertDocuments` changed: two of these, the first named first. */
export const DOCUMENT_TRAINEES = 47;

/** The name of trainee `i` (0-based) of `insertDocuments`: they sort as their numbers do. */
export const documentTrainee = (i: number) => `Стажёр ${String(i).padStart(3, '0')}`;

/**
 * More basis documents than the lists page through, written straight into the tables as the saves would
 * have. Document n (1…count) is numbered `n-Д`, dated three to a day from 2020-01-01 (so the later the
 * larger n, and a day's documents ordered by id), of `sroId` when n is a multiple of 5, and changed trainees
 * n % 40 and 40 + n % 7 (`documentTrainee`), each under a protocol made at n minutes past 2025-01-01.
 */
export async function insertDocuments(db: Db, count: number, sroId: number) {
  await db.execute(sql`
    insert into interns (full_name)
    select 'Стажёр ' || lpad(i::text, 3, '0') from generate_series(0, ${DOCUMENT_TRAINEES - 1}) i order by i`);
  const [firstRow] = await sqlRows<{ first: number }>(
    db,
    sql`select min(id)::int as first from interns where full_name = ${documentTrainee(0)}`,
  );
  const firstTrainee = firstRow!.first;
  await db.execute(sql`
    insert into basis_documents (number, date, organization_id, intern_count)
    select n || '-Д', date '2020-01-01' + n / 3, case when n % 5 = 0 then ${sroId}::int end, 2
    from generate_series(1, ${count}) n order by n`);
  await db.execute(sql`
    insert into change_protocols (intern_id, organization_id, document_id, number, date, modified_sections, created_at)
    select ${firstTrainee}::int + trainee, d.organization_id, d.id, d.number, d.date, '{PersonalInfo}',
           timestamptz '2025-01-01 00:00+00' + make_interval(mins => n)
    from basis_documents d
    cross join lateral (select split_part(d.number, '-', 1)::int as n) numbered
    cross join lateral (values (n % 40), (40 + n % 7)) as pair(trainee)
    where d.number like '%-Д'
    order by n, trainee`);
}

/**
 * A fresh app with `count` documents (`insertDocuments`), every fifth of the SRO «Южное содружество», and an
 * operator's session cookie.
 */
export async function buildDocumentsApp(count: number) {
  const t = await buildTestApp();
  const sro = await createOrganization(t.database.db, { name: 'СРО «Южное содружество»' });
  await insertDocuments(t.database.db, count, sro.id);
  const account = await createAccount(t.database.db);
  const { cookie } = await loginAs(t.app, account.email, account.password);
  return { t, cookie };
}

/**
 * Checks a list of more than 1,000 matches is paged as the trainee list is: a first page counts ten pages ahead
 * and says more follow, the last page (MAX_LIST_PAGES - 1) says more match than the list shows, and a page
 * beyond it is refused with the trainee list's message.
 */
export async function expectPagedAsTraineeList(
  search: (query: string) => Promise<LightMyRequestResponse>,
  narrowBy: string,
) {
  expect((await search('page=0')).json()).toMatchObject({ TotalPages: 10, HasMore: true, IsCapped: false });
  const last = await search(`page=${MAX_LIST_PAGES - 1}`);
  expect(last.json()).toMatchObject({
    Page: MAX_LIST_PAGES - 1,
    TotalPages: MAX_LIST_PAGES,
    HasMore: false,
    IsCapped: true,
  });
  for (const beyond of [MAX_LIST_PAGES, 200]) {
    const response = await search(`page=${beyond}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual([`«page»: ${texts.listPagesBeyond(MAX_LIST_PAGES, narrowBy)}`]);
  }
}
