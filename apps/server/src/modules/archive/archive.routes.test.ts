import { MAX_LIST_PAGES, texts } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { buildDocumentsApp, documentTrainee, expectPagedAsTraineeList } from '../../test/documents.js';

/* The protocols' search, paged as the trainee list is: through its first MAX_LIST_PAGES pages only. */

const DOCUMENTS = 600;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ t, cookie } = await buildDocumentsApp(DOCUMENTS));
});
afterAll(() => t.close());

const search = (query: string) =>
  t.app.inject({ url: `/api/v1/archives/search?${query}`, headers: { cookie } });

type Row = { Intern: { FullName: string }; Requisites: { Number: string } };
const rows = async (query: string) =>
  (await search(query)).json<{ Results: Row[] }>().Results.map((row) => ({
    number: row.Requisites.Number,
    trainee: row.Intern.FullName,
  }));

/**
 * What the whole list gives on a page: the protocols of the documents whose n passes, the newest first, so
 * the latest document's first, and of one document the later written (its second trainee) first.
 */
function expected(passes: (n: number) => boolean, page: number) {
  return Array.from({ length: DOCUMENTS }, (_, i) => DOCUMENTS - i)
    .filter(passes)
    .flatMap((n) => [
      { number: `${n}-Д`, trainee: documentTrainee(40 + (n % 7)) },
      { number: `${n}-Д`, trainee: documentTrainee(n % 40) },
    ])
    .slice(page * 20, page * 20 + 20);
}

describe('GET /api/v1/archives/search', () => {
  it('gives a deep page’s protocols in order, each with its trainee', async () => {
    expect(await rows('page=37')).toEqual(expected(() => true, 37));
  });

  it('finds on a deep page by number and by the SRO’s name as on the first', async () => {
    const hasSeven = (n: number) => String(n).includes('7');
    for (const page of [0, 7]) expect(await rows(`term=7&page=${page}`)).toEqual(expected(hasSeven, page));
    const ofSro = (n: number) => n % 5 === 0;
    expect(await rows('term=южное&page=11')).toEqual(expected(ofSro, 11));
    expect(await rows('term=щъ')).toEqual([]);
  });

  it(`pages through the first ${MAX_LIST_PAGES} pages, says that more protocols match, and refuses the rest with the trainee list’s message`, async () => {
    await expectPagedAsTraineeList(search, texts.narrowProtocols);
    expect(await rows(`page=${MAX_LIST_PAGES - 1}`)).toEqual(expected(() => true, MAX_LIST_PAGES - 1));
    expect((await search('term=южное&page=5')).json()).toMatchObject({
      TotalPages: 12,
      HasMore: false,
      IsCapped: false,
    });
  });
});
