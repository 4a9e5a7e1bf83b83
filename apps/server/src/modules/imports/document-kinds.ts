/*
 * Documents that come with a change file are checked by what they contain, not by their names.
 */

const PDF_MAGIC = Buffer.from('%PDF-');
// OID 1.2.840.113549.1.7.2, PKCS#7 signedData, as DER: the heart of a detached .sig signature.
const SIGNED_DATA_OID = Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]);

export function isPdf(content: Buffer): boolean {
  return content.subarray(0, 1024).includes(PDF_MAGIC);
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
