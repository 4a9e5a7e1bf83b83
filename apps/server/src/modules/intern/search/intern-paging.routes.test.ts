import { MAX_LIST_PAGES, normalizeForSearch, texts } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

/*
 * A list longer than its window and its pages. The list pages through its first MAX_LIST_PAGES pages only,
 * so that no page costs more than the last one shown; anyone may ask for any page. A term is looked for in a
 * window at the start of the list, then through its index: both must give the same page as reading the whole
 * list would.
 */

const GENERIC = 3000;
/** Names at the end of the list, none of whose words the names before them hold any part of. */
const LAST = 100;
const lastName = (n: number) => `Ящуров Ян ${String(n).padStart(3, '0')}`;
const SPECIAL = [
  'Абрамова Ирина Петровна',
  'Смирнова Анна Сергеевна',
  'Смирнова Юлия Ивановна',
  'Ясмирнова Ольга',
  'Щъюкина Ия',
  'Яковлева Смирнова Ия',
];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // Only the columns the list reads; the folded search key is the database's own.
  await t.database.db.execute(sql`
    insert into interns (full_name)
    select 'Стажёр ' || lpad(g::text, 6, '0') from generate_series(1, ${GENERIC}) g`);
  await t.database.db.execute(sql`
    insert into interns (full_name)
    select 'Ящуров Ян ' || lpad(g::text, 3, '0') from generate_series(1, ${LAST}) g`);
  for (const name of SPECIAL)
    await t.database.db.execute(sql`insert into interns (full_name) values (${name})`);
});
afterAll(() => t.close());

const page = (query: string) => t.app.inject({ url: `/api/v1/interns/search?${query}` });
const names = async (query: string) =>
  (await page(query)).json<{ Results: { FullName: string }[] }>().Results.map((row) => row.FullName);

/** What reading the whole list for a term gives: every name containing every word, in list order. */
function expected(term: string, pageNumber = 0) {
  const all = [
    ...SPECIAL,
    ...Array.from({ length: GENERIC }, (_, i) => `Стажёр ${String(i + 1).padStart(6, '0')}`),
    ...Array.from({ length: LAST }, (_, i) => lastName(i + 1)),
  ];
  const words = normalizeForSearch(term).split(/\s+/).filter(Boolean);
  return all
    .filter((name) => words.every((word) => normalizeForSearch(name).includes(word)))
    .sort((a, b) => (normalizeForSearch(a) < normalizeForSearch(b) ? -1 : 1))
    .slice(pageNumber * 20, pageNumber * 20 + 20);
}

describe('a term looked for in the window, then through its index', () => {
  it('finds names that lie far past the window, for a fragment inside a surname and for two letters', async () => {
    for (const term of ['мирнова', 'щъ', 'ия', 'ъ', 'смирнова ия', 'мирнова ия', 'ия мирнова']) {
      const found = await names(`term=${encodeURIComponent(term)}`);
      expect(found, term).toEqual(expected(term));
      expect(found.length, term).toBeGreaterThan(0);
    }
  });

  it('reads a common term from the window, on any page it pages to', async () => {
    for (const [term, pageNumber] of [
      ['стажер', 0],
      ['стажер', 7],
      ['ст', 3],
      ['ер', 49],
      ['а', 0],
    ] as const) {
      expect(
        await names(`term=${encodeURIComponent(term)}&page=${pageNumber}`),
        `${term} ${pageNumber}`,
      ).toEqual(expected(term, pageNumber));
    }
  });

  it('reads a deep page of a term the start of the list does not hold through its index instead', async () => {
    // «Ящуров» lies past the first 500 names, which a window longer than the first page's is probed with.
    for (const [term, pageNumber] of [
      ['щуров', 2],
      ['ур', 3],
      ['ян ящур', 4],
    ] as const) {
      const found = await names(`term=${encodeURIComponent(term)}&page=${pageNumber}`);
      expect(found, `${term} ${pageNumber}`).toEqual(expected(term, pageNumber));
      expect(found.length, `${term} ${pageNumber}`).toBe(20);
    }
  });

  it('counts a term of short words in the window when it fills the count, else through its index', async () => {
    expect((await page('term=ер')).json()).toMatchObject({ TotalPages: 10, HasMore: true });
    expect((await page('term=ер&page=45')).json()).toMatchObject({ TotalPages: 50, IsCapped: true });
    expect((await page(`term=${encodeURIComponent('ур')}`)).json()).toMatchObject({ TotalPages: 5 });
    expect((await page(`term=${encodeURIComponent('ия')}`)).json()).toMatchObject({
      TotalPages: 1,
      HasMore: false,
      Results: expected('ия').map((FullName) => expect.objectContaining({ FullName })),
    });
  });
});

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
      expect(response.json().Info).toEqual([
        `«page»: ${texts.listPagesBeyond(MAX_LIST_PAGES, texts.narrowTrainees)}`,
      ]);
    }
  });
});
