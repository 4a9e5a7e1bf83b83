import type { SxProps, Theme } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { FieldSelectedSections } from '@mui/x-date-pickers/models';
import dayjs, { type Dayjs } from 'dayjs';
import {
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { DateLocalization } from './date-localization';

/** How a date is typed and shown (yyyy.MM.dd, docs/register-rules.md#how-values-are-written-and-shown). */
export const DATE_DISPLAY_FORMAT = 'YYYY.MM.DD';
/** How a date value travels (yyyy-MM-dd). */
export const DATE_VALUE_FORMAT = 'YYYY-MM-DD';
/** The value of a date typed only in part or impossible (2026.02.30): the contract refuses it as 'Неверная дата'. */
export const INVALID_DATE_VALUE = 'Invalid Date';

/** The value of a picked date: `yyyy-MM-dd`, null when empty, and a half-typed date as INVALID_DATE_VALUE. */
export function pickedDateValue(date: Dayjs | null): string | null {
  if (!date) return null;
  return date.isValid() ? date.format(DATE_VALUE_FORMAT) : INVALID_DATE_VALUE;
}

/** The picker's date of a value `yyyy-MM-dd`; null for an empty or unreadable one. */
export function fromDateValue(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = dayjs(value, DATE_VALUE_FORMAT, true);
  return date.isValid() ? date : null;
}

/** True for a value that is a whole, real date. */
export function isWholeDate(value: string | null): value is string {
  return fromDateValue(value) !== null;
}

export type DateFieldProps = {
  label: ReactNode;
  /** `yyyy-MM-dd`, null when empty, or INVALID_DATE_VALUE while a date is half typed. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** A day picked in the calendar (not typed). */
  onAccept?: (value: string | null) => void;
  onBlur?: (event: FocusEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** The last day that may be picked, `yyyy-MM-dd`. */
  maxDate?: string;
  size?: 'small' | 'medium';
  /** Takes its container's width; true unless said. */
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
};

/**
 * A click into an empty field starts it at its first section, the year, whichever section it lands on: a
 * date typed whole after a click in the middle would otherwise fill the day alone, and the field, holding
 * no whole date, would keep its value empty without a word (issue #34). The field picks the section on the
 * mouse press and again on the click; both are turned to the first while the press entered an empty field.
 * A click into a field already focused, or one with a date, picks the section clicked, as the keys do.
 */
function useEntryAtFirstSection(isEmpty: boolean) {
  const [selectedSections, setSelectedSections] = useState<FieldSelectedSections>(null);
  const isEntering = useRef(false);
  return {
    selectedSections,
    onSelectedSectionsChange: (sections: FieldSelectedSections) =>
      setSelectedSections(isEntering.current && typeof sections === 'number' ? 0 : sections),
    onMouseDown: (event: MouseEvent<HTMLElement>) => {
      isEntering.current = isEmpty && !event.currentTarget.contains(document.activeElement);
    },
    // The entry is over once the click is done, or at the first key if the click never came (the section
    // pressed may be drawn anew under the pointer): the keys then move from section to section as usual.
    onClick: () => {
      isEntering.current = false;
    },
    onKeyDown: () => {
      isEntering.current = false;
    },
  };
}

/**
 * The one date field of the app: typed and shown as yyyy.MM.dd, its value yyyy-MM-dd
 * (docs/register-rules.md#how-values-are-written-and-shown). It brings its own Russian localization, so that
 * a screen with dates needs no provider above it.
 */
export function DateField({
  label,
  value,
  onChange,
  onAccept,
  onBlur,
  onKeyDown,
  name,
  inputRef,
  required,
  disabled,
  error,
  helperText,
  maxDate,
  size,
  fullWidth = true,
  sx,
}: DateFieldProps) {
  // What was typed, half a date included: the value holds only its text, from which it cannot be rebuilt.
  // A value set from outside (a reset) replaces it.
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const shown = pickedDateValue(picked) === value ? picked : fromDateValue(value);
  const entry = useEntryAtFirstSection(shown === null);

  const handleChange = (date: Dayjs | null) => {
    setPicked(date);
    onChange(pickedDateValue(date));
  };

  return (
    <DateLocalization>
      <DatePicker
        label={label}
        value={shown}
        onChange={handleChange}
        // The picker also "accepts" each keystroke that leaves a whole date in the field (2026.11.2 is the
        // 2nd): only a day picked in the calendar is accepted here; a typed one is the caller's on Enter or blur.
        onAccept={
          onAccept &&
          ((date, context) => {
            if (context.source === 'view') onAccept(pickedDateValue(date));
          })
        }
        format={DATE_DISPLAY_FORMAT}
        selectedSections={entry.selectedSections}
        onSelectedSectionsChange={entry.onSelectedSectionsChange}
        maxDate={maxDate === undefined ? undefined : dayjs(maxDate, DATE_VALUE_FORMAT)}
        disabled={disabled}
        inputRef={inputRef}
        sx={sx}
        slotProps={{
          textField: {
            name,
            onBlur,
            onKeyDown: (event: KeyboardEvent) => {
              entry.onKeyDown();
              onKeyDown?.(event);
            },
            onMouseDown: entry.onMouseDown,
            onClick: entry.onClick,
            required,
            size,
            fullWidth,
            error,
            helperText,
          },
        }}
      />
    </DateLocalization>
  );
}
