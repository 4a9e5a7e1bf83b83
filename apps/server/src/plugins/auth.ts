import type { FastifyInstance } from 'fastify';
import { texts } from '@registry/shared';
import { AppError } from '../lib/app-error.js';
import { SESSION_COOKIE, type CurrentAccount, type ResolveSession } from '../lib/session.js';

/**
 * Who may call a route. Every API route must declare one in `config.access`; the server refuses to start
 * otherwise, so a forgotten check cannot ship.
 * - anyone: anonymous visitors too;
 * - signed-in: operators and SRO representatives;
 * - operator: operators only;
 * - organization: SRO representatives only.
 */
export type Access = 'anyone' | 'signed-in' | 'operator' | 'organization';

/** An API route as declared, with who may call it. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route and who may call it, as the routes declared them: for the access tests. */
    apiRoutes: DeclaredRoute[];
  }
  interface FastifyRequest {
    account: CurrentAccount | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function isOperator(account: CurrentAccount | null): boolean {
  return account !== null && account.organization === null;
}

function allows(access: Access, account: CurrentAccount | null): boolean {
  switch (access) {
    case 'anyone':
      return true;
    case 'signed-in':
      return account !== null;
    case 'operator':
      return isOperator(account);
    case 'organization':
      return account !== null && account.organization !== null;
  }
}

export function registerAuth(app: FastifyInstance, resolveSession: ResolveSession) {
  app.decorateRequest('account', null);

  const declared: DeclaredRoute[] = [];
  app.decorate('apiRoutes', declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declared.push({ method, url: route.url, access: route.config.access });
    }
  });

  // Who may call is decided before the body is read or validated: a caller who may not call a route learns
  // nothing of what it expects.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    // An anonymous caller (no cookie) is known at once: no lookup, not even a promise to wait for.
    const account = token === undefined ? null : await resolveSession(token);
    request.account = account && { ...account, address: request.ip };
    const access = request.routeOptions.config.access;
    if (!access || allows(access, request.account)) return;
    if (!request.account) throw new AppError(401, texts.notAuthenticated);
    throw new AppError(403, texts.forbidden);
  });
}
