/** A received e-mail, decoded: what its reader would see. */
export interface ReadMail {
  to: string;
  subject: string;
  text: string;
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

/**
 * Decodes a single-part text message as nodemailer writes it (headers in encoded words, the body in
 * quoted-printable or base64), so that tests check the words, not the encoding.
 */
export function readMail(raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintableBytes(body)
        : Buffer.from(body, 'utf8');
  return {
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: bytes.toString('utf8').replace(/\r\n/g, '\n'),
  };
}
