import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Reads the mail the e2e server wrote to its outbox (no SMTP_URL: every message is an .eml file in
 * ${DATA_DIR}/outbox). start-server.mjs records where this run's DATA_DIR is.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

async function outboxDir(): Promise<string> {
  const dataDir = await readFile(path.join(here, '.tmp', 'current-data-dir'), 'utf8');
  return path.join(dataDir.trim(), 'outbox');
}

type Part = { headers: Map<string, string>; body: string };

/** Headers (folded lines joined, names in lower case) and body of a message or of one part of it. */
function parsePart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): Buffer {
  const text = body.replace(/=\r?\n/g, ''); // soft line breaks
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8');
    default:
      return body;
  }
}

/** The decoded text/plain part of a message, looking inside multipart bodies; null when it has none. */
function plainText(part: Part): string | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return null;
    for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const text = plainText(parsePart(chunk.replace(/^\r?\n/, '')));
      if (text !== null) return text;
    }
    return null;
  }
  if (!/^text\/plain/i.test(type)) return null;
  return decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
}

/** The text of the newest message to `address` in the outbox, or null while none has come. */
export async function latestMailTo(address: string): Promise<string | null> {
  const dir = await outboxDir();
  const files = await readdir(dir).catch(() => [] as string[]);
  // The file names start with the time they were written, so the last one is the newest.
  for (const file of files
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse()) {
    const message = parsePart(await readFile(path.join(dir, file), 'utf8'));
    if (message.headers.get('to')?.toLowerCase().includes(address.toLowerCase())) return plainText(message);
  }
  return null;
}
