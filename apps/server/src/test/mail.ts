/** A received e-mail, decoded: what its reader would see. */
export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer }[];
}

function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=') {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

const encodedWord = /=\?[^?]+\?([BQ])\?([^?]*)\?=/gi;

// A run of encoded words is decoded as one byte sequence: a character may be split between two of them.
function decodeHeader(value: string): string {
  return value.replace(/=\?[^?]+\?[BQ]\?[^?]*\?=(?:\s+=\?[^?]+\?[BQ]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(encodedWord)].map(([, encoding, text = '']) =>
        encoding?.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : quotedPrintableBytes(text.replaceAll('_', ' ')),
      ),
    ).toString('utf8'),
  );
}

/** A header's parameter (`filename`), plain, quoted, or in RFC 2231's pieces (`filename*0*=utf-8''…`). */
function headerParameter(header: string, name: string): string | null {
  const plain = new RegExp(`;\\s*${name}="?([^";]*)"?`, 'i').exec(header);
  if (plain) return decodeHeader(plain[1]!);
  const pieces = [...header.matchAll(new RegExp(`;\\s*${name}\\*(\\d+)?\\*?="?([^";]*)"?`, 'gi'))];
  if (pieces.length === 0) return null;
  const joined = pieces
    .sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0))
    .map((piece) => piece[2])
    .join('');
  return decodeURIComponent(joined.replace(/^[\w-]*'[\w-]*'/, ''));
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function bodyBytes({ headers, body }: Part): Buffer {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return quotedPrintableBytes(body);
  return Buffer.from(body, 'utf8');
}

/** The leaf parts of a message, walking into multipart ones. */
function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /^multipart\//i.test(type) ? headerParameter(type, 'boundary') : null;
  if (!boundary) return [part];
  const inner = part.body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  return inner
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitPart(chunk.replace(/^\r?\n/, ''))));
}

/**
 * Decodes a message as nodemailer writes it (headers in encoded words, bodies in quoted-printable or base64,
 * attachments in a multipart message), so that tests check the words and the files, not the encoding.
 */
export function readMail(raw: string): ReadMail {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const attachments: ReadMail['attachments'] = [];
  let text = '';
  for (const part of parts) {
    const disposition = part.headers.get('content-disposition') ?? '';
    const filename = headerParameter(disposition, 'filename');
    if (filename !== null) attachments.push({ filename, content: bodyBytes(part) });
    else if (/^text\/plain/i.test(part.headers.get('content-type') ?? 'text/plain') && text === '')
      text = bodyBytes(part).toString('utf8').replace(/\r\n/g, '\n');
  }
  return {
    to: decodeHeader(message.headers.get('to') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text,
    attachments,
  };
}
