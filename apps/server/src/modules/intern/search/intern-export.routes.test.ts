import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internEntries, interns, internshipFacts } from '../../../db/schema/index.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { buildTestApp, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { exportedSheet } from '../../../test/interns.js';
import { createInternSearchRepository } from './intern-search.repository.js';

let t: TestApp;
let operator: { cookie: string };
let sro: { id: number; name: string };
let other: { id: number; name: string };

interface Fact {
  organization: { id: number; name: string };
  status: number;
  number: string | null;
  startedAt: string | null;
}
interface Trainee {
  id: number;
  fullName: string;
  status: number;
  isDeleted: boolean;
  facts: Fact[];
}
let trainees: Trainee[] = [];

// More trainees than one batch of the export (1,000) holds, in the SRO and in the whole list alike.
const COUNT = 2300;
const LAST_NAMES = ['Ёлкина', 'Елкина', 'Яковлев', 'Абрамов', 'Щукин', 'Ивановская', 'Иванов'];
const FIRST_NAMES = ['Анна', 'Иван', 'Ёжи', 'Пётр'];
const STATUS_LABELS = ['Стажёр', 'Допущен к экзамену', 'Аттестован'];

/**
 * Writes the trainees straight into the tables the list and the export read, as the search benchmark's
 * loader does: saving 2,300 cards through the API would take minutes. Each trainee has internships in the
 * SRO, in another one, in both, or twice in the SRO; some are deleted; many share a name.
 */
async function loadTrainees() {
  const db = t.database.db;
  const planned = Array.from({ length: COUNT }, (_, i) => {
    const fullName = `${LAST_NAMES[(i * 5) % LAST_NAMES.length]} ${FIRST_NAMES[i % FIRST_NAMES.length]}`;
    const fact = (organization: typeof sro, k: number): Fact => ({
      organization,
      status: (i + k) % 5,
      number: (i + k) % 11 === 0 ? null : `Р-${i}-${k}`,
      startedAt: (i + k) % 13 === 0 ? null : `202${(i + k) % 6}-0${1 + (i % 9)}-15`,
    });
    const kind = i % 4;
    const facts =
      kind === 0
        ? [fact(sro, 0)]
        : kind === 1
          ? [fact(other, 0)]
          : kind === 2
            ? [fact(other, 0), fact(sro, 1)]
            : [fact(sro, 0), fact(sro, 1)];
    return { fullName, status: i % 3, isDeleted: i % 37 === 0, facts };
  });
  const ids = await db
    .insert(interns)
    .values(
      planned.map((p) => ({
        fullName: p.fullName,
        status: p.status,
        isDeleted: p.isDeleted,
        organizationCount: new Set(p.facts.map((f) => f.organization.id)).size,
      })),
    )
    .returning({ id: interns.id });
  trainees = planned.map((p, i) => ({ ...p, id: ids[i]!.id }));
  const facts = trainees.flatMap((trainee) =>
    trainee.facts.map((fact, k) => ({ trainee, fact, position: k + 1 })),
  );
  // Entries in the order of each trainee's facts, so that entry ids follow it.
  const entryIds = await db
    .insert(internEntries)
    .values(
      facts.map(({ trainee, position }) => ({
        internId: trainee.id,
        section: 'Internships',
        position,
        data: {},
      })),
    )
    .returning({ id: internEntries.id });
  await db.insert(internshipFacts).values(
    facts.map(({ trainee, fact }, i) => ({
      entryId: entryIds[i]!.id,
      internId: trainee.id,
      organizationId: fact.organization.id,
      status: fact.status,
      registryNumber: fact.number,
      startedAt: fact.startedAt,
    })),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Экспортное объединение»' });
  other = await createOrganization(t.database.db, { name: 'СРО «Соседнее объединение»' });
  const op = await createAccount(t.database.db);
  operator = await loginAs(t.app, op.email, op.password);
  await loadTrainees();
});
afterAll(() => t.close());

/** The list's order: the folded name byte by byte (as the C collation compares it), then the id. */
function inListOrder(list: Trainee[]): Trainee[] {
  const key = (trainee: Trainee) => trainee.fullName.replace(/ё/g, 'е').replace(/Ё/g, 'Е').toLowerCase();
  return [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
}

/** The export's cell: completed, then ongoing, then the rest; latest started first; then as entered. */
function registrationCell(trainee: Trainee): string {
  const rank = (status: number) => (status === 3 ? 0 : status === 0 ? 1 : 2);
  return trainee.facts
    .map((fact, position) => ({ fact, position }))
    .filter(({ fact }) => fact.number !== null)
    .sort(
      (a, b) =>
        rank(a.fact.status) - rank(b.fact.status) ||
        (b.fact.startedAt ?? '').localeCompare(a.fact.startedAt ?? '') ||
        a.position - b.position,
    )
    .map(({ fact }) => `${fact.organization.name}: ${fact.number}`)
    .join('; ');
}

function exportRows(query: string, sheetName?: string) {
  return exportedSheet(t.app, operator.cookie, query, sheetName);
}

const expectedRow = (trainee: Trainee) => [
  trainee.id,
  trainee.fullName,
  registrationCell(trainee),
  STATUS_LABELS[trainee.status],
];

describe('GET /api/v1/interns/export of one SRO', () => {
  it("holds exactly the SRO's trainees that are not deleted, once each, in list order", async () => {
    const expected = inListOrder(
      trainees.filter(
        (trainee) => !trainee.isDeleted && trainee.facts.some((fact) => fact.organization.id === sro.id),
      ),
    );
    expect(expected.length).toBeGreaterThan(1000);
    const rows = await exportRows(`org=${sro.id}`);
    expect(rows).toEqual(expected.map(expectedRow));
  });

  it('agrees with the export of the whole list, read the other way', async () => {
    const all = await exportRows('');
    expect(all).toEqual(inListOrder(trainees.filter((trainee) => !trainee.isDeleted)).map(expectedRow));
    const ofSro = new Set(
      trainees.filter((trainee) => trainee.facts.some((f) => f.organization.id === sro.id)).map((x) => x.id),
    );
    expect(await exportRows(`org=${sro.id}`)).toEqual(all.filter((row) => ofSro.has(row[0] as number)));
  });

  it('narrows the SRO further by status and transfers', async () => {
    const expected = inListOrder(
      trainees.filter(
        (trainee) =>
          !trainee.isDeleted &&
          trainee.status === 1 &&
          new Set(trainee.facts.map((fact) => fact.organization.id)).size > 1 &&
          trainee.facts.some((fact) => fact.organization.id === sro.id),
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await exportRows(`org=${sro.id}&status=1&transfer=true`)).toEqual(expected.map(expectedRow));
  });

  it('with full=true lists the internships of the same trainees', async () => {
    const listed = (await exportRows(`org=${sro.id}&full=true`)).map((row) => row[0] as number);
    const internships = await exportRows(`org=${sro.id}&full=true`, 'Стажировка');
    const byId = new Map(trainees.map((trainee) => [trainee.id, trainee]));
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(sorted(internships.map((row) => row[0] as number))).toEqual(
      sorted(listed.flatMap((id) => byId.get(id)!.facts.map(() => id))),
    );
  });

  it('leaves out a trainee deleted after the export has sorted its list', async () => {
    const repo = createInternSearchRepository(t.database.db);
    const deleted = trainees.find((trainee) => trainee.isDeleted)!;
    const kept = trainees.find((trainee) => !trainee.isDeleted)!;
    const rows = await repo.batchOf([deleted.id, kept.id], true);
    expect(rows.map((row) => row.id)).toEqual([kept.id]);
  });
});
