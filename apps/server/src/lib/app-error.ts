/**
 * The one error type the server throws on purpose. The error handler turns it into
 * `{ ErrorMessage, ErrorId, Info }` with its status; `message` is Russian and says what to fix.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly info?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
