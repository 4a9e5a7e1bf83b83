import { ChangeFileRefusal, damaged, fileMessages } from '../../rows/change-file-messages.js';
import { readCompoundFile } from './compound-file.js';
import { isBiff8, isEncryptedBiff } from './xls-sheet.js';
import { workbookPartOf } from './xlsx-package.js';
import { readAttributes } from './xlsx-xml.js';
import { inflateEntry, looksLikeZip, readZipDirectory, type ZipArchive } from './zip-archive.js';

/*
 * What a file is, decided by its content and never by its name: an .xlsx is a zip package whose main part
 * is a workbook, an .xls is an OLE2 compound file with a BIFF8 Workbook (or Book) stream. Everything else is
 * refused with a message that names what the file really is, because «не является книгой Excel» alone does
 * not tell a clerk that the system they exported from wrote CSV or HTML under an Excel name.
 */

export type DetectedFile =
  | { format: 'xlsx'; zip: ZipArchive }
  /** The compound file's Workbook (or Book) stream, BIFF8, which holds the whole book. */
  | { format: 'xls'; stream: Buffer };

const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
// [Content_Types].xml of a real workbook is a few kilobytes; a larger one is not worth unpacking to look at.
const MAX_CONTENT_TYPES_BYTES = 1 << 20;

function notExcel(fileName: string, what: string): ChangeFileRefusal {
  return new ChangeFileRefusal('file-type', [fileMessages.notExcel(fileName, what)]);
}

