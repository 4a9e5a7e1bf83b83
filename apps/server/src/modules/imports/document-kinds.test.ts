import { describe, expect, it } from 'vitest';
import { isPdf, isPkcs7Signature } from './document-kinds.js';

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
