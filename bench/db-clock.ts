/*
 * How long the app spends inside the database driver: the time during which at least one query is in
 * flight, counted once however many run side by side. Set beside a request's HTTP time, it says what the
 * app adds around the SQL it runs.
 */
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.js';

type AnyFunction = (...args: unknown[]) => unknown;

export function createDbClock(database: Database) {
  let active = 0;
  let since = 0;
  let total = 0;
  const begin = () => {
    if (active++ === 0) since = performance.now();
  };
  const end = () => {
    if (--active === 0) total += performance.now() - since;
  };

  /** Wraps a driver method that answers with a promise or through a callback as its last argument. */
  const timed = (original: AnyFunction): AnyFunction =>
    function (this: unknown, ...args: unknown[]) {
      begin();
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (...results: unknown[]) => {
          end();
          return (callback as AnyFunction)(...results);
        };
        return original.apply(this, args);
      }
      let result: unknown;
      try {
        result = original.apply(this, args);
      } catch (error) {
        end();
        throw error;
      }
      if (result instanceof Promise) return result.finally(end);
      end();
      return result;
    };

  if (database.kind === 'postgres') {
    // Pool queries and transactions both end in a client's query.
    const prototype = pg.Client.prototype as unknown as { query: AnyFunction };
    prototype.query = timed(prototype.query);
  } else {
    // Every query of PGlite, in a transaction or not, goes through its protocol methods.
    const client = (database.db as unknown as { $client: Record<string, AnyFunction> }).$client;
    for (const method of ['execProtocol', 'execProtocolRaw', 'execProtocolStream', 'execProtocolRawStream']) {
      if (typeof client[method] === 'function') client[method] = timed(client[method].bind(client));
    }
  }
  return { total: () => total };
}
