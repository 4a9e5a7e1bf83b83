import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { clientHeaders } from './build-test-app.js';
import { readWorkbook } from './workbook.js';

let protocolNumber = 0;

/** A basis document for a save. */
export function protocol(number = `${++protocolNumber}-П`, date = '2025-03-15') {
  return { number, date };
}

/** Personal info of a new trainee (a negative Id), with a valid SNILS unless one is given. */
export function personalInfo(values: Record<string, unknown> = {}) {
  return { Id: -1, LastName: 'Смирнова', FirstName: 'Елена', PatronymicName: 'Викторовна', ...values };
}

export function internship(organizationId: number, values: Record<string, unknown> = {}) {
  return { Id: -2, Organization: { Id: organizationId, Name: '' }, Status: 0, ...values };
}

/** Saves a new trainee through the API as the given operator and returns the saved card. */
export async function createIntern(
  app: FastifyInstance,
  cookie: string,
  sections: Record<string, unknown[]>,
  basis = protocol(),
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/interns/',
    headers: { cookie, ...clientHeaders },
    payload: { Intern: sections, Protocol: basis },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Saves changes to a trainee through the API; returns the raw response. */
export function saveIntern(
  app: FastifyInstance,
  cookie: string,
  id: number,
  intern: Record<string, unknown>,
  options: { isCorrecting?: boolean; basis?: { number: string; date: string } } = {},
) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/interns/${id}`,
    headers: { cookie, ...clientHeaders },
    payload: {
      IsCorrecting: options.isCorrecting ?? false,
      Intern: intern,
      Protocol: options.basis ?? protocol(),
    },
  });
}

/**
 * `GET /api/v1/interns/export?{query}` as the given operator: the rows of one sheet under its header, each
 * an array of its cells from the first column, an empty cell read as ''.
 */
export async function exportedSheet(
  app: FastifyInstance,
  cookie: string,
  query: string,
  sheetName = 'Стажёры',
) {
  const response = await app.inject({ url: `/api/v1/interns/export?${query}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const workbook = await readWorkbook(response.rawPayload);
  return (
    workbook
      .getWorksheet(sheetName)!
      .getSheetValues()
      .slice(2)
      // An empty cell reads back as a hole in the row's array.
      .map((row) => Array.from((row as unknown[]).slice(1), (cell) => cell ?? ''))
  );
}
