import { isDateFormat } from './sheet-grid.js';
import { readAttributes, scanXml, type XmlHandler } from './xlsx-xml.js';
import { inflateBlocks, type ZipArchive } from './zip-archive.js';
import { normalizeForSearch } from '@registry/shared';

/*
 * The parts of an .xlsx package around its sheet: the relationships, the workbook's list of sheets, the
 * styles' date formats. Each is scanned tag by tag as it is unpacked, like the sheet, so that none of them is
 * ever held whole, whatever size a crafted file gives it.
 */

export interface Relationship {
  id: string;
  /** The last word of the relationship type: worksheet, sharedStrings, styles, officeDocument. */
  type: string;
  target: string;
}

/** The workbook part, found as Excel finds it: the package relationships' main document, else the usual name. */
export function workbookPartOf(bytes: Uint8Array, zip: ZipArchive): string {
  const rels = readRelationships(bytes, zip, '_rels/.rels', '');
  return rels.find((rel) => rel.type === 'officeDocument')?.target ?? 'xl/workbook.xml';
}

/** Scans a part, if the package has it; false if it has not. */
export function scanPart(bytes: Uint8Array, zip: ZipArchive, name: string, handler: XmlHandler): boolean {
  const entry = zip.entries.get(name.toLowerCase());
  if (!entry) return false;
  scanXml(inflateBlocks(bytes, entry), handler, entry.name);
  return true;
}

/** Tags only: the character data of the workbook, its relationships and styles is never read. */
const tagsOnly = (tag: XmlHandler['tag']): XmlHandler => ({ tag, text: () => {} });

export interface WorkbookSheet {
  name: string;
  hidden: boolean;
  relationId: string | undefined;
}

/** The workbook's sheets in order, and whether its dates count from 1904. */
export function readWorkbook(bytes: Uint8Array, zip: ZipArchive, path: string) {
  const sheets: WorkbookSheet[] = [];
  let date1904 = false;
  // Excel 2013 and later write an `<x15:workbookPr>` of their own in `<extLst>`, which says nothing of the
  // date system: only the workbook's own `workbookPr`, outside the extensions, does.
  let extensionDepth = 0;
  const found = scanPart(
    bytes,
    zip,
    path,
    tagsOnly((closing, name, text, selfClosing) => {
      if (name === 'extLst' && !selfClosing) extensionDepth += closing ? -1 : 1;
      if (closing || extensionDepth > 0) return;
      if (name === 'workbookPr') {
        date1904 = /\bdate1904\s*=\s*["'](1|true)["']/.test(text);
      } else if (name === 'sheet') {
        const attributes = readAttributes(text);
        sheets.push({
          name: normalizeForSearch(attributes.get('name') ?? '').trim(),
          hidden: (attributes.get('state') ?? 'visible') !== 'visible',
          // The relationship id is `r:id`, under whatever prefix the writer bound to the relationships namespace.
          relationId: [...attributes].find(([attribute]) => attribute.endsWith(':id'))?.[1],
        });
      }
    }),
  );
  return found ? { sheets, date1904 } : null;
}

export function directoryOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

export function relsPathOf(path: string): string {
  const directory = directoryOf(path);
  return `${directory}_rels/${path.slice(directory.length)}.rels`;
}

/** Relationships of a part, with targets resolved to part names and types shortened to their last word. */
export function readRelationships(
  bytes: Uint8Array,
  zip: ZipArchive,
  path: string,
  baseDirectory: string,
): Relationship[] {
  const rels: Relationship[] = [];
  scanPart(
    bytes,
    zip,
    path,
    tagsOnly((closing, name, text) => {
      if (closing || name !== 'Relationship') return;
      const attributes = readAttributes(text);
      const target = attributes.get('Target');
      const type = attributes.get('Type');
      if (!target || !type || attributes.get('TargetMode') === 'External') return;
      rels.push({
        id: attributes.get('Id') ?? '',
        type: type.slice(type.lastIndexOf('/') + 1),
        target: resolvePath(baseDirectory, target),
      });
    }),
  );
  return rels;
}

function resolvePath(baseDirectory: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : baseDirectory + target).split('/');
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') resolved.pop();
    else if (part !== '.' && part !== '') resolved.push(part);
  }
  return resolved.join('/');
}

/** For each cell style (index into `cellXfs`), whether its number format shows a date. */
export function readDateStyles(bytes: Uint8Array, zip: ZipArchive, path: string): boolean[] {
  const customFormats = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  // The cells' number formats are those of `<numFmts>`; a conditional format's own (`<dxfs>`) may reuse an id.
  let inNumFmts = false;
  scanPart(
    bytes,
    zip,
    path,
    tagsOnly((closing, name, text, selfClosing) => {
      if (name === 'cellXfs') inCellXfs = !closing && !selfClosing;
      else if (name === 'numFmts') inNumFmts = !closing && !selfClosing;
      else if (closing) return;
      else if (name === 'numFmt' && inNumFmts) {
        const attributes = readAttributes(text);
        customFormats.set(Number(attributes.get('numFmtId')), attributes.get('formatCode') ?? '');
      } else if (name === 'xf' && inCellXfs) {
        formatIds.push(Number(readAttributes(text).get('numFmtId') ?? 0));
      }
    }),
  );
  return formatIds.map((id) => isDateFormat(id, customFormats.get(id)));
}
