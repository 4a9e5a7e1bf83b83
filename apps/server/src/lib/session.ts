import type { FastifyReply } from 'fastify';

/*
 * The session as both the access plugin and the account module see it, kept apart from both so that neither
 * depends on the other: the plugin reads the cookie and asks who it belongs to, the account module sets it.
 */

export const SESSION_COOKIE = 'registry_session';

/** The caller of a request, once its session cookie has been checked. */
export interface CurrentAccount {
  id: number;
  fullName: string;
  emailAddress: string;
  /** The SRO of a representative; null for an operator. */
  organization: { id: number; name: string } | null;
  sessionId: number;
  /** The client's address as the access plugin read it (TRUST_PROXY), for the audit journal. */
  address?: string;
}

/** Who a session cookie belongs to, or null. */
export type ResolveSession = (token: string | undefined) => Promise<CurrentAccount | null>;

/** What the session cookie is set with: the settings' COOKIE_SECURE and SESSION_MAX_HOURS. */
export interface SessionCookieSettings {
  /** Sent over HTTPS only. */
  secure: boolean;
  /** How long the browser keeps the cookie, the session's longest life. */
  maxMs: number;
}

/** Sets and clears the session cookie: HttpOnly, SameSite=Lax, Secure behind HTTPS. */
export function sessionCookies({ secure, maxMs }: SessionCookieSettings) {
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  return {
    set(reply: FastifyReply, token: string) {
      void reply.setCookie(SESSION_COOKIE, token, {
        ...options,
        maxAge: Math.floor(maxMs / 1000),
      });
    },
    clear(reply: FastifyReply) {
      void reply.clearCookie(SESSION_COOKIE, options);
    },
  };
}
export type SessionCookies = ReturnType<typeof sessionCookies>;
