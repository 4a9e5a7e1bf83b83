import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OperatorRequestSchema, OrganizationCreateRequestSchema, PersonalInfoSchema } from '@registry/shared';
import { maxLengthOf } from './schema-limits';

describe('maxLengthOf', () => {
  it('reads the limits of the contract, through optional and nullable wrappers', () => {
    const fields = OrganizationCreateRequestSchema.shape;
    expect(maxLengthOf(fields.Name)).toBe(500);
    expect(maxLengthOf(fields.FormerName)).toBe(500);
    expect(maxLengthOf(fields.EmailAddress)).toBe(200);
    expect(maxLengthOf(OperatorRequestSchema.shape.EmailAddress)).toBe(200);
  });

  it('refuses a field without a limit rather than invent one', () => {
    expect(() => maxLengthOf(z.string())).toThrow();
    expect(() => maxLengthOf(z.number())).toThrow();
  });
});

describe('maxLengthOf through the trainee contract', () => {
  it('reads the limit behind a codec, a default and a prefault', () => {
    expect(maxLengthOf(PersonalInfoSchema.shape.LastName)).toBe(100);
    expect(maxLengthOf(PersonalInfoSchema.shape.Passport.unwrap().shape.IssuedBy)).toBe(500);
    expect(maxLengthOf(z.string().max(7).default(''))).toBe(7);
  });
});
