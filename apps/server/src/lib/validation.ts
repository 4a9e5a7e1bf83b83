import { texts } from '@registry/shared';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Validates a value that did not come through a route schema (a multipart `data` field) and refuses it the
 * way the error handler refuses an invalid body: 400 with one '«field»: message' line per problem.
 */
export function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError(
    400,
    texts.invalidRequest,
    result.error.issues.map(
      (issue) => `${issue.path.length ? `«${issue.path.join('.')}»` : 'Запрос'}: ${issue.message}`,
    ),
  );
}
