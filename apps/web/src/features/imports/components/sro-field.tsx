import type { ControllerFieldState, ControllerRenderProps } from 'react-hook-form';
import { NamedRefSchema, texts, type NamedRef } from '@registry/shared';
import { OrganizationAutocomplete } from '@/components/organization-autocomplete';

/** The SRO a form is about: the picker holds its name as well as its id, and nothing is not an answer. */
export const RequiredSroSchema = NamedRefSchema.nullable().refine(
  (value): value is NamedRef => value !== null,
  texts.required,
);

type SroFieldProps = {
  field: Pick<ControllerRenderProps, 'onChange' | 'onBlur' | 'ref' | 'name'> & { value: NamedRef | null };
  fieldState: ControllerFieldState;
  disabled?: boolean;
  /** Said under the field while it has no error. */
  hint?: string;
};

/**
 * 'СРО', required, for a Controller's render: the SRO an operator uploads a change file for, or takes one
 * filled with its trainees from.
 */
export function SroField({ field, fieldState, disabled, hint }: SroFieldProps) {
  return (
    <OrganizationAutocomplete
      label="СРО"
      required
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? hint}
    />
  );
}
