import { StringDecoder } from 'node:string_decoder';
import { ChangeFileRefusal, damaged, fileMessages } from '../../rows/change-file-messages.js';

// SpreadsheetML's XML read without a parser: attributes, entities, Office's escapes, a part block by block.

const CDATA_START = '<![CDATA[';
const CDATA_END = ']]>';

export function readAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1]!, decodeXml(match[2] ?? match[3] ?? ''));
  }
  return attributes;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Character data as an XML parser gives it: CR LF and a lone CR read as LF (XML 1.0 §2.11), then XML's five
 * entities and character references, except in CDATA sections, whose text is taken as written. Anything else
 * is left as written.
 */
export function decodeXml(text: string): string {
  if (!/[&\r<]/.test(text)) return text;
  // A `&#13;` is a CR the writer meant, so only the CRs written as they are become LF.
  const normalized = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  if (!normalized.includes(CDATA_START)) return decodeEntities(normalized);
  let decoded = '';
  let at = 0;
  for (const match of normalized.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)) {
    decoded += decodeEntities(normalized.slice(at, match.index)) + match[1];
    at = match.index + match[0].length;
  }
  return decoded + decodeEntities(normalized.slice(at));
}

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name]!;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Text of a string item: XML character data, then the `_x000D_` escapes Office writes for control characters. */
export function decodeText(text: string): string {
  return decodeOfficeEscapes(decodeXml(text));
}

/** The `_xHHHH_` escapes (ST_Xstring, ECMA-376 part 1) of text already read from the XML. */
export function decodeOfficeEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The text as a string of its own: V8 keeps a slice of 13 characters or more as a view of the string it was
 * cut from, so a text kept from a part's block would keep the whole block, and a table of short texts the
 * whole part. JSON's round trip is the cheapest copy that is not a view.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/** What a scan of a part hears: each tag, and the character data between tags. */
export interface XmlHandler {
  tag(closing: boolean, name: string, attributes: string, selfClosing: boolean): void;
  /** Raw character data, `text.slice(from, to)`, CDATA markup included; sliced only by whoever keeps it. */
  text(text: string, from: number, to: number): void;
}

// Excel's tags are short; one still open after this many characters is not a spreadsheet's.
export const MAX_TAG_CHARS = 1 << 16;

/**
 * Walks a part's XML as it is unpacked, block by block: the heap holds one block and what the handler
 * keeps, never the part. A tag cut by a block's end waits for the next block; character data is handed on
 * as it comes, so a text of any length is never held here. A CDATA section is text, whatever it holds. A
 * DTD, which Excel never writes, refuses the file, so no entity is ever expanded.
 */
export function scanXml(blocks: Iterable<Buffer>, handler: XmlHandler, partName: string) {
  let decoder: StringDecoder | undefined;
  let inCdata = false;

  /** Scans `text`; answers its end that must wait for the next block (a cut tag), or ''. */
  const scan = (text: string, final: boolean): string => {
    let at = 0;
    while (at < text.length) {
      if (inCdata) {
        const end = text.indexOf(CDATA_END, at);
        if (end === -1) {
          // The last two characters may begin the `]]>` that the next block ends.
          const upTo = final ? text.length : Math.max(at, text.length - 2);
          handler.text(text, at, upTo);
          return text.slice(upTo);
        }
        handler.text(text, at, end + CDATA_END.length);
        inCdata = false;
        at = end + CDATA_END.length;
        continue;
      }
      const open = text.indexOf('<', at);
      if (open === -1) {
        handler.text(text, at, text.length);
        return '';
      }
      if (open > at) handler.text(text, at, open);
      if (text.charCodeAt(open + 1) === EXCLAMATION) {
        if (text.startsWith(CDATA_START, open)) {
          inCdata = true;
          handler.text(text, open, open + CDATA_START.length);
          at = open + CDATA_START.length;
          continue;
        }
        if (DTD.test(text.slice(open, open + 9))) {
          throw new ChangeFileRefusal('content', [fileMessages.unsafeXml], `xlsx: DTD in ${partName}`);
        }
      }
      const end = readTag(text, open, handler);
      if (end !== -1) {
        at = end + 1;
        continue;
      }
      if (!final && !text.includes('>', open) && !text.includes('<', open + 1)) {
        if (text.length - open > MAX_TAG_CHARS) throw damaged(`xlsx: endless tag in ${partName}`);
        return text.slice(open);
      }
      // Not a tag (the XML declaration, a comment, a stray `<`): character data, as it always was read.
      handler.text(text, open, open + 1);
      at = open + 1;
    }
    return '';
  };

  let waiting = '';
  let bigEndian: BigEndianBlocks | undefined;
  for (const block of blocks) {
    if (!decoder) {
      const encoding = encodingOf(block);
      decoder = new StringDecoder(encoding === 'utf8' ? 'utf8' : 'utf16le');
      if (encoding === 'utf16be') bigEndian = new BigEndianBlocks();
      const text = decoder.write(bigEndian?.toLittleEndian(block) ?? block);
      // The byte-order mark is not text.
      waiting = scan(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, false);
    } else waiting = scan(waiting + decoder.write(bigEndian?.toLittleEndian(block) ?? block), false);
  }
  scan(waiting + (decoder?.end() ?? ''), true);
}

/**
 * A part's encoding by its first bytes (XML 1.0, appendix F): Excel writes UTF-8, but other writers save
 * UTF-16 in either byte order, with a byte-order mark or without one, where `<` shows as `3C 00` or `00 3C`.
 */
