// SpreadsheetML's XML read without a parser: attributes, entities, Office's escapes, chunks cut at tag ends.

const CHUNK_BYTES = 1 << 20;
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

/** Text chunks of a part, each ending just after a closing tag, so no element of that kind is ever cut. */
export function* textChunks(data: Buffer, closingTag: string): Generator<string> {
  const boundary = Buffer.from(closingTag);
  for (let start = 0; start < data.length;) {
    const end = chunkEnd(data, start, boundary);
    yield data.toString('utf8', start, end);
    start = end;
  }
}

/**
 * Where the chunk from `start` ends: after the first closing tag a megabyte on, or at the end of the part. A
 * closing tag inside a CDATA section is text, so the search goes on after the section.
 */
function chunkEnd(data: Buffer, start: number, boundary: Buffer): number {
  for (let from = start + CHUNK_BYTES; from < data.length;) {
    const found = data.indexOf(boundary, from);
    if (found === -1) break;
    const before = data.subarray(start, found);
    if (before.lastIndexOf(CDATA_START) <= before.lastIndexOf(CDATA_END)) return found + boundary.length;
    const sectionEnd = data.indexOf(CDATA_END, found);
    if (sectionEnd === -1) break;
    from = sectionEnd + CDATA_END.length;
  }
  return data.length;
}

/** The prefix the part's writer uses for the SpreadsheetML namespace (`x:` in some generators), or ''. */
export function prefixOf(data: Buffer, rootElement: string): string {
  const head = data.toString('utf8', 0, 4096);
  return new RegExp(`<([\\w.-]+:)?${rootElement}\\b`).exec(head)?.[1] ?? '';
}

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
  if (at === -1)
    return unusuallySpaced(name).test(attributes) ? readAttributes(attributes).get(name) : undefined;
  const quote = attributes[at + name.length + 2];
  const start = at + name.length + 3;
  const end = attributes.indexOf(quote!, start);
  return end === -1 ? undefined : attributes.slice(start, end);
}
