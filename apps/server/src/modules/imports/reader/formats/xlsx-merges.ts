import { StringDecoder } from 'node:string_decoder';
import { HEADER_SEARCH_ROWS, parseCellReference, type CellRange } from './sheet-grid.js';
import { inflateBlocks, type ZipEntry } from './zip-archive.js';
import { BigEndianBlocks, MAX_TAG_CHARS, encodingOf, readAttributes } from './xlsx-xml.js';

/*
 * The merged ranges of an .xlsx sheet's header area, found ahead of its rows: Excel writes them after every
 * row, and the header is wanted before the first row is sent on (ChangeFileOptions.streamRows).
 */

/** A range such as `A1:B2` (or one cell), or null when it is not one. */
export function readRange(ref: string): CellRange | null {
  const [from, to = from] = ref.split(':');
  const start = parseCellReference(from ?? '');
  const end = parseCellReference(to ?? '');
  if (!start || !end) return null;
  return { top: start.row, left: start.column, bottom: end.row, right: end.column };
}

const MERGE_CELL = 'mergeCell';
// A tag's start, a namespace prefix included, before the name found.
const TAG_START = /<(?:[\w.-]+:)?$/;
const MERGE_TAG = /^<(?:[\w.-]+:)?mergeCell([\s/][^<>]*)?>/;
// Kept from a block's end for the next, so that a name or a tag cut by the block's end is found whole.
const TAIL_CHARS = 256;

/**
 * The merged ranges of the header area, found ahead of the scan: the sheet unpacked once more, each block
 * searched for the tag's name only (Excel writes the ranges after the rows), so that the header is known
 * before the rows are read. A fraction of the scan's cost (searched as bytes; only blocks that hold the
 * name are made text).
 */
export function findHeaderMerges(bytes: Uint8Array, entry: ZipEntry): CellRange[] {
  const merges: CellRange[] = [];
  try {
    searchMerges(inflateBlocks(bytes, entry), merges);
  } catch {
    // A damaged part stops the scan too, where it is damaged or earlier; it is the scan that tells why.
  }
  return merges;
}

function searchMerges(blocks: Iterable<Buffer>, merges: CellRange[]) {
  let decoder: StringDecoder | undefined;
  let utf16 = false;
  let bigEndian: BigEndianBlocks | undefined;
  let tail = '';
  for (const block of blocks) {
    if (!decoder) {
      // A part in UTF-16 is read as scanXml reads it; the tags' names are ASCII either way, and reading
      // UTF-8 as Latin-1 keeps them as they are.
      const encoding = encodingOf(block);
      utf16 = encoding !== 'utf8';
      if (encoding === 'utf16be') bigEndian = new BigEndianBlocks();
      decoder = new StringDecoder(utf16 ? 'utf16le' : 'latin1');
    }
    // Most blocks hold rows only: those are searched as bytes and never made text.
    if (!utf16 && !mayHoldMergeCell(tail, block)) {
      tail = block.toString('latin1', Math.max(0, block.length - TAIL_CHARS));
      continue;
    }
    const text = tail + decoder.write(bigEndian?.toLittleEndian(block) ?? block);
    let at = 0;
    let kept = Math.max(0, text.length - TAIL_CHARS);
    for (let found = text.indexOf(MERGE_CELL); found !== -1; found = text.indexOf(MERGE_CELL, at)) {
      const start = text.lastIndexOf('<', found);
      at = found + MERGE_CELL.length;
      if (start === -1 || found - start > TAIL_CHARS || !TAG_START.test(text.slice(start, found))) continue;
      const end = text.indexOf('>', at);
      if (end === -1) {
        kept = Math.min(kept, start);
        break;
      }
      const tag = MERGE_TAG.exec(text.slice(start, end + 1));
      const range = tag && readRange(readAttributes(tag[1] ?? '').get('ref') ?? '');
      if (range && range.top <= HEADER_SEARCH_ROWS) merges.push(range);
      at = end + 1;
      kept = Math.max(kept, at);
    }
    tail = text.slice(kept);
    if (tail.length > MAX_TAG_CHARS) return;
  }
}

const MERGE_CELL_BYTES = Buffer.from(MERGE_CELL, 'latin1');

/** Whether the name is in the block, runs into it from the text kept before it, or is in that text. */
function mayHoldMergeCell(tail: string, block: Buffer): boolean {
  if (tail.includes(MERGE_CELL) || block.indexOf(MERGE_CELL_BYTES) !== -1) return true;
  const cut = MERGE_CELL.length - 1;
  return (tail.slice(-cut) + block.toString('latin1', 0, cut)).includes(MERGE_CELL);
}
