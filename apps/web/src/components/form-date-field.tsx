import type { ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateField } from './date-field';

type FormDateFieldProps<T extends FieldValues, TOutput> = {
  control: Control<T, unknown, TOutput>;
  name: Path<T>;
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

/**
 * A date field of a react-hook-form form holding `yyyy-MM-dd` or null, with its error under it; a half-typed
 * or impossible date is held as text that the contract's date schema refuses with 'Неверная дата'.
 */
export function FormDateField<T extends FieldValues, TOutput>({
  control,
  name,
  label,
  required,
  disabled,
}: FormDateFieldProps<T, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'string' ? field.value : null;

  return (
    <DateField
      label={label}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      required={required}
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
    />
  );
}