function refuse(message: string): ChangeFileRefusal {
  return new ChangeFileRefusal('file-type', [message]);
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/**
 * Detects the format and opens the container. For a zip, the sum of declared sizes is checked against
 * `maxUnpackedBytes` before anything is inflated.
 */
export function detectFileType(
  bytes: Uint8Array,
  limits: { maxUnpackedBytes: number },
  fileName: string,
): DetectedFile {
  if (bytes.length === 0) throw new ChangeFileRefusal('content', [fileMessages.empty]);
  if (looksLikeZip(bytes)) return detectPackage(bytes, limits.maxUnpackedBytes, fileName);
  if (startsWith(bytes, OLE2_SIGNATURE)) return detectCompoundFile(bytes, fileName);
  // Some old systems save a book's BIFF stream bare, without the compound file around it.
  if (isBareBiff(bytes)) return bookOf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  throw describeOther(bytes, fileName);
}

function detectPackage(bytes: Uint8Array, maxUnpackedBytes: number, fileName: string): DetectedFile {
  const zip = readZipDirectory(bytes);
  if (zip.declaredSize > maxUnpackedBytes) {
    throw new ChangeFileRefusal('too-large', [
      fileMessages.unpackedTooLarge(megabytes(zip.declaredSize), Math.round(maxUnpackedBytes / 2 ** 20)),
    ]);
  }
  const has = (name: string) => zip.entries.has(name);
  if (has('mimetype') && has('content.xml')) {
    const mimetype = inflateEntry(bytes, zip.entries.get('mimetype')!).toString('latin1');
    if (mimetype.includes('spreadsheet')) throw refuse(fileMessages.openDocument);
    throw notExcel(fileName, 'документ OpenDocument');
  }
  const contentTypes = zip.entries.get('[content_types].xml');
  if (!contentTypes) throw notExcel(fileName, has('word/document.xml') ? 'документ Word' : 'ZIP-архив');
  if (contentTypes.size > MAX_CONTENT_TYPES_BYTES) throw damaged('[Content_Types].xml too large');
  const workbookPart = workbookPartOf(bytes, zip).toLowerCase();
  const types = declaredTypes(
    inflateEntry(bytes, contentTypes).toString('utf8'),
    has(workbookPart) ? workbookPart : null,
  );
  // A binary workbook's type also says «macroEnabled», so it is told apart first.
  if (/sheet\.binary/i.test(types) || has('xl/workbook.bin')) throw refuse(fileMessages.binaryWorkbook);
  if (/macroEnabled/i.test(types) || has('xl/vbaproject.bin')) throw refuse(fileMessages.macros);
  if (/spreadsheetml\.(sheet|template)\.main\+xml/i.test(types)) return { format: 'xlsx', zip };
  if (has('word/document.xml')) throw notExcel(fileName, 'документ Word');
  if (has('ppt/presentation.xml')) throw notExcel(fileName, 'презентация PowerPoint');
  throw notExcel(fileName, 'ZIP-архив без книги');
}

/**
 * The content types that say what the package is: those of its own parts (`Override`), and the workbook's
 * (its lower-case name, when the package has it), by its `Override` or else by the `Default` of its
 * extension, which some generators declare instead. The other defaults are left out: writers such as
 * SheetJS declare one for every kind of part they know, «.bin» as a binary workbook included.
 */
function declaredTypes(contentTypes: string, workbookPart: string | null): string {
  const overrides: { part: string; type: string }[] = [];
  const defaults = new Map<string, string>();
  // Elements under any prefix the writer bound to the namespace, such as `<ns0:Override>`.
  for (const match of contentTypes.matchAll(/<(?:[\w.-]+:)?(Override|Default)\b([^<>]*)>/gi)) {
    const attributes = readAttributes(match[2]!);
    const type = attributes.get('ContentType') ?? '';
    if (match[1]!.toLowerCase() === 'override') {
      overrides.push({ part: (attributes.get('PartName') ?? '').replace(/^\//, '').toLowerCase(), type });
    } else {
      defaults.set((attributes.get('Extension') ?? '').toLowerCase(), type);
    }
  }
  const types = overrides.map((override) => override.type);
  if (workbookPart === null) return types.join('\n');
  const workbookType =
    overrides.find((override) => override.part === workbookPart)?.type ??
    defaults.get(workbookPart.slice(workbookPart.lastIndexOf('.') + 1));
  return [...types, workbookType ?? ''].join('\n');
}

function detectCompoundFile(bytes: Uint8Array, fileName: string): DetectedFile {
  const container = readCompoundFile(bytes);
  const find = (name: string) => container.find(name);
  /** A stream's bytes, or null when it is missing or empty. */
  const contentOf = (name: string) => {
    const entry = find(name);
    const content = entry && container.content(entry);
    return content?.length ? content : null;
  };
  // A password-protected .xlsx is an OLE2 file that carries the encrypted package.
  if (find('EncryptionInfo') || find('EncryptedPackage')) throw refuse(fileMessages.encrypted);
  // Some report generators name a BIFF8 stream Book, as Excel 5/95 did: its BOF's version tells them apart.
  const stream = contentOf('Workbook') ?? contentOf('Book');
  if (stream) return bookOf(stream);
  // An empty Book has no version to tell; the name is Excel 5/95's.
  if (find('Book')) throw refuse(fileMessages.oldExcel);
  if (find('WordDocument')) throw notExcel(fileName, 'документ Word');
  if (find('PowerPoint Document')) throw notExcel(fileName, 'презентация PowerPoint');
  throw notExcel(fileName, 'составной документ Office без книги');
}

/** A BIFF stream, read if it is BIFF8. */
function bookOf(stream: Buffer): DetectedFile {
  if (isEncryptedBiff(stream)) throw refuse(fileMessages.encrypted);
  // Excel 5/95's BIFF5 keeps its text in a code page, not Unicode.
  if (!isBiff8(stream)) throw refuse(fileMessages.oldExcel);
  return { format: 'xls', stream };
}

/**
 * A bare BIFF stream begins with its BOF record: 0x0009, 0x0209 or 0x0409 for BIFF2–BIFF4 worksheets,
 * 0x0809 for BIFF5 and BIFF8 books.
 */
function isBareBiff(bytes: Uint8Array): boolean {
  return bytes[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(bytes[1]!) && bytes[3] === 0x00;
}

/** Names what a file that is neither a zip nor an OLE2 file is, from its first bytes. */
function describeOther(bytes: Uint8Array, fileName: string): ChangeFileRefusal {
  const head = Buffer.from(bytes.subarray(0, 4096));
  if (head.toString('latin1', 0, 5) === '%PDF-') return notExcel(fileName, 'PDF-документ');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47]) || startsWith(head, [0xff, 0xd8, 0xff])) {
    return notExcel(fileName, 'изображение');
  }
  if (!isText(head)) return notExcel(fileName, 'файл неизвестного формата');
  const text = decodeText(head)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('{\\rtf')) return notExcel(fileName, 'документ RTF');
  if (text.includes('urn:schemas-microsoft-com:office:spreadsheet'))
    return refuse(fileMessages.spreadsheetXml);
  if (/<(!doctype html|html|table|body)\b/.test(text)) return notExcel(fileName, 'веб-страница (HTML)');
  if (text.startsWith('<')) return notExcel(fileName, 'XML-документ');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (/[;,\t|]/.test(firstLine)) return notExcel(fileName, 'текст с разделителями (CSV)');
  return notExcel(fileName, 'текстовый файл');
}

/** Text has no control bytes other than tabs and line breaks; UTF-16 text starts with its byte-order mark. */
function isText(head: Buffer): boolean {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  return head.every((byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d);
}

function decodeText(head: Buffer): string {
  if (head[0] === 0xff && head[1] === 0xfe) return head.toString('utf16le');
  if (head[0] === 0xfe && head[1] === 0xff)
    return Buffer.from(head.subarray(0, head.length & ~1))
      .swap16()
      .toString('utf16le');
  return head.toString('utf8');
}

/** Megabytes with one decimal, as a clerk reads a file size. */
export function megabytes(bytes: number): string {
  return (bytes / 2 ** 20).toLocaleString('ru-RU', { maximumFractionDigits: 1 });
}
