export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
