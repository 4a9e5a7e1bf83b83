import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLS_CONTENT_TYPE = 'application/vnd.ms-excel';

/**
 * A Content-Disposition that every browser reads: the real (Cyrillic) name encoded as RFC 5987 UTF-8, and
 * an ASCII name for the rare client that reads only `filename`.
 */
export function attachmentDisposition(
  fileName: string,
  asciiFallback: string,
  type: 'attachment' | 'inline' = 'attachment',
): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers with an .xlsx that `write` makes into the answer as it goes (the trainee list, the journal, the
 * rejected rows): personal data, so never kept in a cache. A failure midway, after the status has left, is
 * logged and cuts the download short.
 */
export function sendXlsxStream(
  reply: FastifyReply,
  write: (output: Writable) => Promise<void>,
  names: { name: string; asciiName: string },
) {
  const stream = new PassThrough();
  write(stream).catch((error: unknown) => {
    reply.log.error({ err: error }, 'a streamed workbook failed');
    stream.destroy(error as Error);
  });
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', attachmentDisposition(names.name, names.asciiName))
    .header('cache-control', 'private, no-store')
    .send(stream);
}
