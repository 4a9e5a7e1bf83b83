import type { FastifyInstance } from 'fastify';
import { hasNulCharacter, nulRefusal } from '../lib/nul-character.js';

/**
 * Refuses every request whose path, query or body holds the NUL character (U+0000), before any route sees
 * it: PostgreSQL cannot store it in text, so a query carrying it failed as a server error (and logged the
 * SQL). One rule for every text of the contract; multipart fields are checked as they are read.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNulCharacter(request.params) || hasNulCharacter(request.query) || hasNulCharacter(request.body)) {
      throw nulRefusal();
    }
  });
}
