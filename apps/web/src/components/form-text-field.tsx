import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, TOutput> = {
  control: Control<T, unknown, TOutput>;
  name: Path<T>;
  label: ReactNode;
  /** The contract's limit: a `length/limit` counter is shown beside the message. */
  maxLength?: number;
  /** Said under the field while it has no error. */
  hint?: string;
} & Pick<TextFieldProps, 'required' | 'multiline' | 'rows' | 'type' | 'autoComplete' | 'disabled'>;

/**
 * A text field of a react-hook-form form: its error or hint under it and, with a limit, a character counter.
 * Typing past the limit is allowed so that a pasted text is not cut silently; the schema then refuses it.
 */
export function FormTextField<T extends FieldValues, TOutput>({
  control,
  name,
  label,
  maxLength,
  hint,
  ...props
}: FormTextFieldProps<T, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'string' ? field.value : '';
  const message = fieldState.error?.message ?? hint;

  return (
    <TextField
      {...props}
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      error={Boolean(fieldState.error)}
      fullWidth
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{message}</span>
          {maxLength !== undefined && (
            <Box
              component="span"
              sx={{ whiteSpace: 'nowrap', color: value.length > maxLength ? 'error.main' : undefined }}
            >
              {value.length}/{maxLength}
            </Box>
          )}
        </Box>
      }
    />
  );
}
