import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { texts } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web.js';

// A built web app in miniature: index.html and one hashed script, each with its precompressed siblings.
const script = `export const greeting = ${JSON.stringify('Реестр стажёров '.repeat(200))};\n`;
const html = `<!doctype html><html lang="ru"><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const scriptBr = brotliCompressSync(script);
const scriptGz = gzipSync(script);

let webRoot: string;
let app: FastifyInstance;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'registry-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, '.vite'));
  const asset = path.join(webRoot, 'assets/index-AbC123.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, scriptBr);
  writeFileSync(`${asset}.gz`, scriptGz);
  writeFileSync(path.join(webRoot, 'index.html'), html);
  writeFileSync(path.join(webRoot, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(webRoot, 'index.html.gz'), gzipSync(html));
  writeFileSync(path.join(webRoot, '.vite/manifest.json'), '{}');
  app = Fastify();
  await registerWeb(app, webRoot);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const getAsset = (acceptEncoding?: string) =>
  app.inject({
    url: '/assets/index-AbC123.js',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web app', () => {
  it('sends the brotli file to a browser that accepts br, for a year', async () => {
    const response = await getAsset('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(scriptBr)).toBe(true);
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const response = await getAsset('gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.rawPayload.equals(scriptGz)).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the file itself when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await getAsset(acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(script);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a deep link with index.html that the browser must revalidate', async () => {
    for (const url of ['/', '/public/12', '/index.html']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const plain = await app.inject({ url: '/public' });
    expect(plain.body).toBe(html);
    expect(plain.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/public/12']) {
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toMatch(/^text\/html/);
      expect(head.body, url).toBe('');
    }
  });

  it('keeps the build manifest to itself and answers unknown API paths with the JSON 404', async () => {
    const manifest = await app.inject({ url: '/.vite/manifest.json' });
    expect(manifest.headers['content-type']).toMatch(/^text\/html/);
    expect(manifest.body).toBe(html);
    const api = await app.inject({ url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers paths that look like the API or a probe with the JSON 404, never the page', async () => {
    const probes = ['/metrics', '/ready', '/readyz', '/healthz', '/health', '/livez', '/status', '/ping'];
    const api = ['/api', '/api/', '/api?x=1', '/api/v2/interns', '/API/v1/health', '/api/v1/metrics'];
    for (const url of [...probes, ...api, '/metrics/', '/Metrics', '/healthz?full=1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      }
      const body = (await app.inject({ url })).json();
      expect(body.ErrorMessage, url).toBe(texts.notFound);
    }
    // Pages whose names only begin like a probe's are the web app's.
    for (const url of ['/statuses', '/readings/3', '/public/12']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(html);
    }
  });
});
