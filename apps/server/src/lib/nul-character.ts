import { texts } from '@registry/shared';
import { AppError } from './app-error.js';

/** Whether a text, or any text or key inside a parsed value, holds the NUL character. */
export function hasNulCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNulCharacter);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNulCharacter(item));
  }
  return false;
}

/** The refusal of a text with the NUL character, wherever it came in. */
export const nulRefusal = () => new AppError(400, texts.invalidRequest, [texts.nulCharacter]);
