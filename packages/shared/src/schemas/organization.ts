import { z } from 'zod';
import { texts } from '../texts.js';
import { optionalEmail, optionalText, pagedSchema, requiredText } from './common.js';

const registryNumberPattern = /^\d{3}$/;

/** The SRO's number in the state register of SROs of cadastral engineers: three digits, e.g. 007. */
export const RegistryNumberSchema = z
  .string({ error: texts.required })
  .trim()
  .min(1, { error: texts.required, abort: true })
  .regex(registryNumberPattern, texts.registryNumberFormat);

const organizationFields = {
  Name: requiredText(500),
  FormerName: optionalText(500).nullish(),
  EmailAddress: optionalEmail(200).nullish(),
};

/** A new SRO: real ones are known by their register number, so it is required. */
export const OrganizationCreateRequestSchema = z.object({
  ...organizationFields,
  RegistryNumber: RegistryNumberSchema,
});
export type OrganizationCreateRequest = z.infer<typeof OrganizationCreateRequestSchema>;

/**
 * An edited SRO. The number may stay empty only for an SRO entered before numbers were kept; once an SRO has
 * a number it cannot be removed (the server says so).
 */
export const OrganizationUpdateRequestSchema = z.object({
  ...organizationFields,
  RegistryNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || registryNumberPattern.test(value), texts.registryNumberFormat)
    .nullish(),
});
export type OrganizationUpdateRequest = z.infer<typeof OrganizationUpdateRequestSchema>;

export const OrganizationSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  FormerName: z.string().nullable(),
  EmailAddress: z.string().nullable(),
  RegistryNumber: z.string().nullable(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrganizationPageSchema = pagedSchema(OrganizationSchema);
