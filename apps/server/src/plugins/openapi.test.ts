import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

/*
 * The OpenAPI document describes every API route the app declares (the auth plugin collects them as they
 * are declared), with a success response and the error shape, and the uploads' multipart forms field by
 * field; the reference page renders it.
 */

interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  parameters?: { name: string; in: string; schema: Schema & { anyOf?: Schema[] } }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  'x-access'?: string;
  operationId?: string;
  summary?: string;
}
interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ url: '/api/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** `/api/v1/imports/:id/files/:fileId` as OpenAPI writes it: `/api/v1/imports/{id}/files/{fileId}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const operation = (method: string, url: string) => document.paths[openApiPath(url)]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('declares every API route the app declares, with who may call it', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(40);
    const missing = t.app.apiRoutes.filter((route) => !operation(route.method, route.url));
    expect(missing).toEqual([]);
    for (const route of t.app.apiRoutes) {
      expect(operation(route.method, route.url)!['x-access'], `${route.method} ${route.url}`).toBe(
        route.access,
      );
    }
  });

  it('names every operation once, for client generators, and says where the server is', () => {
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((entry) => entry.operationId),
    );
    expect(
      ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id)),
      ids.join(' '),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('GET', '/api/v1/imports/:id/changes/:change')!.operationId).toBe(
      'getImportsByIdChangesByChange',
    );
    expect(document.servers).toEqual([{ url: '/', description: 'Этот сервер' }]);
  });

  // Redocly's lint (`npm run lint:openapi`) refuses an operation without one; the reference page and client
  // generators list the operations by it.
  it('gives every operation a short summary in Russian, each its own', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, entry]) => ({
        name: `${method} ${path}`,
        summary: entry.summary,
      })),
    );
    const unfit = operations.filter(
      ({ summary }) => !summary || !/^[А-ЯЁ]/.test(summary) || summary.length > 100,
    );
    expect(unfit.map(({ name, summary }) => `${name}: ${summary}`)).toEqual([]);
    const summaries = operations.map(({ summary }) => summary);
    expect(summaries.filter((summary, index) => summaries.indexOf(summary) !== index)).toEqual([]);
  });

  it('declares a success response and the error shape for every operation', () => {
    for (const route of t.app.apiRoutes) {
      const { responses } = operation(route.method, route.url)!;
      const name = `${route.method} ${route.url}`;
      expect(
        Object.keys(responses).filter((status) => /^2\d\d$/.test(status)),
        name,
      ).not.toEqual([]);
      const error = responses['4XX']?.content?.['application/json']?.schema;
      expect(error?.required, name).toEqual(['ErrorMessage', 'ErrorId']);
      expect(Object.keys(error?.properties ?? {}), name).toEqual([
        'ErrorMessage',
        'ErrorId',
        'Info',
        'Intern',
        'Import',
      ]);
    }
  });

  it('declares file downloads as binary responses', () => {
    for (const url of ['/api/v1/files/:fileId', '/api/v1/imports/template', '/api/v1/interns/export']) {
      const content = operation('GET', url)!.responses['200']!.content!;
      for (const media of Object.values(content)) {
        expect(media.schema, url).toMatchObject({ type: 'string', format: 'binary' });
      }
    }
    expect(operation('GET', '/api/v1/imports/template')!.responses['200']!.content).toHaveProperty([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('declares a path parameter that is an id or `new` as either', () => {
    const submit = operation('POST', '/api/v1/imports/:id/changes/:change/submit/:intern')!;
    const intern = submit.parameters!.find((parameter) => parameter.name === 'intern')!;
    expect(intern.in).toBe('path');
    expect(intern.schema.anyOf).toEqual([
      { type: 'string', enum: ['new'] },
      { anyOf: [{ type: 'number' }, { type: 'string' }] },
    ]);
  });

  it('declares the responses without a body as 204 without content', () => {
    const logout = operation('POST', '/api/v1/account/logout')!.responses;
    expect(logout['204']).toBeDefined();
    expect(logout['204']!.content).toBeUndefined();
  });

  const uploads = [
    { url: '/api/v1/imports', files: ['file'], required: ['data', 'file'], dataFields: ['organizationId'] },
    {
      url: '/api/v1/imports/delta',
      files: ['file', 'protocol', 'letter', 'protocolSignature', 'letterSignature'],
      required: ['data', 'file', 'protocol', 'letter'],
      dataFields: ['Number', 'Date'],
    },
  ];
  for (const upload of uploads) {
    it(`declares the multipart form of POST ${upload.url}`, () => {
      const body = operation('POST', upload.url)!.requestBody!;
      expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
      const form = body.content['multipart/form-data']!.schema;
      expect(Object.keys(form.properties!).sort()).toEqual(['data', ...upload.files].sort());
      expect([...form.required!].sort()).toEqual([...upload.required].sort());
      expect(form.properties!.data).toMatchObject({ type: 'string' });
      const described = (form.properties!.data as { description: string }).description;
      for (const field of upload.dataFields) expect(described).toContain(`"${field}"`);
      for (const file of upload.files) {
        expect(form.properties![file], file).toMatchObject({ type: 'string', format: 'binary' });
      }
    });
  }

  it('says that the signatures are optional and the protocol and letter are not', () => {
    const form = operation('POST', '/api/v1/imports/delta')!.requestBody!.content['multipart/form-data']!
      .schema;
    expect(form.required).not.toContain('protocolSignature');
    expect(form.required).not.toContain('letterSignature');
    expect(form.required).toEqual(expect.arrayContaining(['file', 'protocol', 'letter']));
  });
});

describe('the reference page', () => {
  it('renders the document as HTML for anyone, uploads and their fields included', async () => {
    const response = await t.app.inject({ url: '/api/v1/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/^<!doctype html>/);
    expect(response.body).toContain('/api/v1/imports/delta');
    expect(response.body).toContain('protocolSignature');
    expect(response.body).toContain('multipart/form-data');
    expect(response.body).not.toMatch(/<script/i);
  });
});
