import { MAX_LIST_PAGES, texts } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

/*
 * The list pages through its first MAX_LIST_PAGES pages only: beyond them a long list is searched, not
 * walked, so that no page costs more than the last one shown. Anyone may ask for any page.
 */

const ROWS = MAX_LIST_PAGES * 20 + 50;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // Only the columns the list reads; the folded search key is the database's own.
  await t.database.db.execute(sql`
    insert into interns (full_name)
    select 'Стажёр ' || lpad(g::text, 6, '0') from generate_series(1, ${ROWS}) g`);
});
afterAll(() => t.close());

const page = (query: string) => t.app.inject({ url: `/api/v1/interns/search?${query}` });

describe('the trainee list’s last page', () => {
  it(`is page ${MAX_LIST_PAGES - 1}: it says more trainees match than it shows`, async () => {
    const response = await page(`page=${MAX_LIST_PAGES - 1}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      Page: MAX_LIST_PAGES - 1,
      TotalPages: MAX_LIST_PAGES,
      HasMore: false,
      IsCapped: true,
    });
    expect(response.json().Results[0].FullName).toBe(
      `Стажёр ${String((MAX_LIST_PAGES - 1) * 20 + 1).padStart(6, '0')}`,
    );
  });

  it('is not capped for a list that fits, and a first page says more pages follow', async () => {
    expect((await page('page=0')).json()).toMatchObject({ TotalPages: 10, HasMore: true, IsCapped: false });
    expect((await page('term=стажер 00001')).json()).toMatchObject({
      TotalPages: 1,
      HasMore: false,
      IsCapped: false,
    });
  });

  it('refuses a page beyond it with a message that says what to do', async () => {
    for (const beyond of [MAX_LIST_PAGES, 100_000]) {
      const response = await page(`page=${beyond}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().Info).toEqual([`«page»: ${texts.listPagesBeyond(MAX_LIST_PAGES)}`]);
    }
  });
});