export function encodingOf(block: Buffer): 'utf8' | 'utf16le' | 'utf16be' {
  const [first, second] = [block[0], block[1]];
  if ((first === 0xff && second === 0xfe) || (first === LESS && second === 0)) return 'utf16le';
  if ((first === 0xfe && second === 0xff) || (first === 0 && second === LESS)) return 'utf16be';
  return 'utf8';
}

/** UTF-16BE blocks turned little-endian for the decoder; a block's odd last byte waits for the next. */
export class BigEndianBlocks {
  private carry: Buffer = Buffer.alloc(0);

  toLittleEndian(block: Buffer): Buffer {
    const bytes = Buffer.concat([this.carry, block]);
    const even = bytes.length & ~1;
    this.carry = Buffer.from(bytes.subarray(even));
    return bytes.subarray(0, even).swap16();
  }
}

/**
 * Hands on the tag that begins at `open` (its name without the namespace prefix) and answers where its
 * `>` is; -1 when no tag begins there, or it is cut by the block's end. Read by hand rather than by a
 * regular expression: this runs four times a cell, and a match builds five strings each time.
 */
function readTag(text: string, open: number, handler: XmlHandler): number {
  let at = open + 1;
  const closing = text.charCodeAt(at) === SLASH;
  if (closing) at++;
  let nameStart = at;
  at = nameCharsEnd(text, at);
  if (at === nameStart) return -1;
  if (text.charCodeAt(at) === COLON) {
    const afterPrefix = nameCharsEnd(text, at + 1);
    if (afterPrefix > at + 1) {
      nameStart = at + 1;
      at = afterPrefix;
    }
  }
  const nameEnd = at;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === GREATER) break;
    if (code === LESS) return -1;
  }
  if (at === text.length) return -1;
  const selfClosing = text.charCodeAt(at - 1) === SLASH && at - 1 >= nameEnd;
  const name = nameEnd - nameStart === 1 ? oneLetter(text.charCodeAt(nameStart)) : null;
  handler.tag(
    closing,
    name ?? text.slice(nameStart, nameEnd),
    text.slice(nameEnd, selfClosing ? at - 1 : at),
    selfClosing,
  );
  return at;
}

const EXCLAMATION = 0x21;
const SLASH = 0x2f;
const COLON = 0x3a;
const LESS = 0x3c;
const GREATER = 0x3e;

/** Where a run of XML name characters as SpreadsheetML writes them (`[\w.-]`) ends. */
function nameCharsEnd(text: string, from: number): number {
  let at = from;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    const isNameChar =
      (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x30 && code <= 0x39) ||
      code === 0x5f ||
      code === 0x2e ||
      code === 0x2d;
    if (!isNameChar) break;
  }
  return at;
}

// The one-letter names of a sheet's cells, values and texts, not sliced anew for every cell.
const ONE_LETTER_NAMES = new Map(['c', 'v', 't', 'f', 'r'].map((name) => [name.charCodeAt(0), name]));
const oneLetter = (code: number) => ONE_LETTER_NAMES.get(code) ?? null;
const DTD = /^<!(doctype|entity)/i;

/**
 * The character data of one element, gathered across blocks. Its text is measured once its XML passes the
 * limit, and again each time that doubles, so a text over the limit is known while it is read, never built
 * whole, whatever entities it is written with; its exact length is checked where the cell is kept.
 */
export class TextGatherer {
  private raw = '';
  private nextCheck: number;
  /** True once the text is known to be longer than the limit; nothing more is gathered then. */
  tooLong = false;

  constructor(private readonly limit: number) {
    this.nextCheck = limit;
  }

  add(text: string, from: number, to: number) {
    if (this.tooLong) return;
    this.raw += text.slice(from, to);
    if (this.raw.length <= this.nextCheck) return;
    // An entity or a CDATA opening cut at the end is counted as written: a few characters more at most.
    if (decodeText(this.raw).length > this.limit + CUT_MARKUP_CHARS) {
      this.tooLong = true;
      this.raw = '';
    }
    this.nextCheck *= 2;
  }

  /** The XML gathered, not yet decoded. */
  get xml(): string {
    return this.raw;
  }
}

const CUT_MARKUP_CHARS = 16;

const spacedPatterns = new Map<string, RegExp>();

/** Whether the attribute is written with other spacing than ` name=`, such as `name = "…"` or a tab. */
function unusuallySpaced(name: string): RegExp {
  let pattern = spacedPatterns.get(name);
  if (!pattern) spacedPatterns.set(name, (pattern = new RegExp(`\\s${name}\\s*=`)));
  return pattern;
}

/**
 * One attribute of a row or cell tag, the hot path of the scan: found by its name between spaces and
 * quotes, without building every attribute; any other spacing falls back to the full parse.
 */
export function attributeOf(attributes: string, name: string): string | undefined {
  const at = attributes.indexOf(` ${name}=`);
  if (at === -1) {
    // Most cells leave out their type or style: a tag without the name has no such attribute.
    if (!attributes.includes(name)) return undefined;
    return unusuallySpaced(name).test(attributes) ? readAttributes(attributes).get(name) : undefined;
  }
  const quote = attributes[at + name.length + 2];
  const start = at + name.length + 3;
  const end = attributes.indexOf(quote!, start);
  return end === -1 ? undefined : attributes.slice(start, end);
}
