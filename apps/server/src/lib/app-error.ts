/**
 * The one error type the server throws on purpose. The error handler turns it into
 * `{ ErrorMessage, ErrorId, Info }` with its status; `message` is Russian and says what to fix.
 */
export class AppError extends Error {
  /** The trainee the refusal names, sent as `Intern` so that the screen links to them. */
  intern?: { Id: number; FullName: string };
  /** The earlier import a refused upload repeats, sent as `Import`. */
  earlierImport?: { Id: number; ImportedAt: string };

  constructor(
    readonly status: number,
    message: string,
    readonly info?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** A refusal because of another trainee: a SNILS or an internship number they already hold. */
  static namingIntern(status: number, message: string, intern: { Id: number; FullName: string }) {
    const error = new AppError(status, message);
    error.intern = intern;
    return error;
  }

  /** A refusal because the upload repeats an earlier import. */
  static namingImport(status: number, message: string, earlier: { Id: number; ImportedAt: string }) {
    const error = new AppError(status, message);
    error.earlierImport = earlier;
    return error;
  }
}
