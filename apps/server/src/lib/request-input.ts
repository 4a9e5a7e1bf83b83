import { texts } from '@registry/shared';
import { AppError } from './app-error.js';

/**
 * How deep a request's JSON may nest. The contract's deepest body (a trainee card with its protocol) nests
 * six levels; a body nested a few thousand levels deep overflowed the stack of the recursive walk this
 * replaced, and answered a server error, even on login.
 */
export const MAX_INPUT_DEPTH = 64;

/** The refusal of a text with the NUL character, wherever it came in. */
export const nulRefusal = () => new AppError(400, texts.invalidRequest, [texts.nulCharacter]);

const depthRefusal = () => new AppError(400, texts.invalidRequest, [texts.inputTooDeep(MAX_INPUT_DEPTH)]);

/**
 * Refuses a parsed input (a body, a query, a form field) that nests deeper than MAX_INPUT_DEPTH or holds
 * the NUL character in any text or key. It walks with a list of its own, not by recursion, so that no input
 * can exhaust the stack however it is shaped.
 */
export function checkInput(value: unknown): void {
  const pending: [item: unknown, depth: number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw nulRefusal();
    } else if (item !== null && typeof item === 'object') {
      if (depth === MAX_INPUT_DEPTH) throw depthRefusal();
      if (Array.isArray(item)) {
        for (const child of item) pending.push([child, depth + 1]);
      } else {
        for (const [key, child] of Object.entries(item)) {
          if (key.includes('\u0000')) throw nulRefusal();
          pending.push([child, depth + 1]);
        }
      }
    }
  }
}
