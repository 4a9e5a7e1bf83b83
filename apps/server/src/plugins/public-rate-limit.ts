import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { publicRequestCounts } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';

type RateLimitStore = InstanceType<NonNullable<RateLimitPluginOptions['store']>>;
type Counted = { current: number; ttl: number };

/**
 * @fastify/rate-limit's store on the database, so that every app process counts the same calls: one row per
 * route, client address and minute, counted up by an upsert (one statement, one round trip, the row's lock
 * making concurrent calls count one after the other). Windows are whole minutes of the clock; the first call
 * of each new minute in each process deletes the minutes before the last.
 */
export function databaseRateLimitStore(db: Db, clock: () => Date) {
  const count = db
    .insert(publicRequestCounts)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('windowStart'), count: 1 })
    .onConflictDoUpdate({
      target: [publicRequestCounts.key, publicRequestCounts.windowStart],
      set: { count: sql`${publicRequestCounts.count} + 1` },
    })
    .returning({ count: publicRequestCounts.count })
    .prepare('public_request_count');
  let cleanedWindow = 0;

  async function countCall(key: string, timeWindow: number): Promise<Counted> {
    const now = clock().getTime();
    const windowStart = now - (now % timeWindow);
    if (windowStart > cleanedWindow) {
      cleanedWindow = windowStart;
      // The minute before stays: another process whose clock lags a little may still be counting in it.
      const before = new Date(windowStart - timeWindow);
      await db.delete(publicRequestCounts).where(lt(publicRequestCounts.windowStart, before));
    }
    const [row] = await count.execute({ key, windowStart: new Date(windowStart) });
    return { current: row?.count ?? 1, ttl: windowStart + timeWindow - now };
  }

  return class DatabaseStore implements RateLimitStore {
    readonly route: string;

    /** The plugin makes the first store with its options, and each route's from it with `child`. */
    constructor(route?: unknown) {
      this.route = typeof route === 'string' ? route : '';
    }

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number) {
      countCall(`${this.route} ${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** Each route counts on its own, as with the plugin's in-memory store. */
    child(options: object): RateLimitStore {
      const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new DatabaseStore(`${String(route?.method)} ${route?.url ?? ''}`);
    }
  };
}

/**
 * The public registry's limit: a route that declares `config.rateLimit` (the public search and the public card)
 * answers an anonymous caller at most `perMinute` times a minute per client address (request.ip, which honours
 * TRUST_PROXY; an IPv6 address counts by its /64), each route on its own count. Signed-in callers are never
 * counted: the auth hook has set request.account before this route-level hook runs. The counts live in the
 * database, shared by every app process (docs/decisions.md).
 */
export function publicRateLimit(perMinute: number, db: Db, clock: () => Date): RateLimitPluginOptions {
  return {
    global: false,
    max: perMinute,
    timeWindow: 60_000,
    hook: 'onRequest',
    store: databaseRateLimitStore(db, clock),
    allowList: (request) => request.account !== null,
    // What it returns is thrown, so the error handler writes it as every other error.
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(429, `Слишком много запросов: повторите через ${seconds} с`, undefined, {
        'retry-after': String(seconds),
      });
    },
  };
}
