import type { FastifyInstance } from 'fastify';
import { checkInput } from '../lib/request-input.js';

/**
 * Refuses every request whose path, query or body holds the NUL character (U+0000) or nests too deep,
 * before any route sees it: PostgreSQL cannot store the character in text, so a query carrying it failed as
 * a server error (and logged the SQL), and deep nesting would overflow the stack of whatever walks the body
 * next. One rule for every input of the contract; multipart fields are checked as they are read.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    checkInput(request.params);
    checkInput(request.query);
    checkInput(request.body);
  });
}
