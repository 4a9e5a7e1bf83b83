import { ChangeFileRefusal, fileMessages } from '../../rows/change-file-messages.js';
import { MAX_CELL_TEXT } from './sheet-grid.js';
import { scanPart } from './xlsx-package.js';
import { TextGatherer, decodeText, detached } from './xlsx-xml.js';
import type { ZipArchive } from './zip-archive.js';

/*
 * The bounds of the shared-string table, which is kept whole while the sheet is read: a valid file of 10,000
 * rows of the template's 65 columns holds at most a few hundred thousand texts of a few million characters,
 * and a table past these costs the reader more memory than such a file (2.5 million short texts cost
 * +357 MB in bench:upload). Checked as the table is read, so the rest of it is never read.
 */
export const MAX_SHARED_STRINGS = 500_000;
export const MAX_SHARED_STRING_CHARS = 10_000_000;

/**
 * The shared strings, each its runs' text joined, without the phonetic guide (`rPh`) of East Asian text. A
 * string longer than a cell may hold is kept as null, its text never built: the cell that uses it refuses
 * the file, with its row and column. A table past its bounds refuses the file where it passes them.
 */
export function readSharedStrings(bytes: Uint8Array, zip: ZipArchive, path: string): (string | null)[] {
  const strings: (string | null)[] = [];
  let characters = 0;
  const keep = (text: string | null) => {
    characters += text?.length ?? 0;
    if (strings.length >= MAX_SHARED_STRINGS || characters > MAX_SHARED_STRING_CHARS) {
      throw new ChangeFileRefusal('too-large', [
        fileMessages.tooManyTexts(MAX_SHARED_STRINGS, MAX_SHARED_STRING_CHARS),
      ]);
    }
    strings.push(text === null ? null : detached(text));
  };
  let item: TextGatherer | null = null;
  let inText = false;
  let inPhonetic = false;
  scanPart(bytes, zip, path, {
    tag(closing, name, _attributes, selfClosing) {
      switch (name) {
        case 'si':
          if (selfClosing) keep('');
          else if (!closing) item = new TextGatherer(MAX_CELL_TEXT);
          else if (item !== null) {
            keep(item.tooLong ? null : decodeText(item.xml));
            item = null;
          }
          break;
        case 'rPh':
          inPhonetic = !closing && !selfClosing;
          break;
        case 't':
          inText = item !== null && !inPhonetic && !closing && !selfClosing;
          break;
      }
    },
    text(text, from, to) {
      if (inText) item!.add(text, from, to);
    },
  });
  return strings;
}
