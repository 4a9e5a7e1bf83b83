import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { checkInput } from '../../../lib/request-input.js';

export interface UploadedFile {
  name: string;
  content: Buffer;
}

export interface UploadedParts {
  /** The `data` field, parsed as JSON (undefined when absent). */
  data: unknown;
  files: Map<string, UploadedFile>;
}

export const uploadTexts = {
  notMultipart: 'Ожидается форма с файлами (multipart/form-data)',
  badData: 'Поле data должно содержать JSON',
  tooLarge: (name: string, megabytes: number) => `Файл «${name}» больше допустимых ${megabytes} МБ`,
  unknownPart: (field: string) => `Неизвестное поле формы «${field}»`,
  broken: 'Форма с файлами повреждена или передана не полностью: загрузите файлы снова',
};

/**
 * Reads a multipart upload into memory within limits: only the named file fields, each at most `maxBytes`
 * (a larger one is refused as soon as it passes the limit, not after it has been read), and a small `data`.
 */
export async function readUploadParts(
  request: FastifyRequest,
  options: { fileFields: readonly string[]; maxBytes: number },
): Promise<UploadedParts> {
  if (!request.isMultipart()) throw new AppError(415, uploadTexts.notMultipart);
  const files = new Map<string, UploadedFile>();
  let data: unknown;
  const parts = request.parts({
    limits: { fileSize: options.maxBytes, files: options.fileFields.length, fields: 4, fieldSize: 64 * 1024 },
  });
  try {
    for await (const part of parts) await readPart(part);
  } catch (error) {
    throw asUploadError(error);
  }
  return { data, files };

  async function readPart(part: Multipart) {
    checkInput(part.fieldname);
    checkInput(part.type === 'file' ? part.filename : part.value);
    if (part.type === 'field') {
      if (part.fieldname !== 'data') throw new AppError(400, uploadTexts.unknownPart(part.fieldname));
      try {
        data = JSON.parse(String(part.value));
      } catch {
        throw new AppError(400, uploadTexts.badData);
      }
      checkInput(data);
      return;
    }
    if (!options.fileFields.includes(part.fieldname))
      throw new AppError(400, uploadTexts.unknownPart(part.fieldname));
    const content = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(
          413,
          uploadTexts.tooLarge(part.filename, Math.round(options.maxBytes / 1_048_576)),
        );
      }
      throw error;
    });
    // An empty file input still sends a part with no name and no bytes: that is "no file".
    if (content.length > 0 || part.filename)
      files.set(part.fieldname, { name: part.filename || part.fieldname, content });
  }
}

/**
 * A form that cannot be read (no boundary, cut off, not multipart at all inside) is the client's fault: a
 * 400 that says so, not a server error. Our own refusals and the framework's limits pass as they are.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 400) return error;
  return Object.assign(new AppError(400, uploadTexts.broken), { cause: error });
}
