import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundBody } from './errors.js';

export const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Vite names built assets by content hash, so a name never changes content: browsers may keep it a year. */
const immutableCache = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so the browser asks again (cheaply, by ETag) on every visit. */
const revalidateCache = 'no-cache';

/**
 * Paths of the API and the usual names of health, readiness and metrics probes, in any letter case: a wrong
 * one is answered with the JSON 404, never with the web app's page and 200, which a monitor or a script
 * would take for an answer. The web app has no page of these names.
 */
const API_OR_PROBE = new RegExp(
  '^/(api|metrics|health|healthz|healthcheck|live|livez|liveness|ready|readyz|readiness|status|ping)(/|\\?|$)',
  'i',
);

/**
 * Serves the built web app and answers every other GET (and HEAD) outside /api with its index.html, so that the
 * browser's router handles deep links. Unknown API and probe paths get the JSON 404. The build writes a .br
 * and a .gz beside each text file (apps/web/vite.config.ts), sent as they are to a browser that accepts them.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string | null) {
  const hasWeb = webRoot !== null && existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    const assets = path.resolve(webRoot, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Picks file.br or file.gz by Accept-Encoding (falling back to the file) and adds Vary: accept-encoding.
      preCompressed: true,
      // The build manifest (.vite/) is for `npm run check:bundle`, not for browsers.
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        // Runs after the sender's own headers, so it decides for index.html sent as the SPA fallback too.
        res.header(
          'cache-control',
          path.resolve(filePath).startsWith(assets) ? immutableCache : revalidateCache,
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    // HEAD too: link checkers and uptime monitors ask a page's headers only.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_OR_PROBE.test(request.url);
    if (hasWeb && isPage) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody());
  });
}
