import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** How a date is typed and shown (SPEC.md §9: yyyy.MM.dd). */
export const DATE_DISPLAY_FORMAT = 'YYYY.MM.DD';
/** How a date value travels (SPEC.md §9: yyyy-MM-dd). */
const DATE_VALUE_FORMAT = 'YYYY-MM-DD';

/**
 * The form value of a picked date: `yyyy-MM-dd`, null when empty, and a half-typed date kept as text that the
 * contract's date schema refuses with 'Неверная дата' rather than taking it for an empty field.
 */
export function toDateValue(date: Dayjs | null): string | null {
  if (!date) return null;
  return date.isValid() ? date.format(DATE_VALUE_FORMAT) : 'Invalid Date';
}

function fromDateValue(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = dayjs(value, DATE_VALUE_FORMAT);
  return date.isValid() ? date : null;
}

type FormDateFieldProps<T extends FieldValues, TOutput> = {
  control: Control<T, unknown, TOutput>;
  name: Path<T>;
  label: string;
  required?: boolean;
};

/** A date field of a react-hook-form form holding `yyyy-MM-dd` or null, with its error under it. */
export function FormDateField<T extends FieldValues, TOutput>({
  control,
  name,
  label,
  required,
}: FormDateFieldProps<T, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  // What was typed, half a date included: the form holds only its text, from which it cannot be rebuilt.
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const value = toDateValue(picked) === (field.value ?? null) ? picked : fromDateValue(field.value);

  const handleChange = (date: Dayjs | null) => {
    setPicked(date);
    field.onChange(toDateValue(date));
  };

  return (
    <DatePicker
      label={label}
      value={value}
      onChange={handleChange}
      format={DATE_DISPLAY_FORMAT}
      inputRef={field.ref}
      slotProps={{
        textField: {
          name: field.name,
          onBlur: field.onBlur,
          required,
          fullWidth: true,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message,
        },
      }}
    />
  );
}
