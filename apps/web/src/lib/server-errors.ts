import { texts } from '@registry/shared';
import { ApiError } from './api-client';
import { describeError } from './error-dialog';

export type FieldError = { field: string; message: string };

/** What a form shows of a refused save: messages under the fields they name, and the rest for an alert. */
export type SplitServerError = { fieldErrors: FieldError[]; alert: string[] };

// The server writes a validation problem as «Path.To.Field»: message (plugins/errors.ts).
const INFO_LINE = /^«([^».]+)[^»]*»:\s*(.+)$/;

/**
 * Splits a failed save for a form whose fields are `fields`: each 400 `Info` line whose «Field» is one of
 * them goes under that field; anything else (a 409 duplicate, an unknown field, a server failure) goes to the
 * alert, with the error code when the server failed.
 */
export function splitServerError(error: unknown, fields: readonly string[]): SplitServerError {
  const fieldErrors: FieldError[] = [];
  const unmatched: string[] = [];
  if (error instanceof ApiError && error.status === 400) {
    for (const line of error.info) {
      const match = INFO_LINE.exec(line);
      if (match && fields.includes(match[1]!)) fieldErrors.push({ field: match[1]!, message: match[2]! });
      else unmatched.push(line);
    }
    if (error.info.length > 0 && unmatched.length === 0) return { fieldErrors, alert: [] };
  } else if (error instanceof ApiError) {
    unmatched.push(...error.info);
  }
  const { text, errorId } = describeError(error);
  const code =
    error instanceof ApiError && error.status >= 500 && errorId ? [`${texts.errorCode}: ${errorId}`] : [];
  return { fieldErrors, alert: [text, ...unmatched, ...code] };
}
