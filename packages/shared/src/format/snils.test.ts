import { describe, expect, it } from 'vitest';
import { formatSnils, isValidSnils, snilsDigits } from './snils.js';

describe('SNILS', () => {
  it.each([
    ['112-233-445 95', true], // sum 95: the sum itself
    ['112-233-445 94', false],
    ['100-109-898 00', true], // sum 101: 00
    ['100-109-898 01', false],
    ['087-654-303 00', true], // sum 202, mod 101 = 0
    ['101-998-999 00', true], // sum 201, mod 101 = 100: 00
    ['999-999-999 01', true], // sum 405, mod 101 = 1
    ['999-999-999 05', false],
    ['001-001-998 17', true], // issued before the check number: not checked
    ['001-001-999 65', true],
    ['001-001-999 66', false],
  ])('%s is %s', (value, valid) => {
    expect(isValidSnils(snilsDigits(value)!)).toBe(valid);
  });

  it('reads 11 digits in any formatting and writes the mask', () => {
    expect(snilsDigits(' 112 233 445-95 ')).toBe('11223344595');
    expect(snilsDigits('1122334459')).toBeNull();
    expect(formatSnils('11223344595')).toBe('112-233-445 95');
  });
});
