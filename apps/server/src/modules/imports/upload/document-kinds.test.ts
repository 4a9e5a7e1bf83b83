import { describe, expect, it } from 'vitest';
import { hasMarkup, isPdf, isPkcs7Signature } from './document-kinds.js';

// The first bytes of a real detached CMS signature: SEQUENCE, then the signedData OID.
const der = Buffer.concat([
  Buffer.from([0x30, 0x82, 0x05, 0x10]),
  Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]),
  Buffer.alloc(64, 0xa0),
]);

describe('document kinds', () => {
  it('know a PDF by its header, not its name', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe(true);
    expect(isPdf(Buffer.from('<html><body>PDF</body></html>'))).toBe(false);
    expect(isPdf(Buffer.alloc(0))).toBe(false);
  });

  it('take the header only at the start, after at most a byte-order mark and white space', () => {
    expect(isPdf(Buffer.from('\ufeff\r\n %PDF-1.4\n'))).toBe(true);
    expect(isPdf(Buffer.from('\n\n%PDF-1.4\n'))).toBe(true);
    expect(isPdf(Buffer.from('junk %PDF-1.4\n'))).toBe(false);
    expect(isPdf(Buffer.from('\ufeff\ufeff%PDF-1.4\n'))).toBe(false);
  });

  it('refuse a page or a picture that also says %PDF-, and only those', () => {
    for (const markup of ['<html>', '<!DOCTYPE html>', '<svg xmlns="x">', '<SCRIPT>', '<body onload=x>']) {
      const file = Buffer.from(`%PDF-1.4\n${markup}\n%%EOF`);
      expect(hasMarkup(file), markup).toBe(true);
      expect(isPdf(file), markup).toBe(false);
    }
    // A PDF's own dictionaries and XMP metadata are not markup.
    expect(
      isPdf(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n<?xpacket begin="" ?><x:xmpmeta>')),
    ).toBe(true);
  });

  it('know a PKCS#7 signature in DER, PEM and bare base64', () => {
    expect(isPkcs7Signature(der)).toBe(true);
    const base64 = der.toString('base64');
    expect(
      isPkcs7Signature(
        Buffer.from(`-----BEGIN PKCS7-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END PKCS7-----\n`),
      ),
    ).toBe(true);
    expect(isPkcs7Signature(Buffer.from(base64))).toBe(true);
  });

  it('refuse anything else as a signature', () => {
    expect(isPkcs7Signature(Buffer.from('%PDF-1.4'))).toBe(false);
    expect(isPkcs7Signature(Buffer.from([0x30, 0x82, 0x01, 0x00, 0x02, 0x01]))).toBe(false);
    expect(isPkcs7Signature(Buffer.from('not base64 at all!'))).toBe(false);
  });
});
