import * as XLSX from '@e965/xlsx';

/** A cell as a sheet's XML writes it: its type attribute, whether it holds a formula, and its text. */
export interface XmlCell {
  sheet: string;
  ref: string;
  /** `s` (shared string), `inlineStr`, `str` (a formula's text result), `n`, `b`, `e`, or '' (a number). */
  type: string;
  hasFormula: boolean;
  text: string;
}

const decode = (xml: string) =>
  xml
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** The text of every `<t>` inside a piece of XML, joined: a shared or inline string, runs and all. */
const textOf = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => decode(m[1]!)).join('');

/**
 * Every cell of every sheet of an .xlsx, read from the XML itself rather than through a library that would
 * say what it makes of it: how the file declares each cell is what a spreadsheet program acts on.
 */
export function workbookCells(xlsx: Buffer): XmlCell[] {
  const zip = XLSX.CFB.read(xlsx, { type: 'buffer' });
  const part = (name: string) => {
    const entry = XLSX.CFB.find(zip, `/${name}`);
    return entry ? Buffer.from(entry.content as Uint8Array).toString('utf8') : null;
  };
  const shared = [...(part('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    textOf(m[1]!),
  );
  const sheets = zip.FullPaths.map((path) => path.replace(/^Root Entry\//, '')).filter((path) =>
    /^xl\/worksheets\/[^/]+\.xml$/.test(path),
  );
  return sheets.flatMap((sheet) =>
    [...part(sheet)!.matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((match) => {
      const attributes = match[1]!;
      const inner = match[2] ?? '';
      const type = /\bt="([^"]*)"/.exec(attributes)?.[1] ?? '';
      const value = /<v>([^<]*)<\/v>/.exec(inner)?.[1];
      const text =
        type === 's'
          ? (shared[Number(value)] ?? '')
          : type === 'inlineStr'
            ? textOf(inner)
            : decode(value ?? '');
      return {
        sheet,
        ref: /\br="([^"]*)"/.exec(attributes)?.[1] ?? '',
        type,
        hasFormula: /<f[\s>/]/.test(inner),
        text,
      };
    }),
  );
}
