import { describe, expect, it } from 'vitest';
import { texts } from '../texts.js';
import { IdSchema, PageNumberSchema, requiredText, SearchQuerySchema } from './common.js';
import { nullableText } from './fields.js';

describe('client text', () => {
  it('refuses the NUL character in every kind of text field, with the registry’s message', () => {
    for (const schema of [requiredText(100), nullableText(100), SearchQuerySchema.shape.term]) {
      const result = schema.safeParse('Ива\u0000нова');
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(texts.nulCharacter);
      expect(schema.safeParse('Иванова').success).toBe(true);
    }
  });
});

describe('ids and pages', () => {
  it('take plain decimal only, within the database’s integers', () => {
    expect(IdSchema.parse('10')).toBe(10);
    expect(IdSchema.parse(10)).toBe(10);
    for (const written of ['0x0a', '1e1', '010', '10.0', '-1', '0', '2147483648', ' 10']) {
      expect(IdSchema.safeParse(written).success, written).toBe(false);
    }
    expect(PageNumberSchema.parse(undefined)).toBe(0);
    expect(PageNumberSchema.parse('')).toBe(0);
    expect(PageNumberSchema.parse('12')).toBe(12);
    expect(PageNumberSchema.safeParse('1e2').success).toBe(false);
  });
});
