/*
 * Documents that come with a change file are checked by what they contain, not by their names.
 */

// OID 1.2.840.113549.1.7.2, PKCS#7 signedData, as DER: the heart of a detached .sig signature.
const SIGNED_DATA_OID = Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]);

// The header first, after at most a UTF-8 byte-order mark and PDF white space (read as latin1).
const PDF_START = /^(?:\xef\xbb\xbf)?[\0\t\n\f\r ]*%PDF-/;
// Tags a browser would run or draw: a file that has them is a page or a picture that also says %PDF-.
const MARKUP = /<(?:!doctype\s+(?:html|svg)|html|head|body|script|iframe|object|embed|svg|style|meta)[\s/>]/i;
// Where a browser looks when it guesses a file's type.
const SNIFFED_BYTES = 1024;

/** Markup (HTML, SVG) in the first kilobyte: such a file is not taken as a PDF, whatever else it says. */
export function hasMarkup(content: Buffer): boolean {
  return MARKUP.test(content.subarray(0, SNIFFED_BYTES).toString('latin1'));
}

/** A PDF: it starts with its header, and no page or picture hides in its head. */
export function isPdf(content: Buffer): boolean {
  return PDF_START.test(content.subarray(0, SNIFFED_BYTES).toString('latin1')) && !hasMarkup(content);
}

function isDerSignedData(content: Buffer): boolean {
  return content[0] === 0x30 && content.subarray(0, 64).includes(SIGNED_DATA_OID);
}

/**
 * A PKCS#7 / CMS signature: DER, PEM ('-----BEGIN PKCS7-----', '-----BEGIN CMS-----') or bare base64 of
 * the DER, as Russian signing tools (КриптоПро and others) save .sig files.
 */
export function isPkcs7Signature(content: Buffer): boolean {
  if (isDerSignedData(content)) return true;
  const text = content.subarray(0, 256 * 1024).toString('latin1');
  const body = text.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return false;
  return isDerSignedData(Buffer.from(body.slice(0, 128), 'base64'));
}
