import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../test/factories.js';
import { createStoredImport } from '../../test/imports.js';

/*
 * Issue #22, item 1: the Prometheus metrics at GET /metrics, on a real database (PGlite, or PostgreSQL under
 * TEST_DATABASE_URL), served only to a caller with METRICS_TOKEN and not at all without the setting.
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await t.app.inject({ url: '/metrics', headers: bearer });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

/** The value of one series, by its name and labels as the text format writes them. */
function valueOf(body: string, series: string): number | undefined {
  const line = body.split('\n').find((one) => one.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, never by their URL', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/v1/health' });
    await t.app.inject({ url: '/api/v1/interns/987654/public' });
    await t.app.inject({ url: '/api/v1/interns/987655/public' });
    await t.app.inject({ url: '/api/v1/no-such-thing/42' });
    const body = await scrape();
    expect(
      valueOf(body, 'registry_http_requests_total{method="GET",route="/api/v1/health",status="200"}'),
    ).toBe(3);
    expect(
      valueOf(
        body,
        'registry_http_requests_total{method="GET",route="/api/v1/interns/:id/public",status="404"}',
      ),
    ).toBe(2);
    expect(valueOf(body, 'registry_http_requests_total{method="GET",route="(unknown)",status="404"}')).toBe(
      1,
    );
    expect(body).not.toContain('987654');
    expect(body).not.toContain('no-such-thing');
    expect(
      valueOf(
        body,
        'registry_http_request_duration_seconds_count{method="GET",route="/api/v1/health",status="200"}',
      ),
    ).toBe(3);
    const health = 'method="GET",route="/api/v1/health",status="200"';
    expect(valueOf(body, `registry_http_request_duration_seconds_bucket{le="60",${health}}`)).toBe(3);
    expect(valueOf(body, `registry_http_request_duration_seconds_bucket{le="+Inf",${health}}`)).toBe(3);
  });

  it('shows the database, its pool on PostgreSQL, the readers and the process', async () => {
    const body = await scrape();
    expect(valueOf(body, `registry_database_info{kind="${t.database.kind}"}`)).toBe(1);
    expect(valueOf(body, 'registry_database_up')).toBe(1);
    if (t.database.kind === 'postgres') {
      expect(valueOf(body, 'registry_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(body, 'registry_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(valueOf(body, 'registry_db_pool_connections{state="waiting"}')).toBe(0);
      expect(valueOf(body, 'registry_db_pool_max')).toBe(10);
    } else {
      // PGlite is one connection in the process: no pool to show.
      expect(body).not.toContain('registry_db_pool');
    }
    expect(valueOf(body, 'registry_uploads_reading')).toBe(0);
    expect(valueOf(body, 'registry_uploads_queued')).toBe(0);
    expect(valueOf(body, 'registry_upload_readers')).toBe(t.config.changeFileReader.parallel);
    expect(valueOf(body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts the rows waiting for review and the imports past their deadline when scraped', async () => {
    const db = t.database.db;
    const sro = await createOrganization(db);
    const operator = await createAccount(db);
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        fullName: `Стажёр ${i}`,
        snils: null,
        status: i === 0 ? 1 : 0,
      }));
    const base = { organizationId: sro.id, importedById: operator.id };
    await createStoredImport(db, { ...base, rows: rows(4) });
    await createStoredImport(db, { ...base, rows: rows(3), deadlineAt: new Date(Date.now() - 86_400_000) });
    // Neither a processed nor a rejected import waits for anyone, past its deadline or not.
    const past = new Date(Date.now() - 86_400_000);
    await createStoredImport(db, { ...base, rows: rows(2), status: 2, deadlineAt: past });
    await createStoredImport(db, { ...base, rows: rows(5), status: 3, deadlineAt: past });

    const body = await scrape();
    expect(valueOf(body, 'registry_review_rows_pending')).toBe(3 + 2);
    expect(valueOf(body, 'registry_imports_open')).toBe(2);
    expect(valueOf(body, 'registry_imports_overdue')).toBe(1);
  });

  it('refuses a caller without the token, whoever is signed in', async () => {
    const operator = await createAccount(t.database.db);
    const session = await loginAs(t.app, operator.email, operator.password);
    for (const headers of [
      {},
      session,
      { authorization: 'Bearer wrong-token' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json().ErrorMessage).toBe(
        'Метрики доступны только с ключом METRICS_TOKEN (заголовок Authorization: Bearer)',
      );
      expect(response.body).not.toContain('registry_http');
    }
    const inQuery = await t.app.inject({ url: `/metrics?token=${TOKEN}` });
    expect(inQuery.statusCode).toBe(401);
  });
});

describe('without METRICS_TOKEN', () => {
  it('serves no metrics: /metrics is the JSON 404 of an unknown path', async () => {
    const plain = await buildTestApp();
    try {
      const response = await plain.app.inject({ url: '/metrics', headers: bearer });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).not.toContain('registry_http');
    } finally {
      await plain.close();
    }
  });
});
