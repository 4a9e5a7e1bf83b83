import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, texts } from '@registry/shared';
import { AppError } from '../lib/app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * Refuses state-changing requests that a foreign page could have sent with the user's cookie: they must
 * carry the app's own header (which a cross-site page cannot set without CORS, which we never allow) or an
 * Origin equal to our own host.
 */
export function registerCrossSiteGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers[CLIENT_HEADER] === CLIENT_HEADER_VALUE || isSameOrigin(request)) return;
    throw new AppError(403, texts.crossSiteRefused);
  });
}
