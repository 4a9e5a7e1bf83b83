import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type KeyboardEvent } from 'react';
import { DATE_DISPLAY_FORMAT } from '@/components/form-date-field';
import { today } from '../as-of';

const DAY_FORMAT = 'YYYY-MM-DD';
const toDayjs = (day: string | null) => (day ? dayjs(day) : null);

type AsOfFieldProps = {
  /** The day the card is shown as of, or null for its current state. */
  value: string | null;
  /** Shows the card as of a picked day (`yyyy-MM-dd`). */
  onChange: (day: string) => void;
};

/**
 * 'На дату': the day to show the card as of. A day picked in the calendar shows at once; a typed one on Enter
 * or when the field is left, so that the card does not jump through the days of a date being typed.
 */
export function AsOfField({ value, onChange }: AsOfFieldProps) {
  const [shown, setShown] = useState({ value, picked: toDayjs(value) });
  // A day set from outside (Back, the way back to the current state) replaces what the field shows.
  if (shown.value !== value) setShown({ value, picked: toDayjs(value) });
  const maxDate = dayjs(today());

  const commit = (date: Dayjs | null) => {
    if (!date?.isValid() || date.year() < 1900 || date.isAfter(maxDate, 'day')) return;
    const day = date.format(DAY_FORMAT);
    if (day !== value) onChange(day);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') commit(shown.picked);
  };

  return (
    <DatePicker
      label="На дату"
      value={shown.picked}
      onChange={(date) => setShown((current) => ({ ...current, picked: date }))}
      onAccept={commit}
      maxDate={maxDate}
      format={DATE_DISPLAY_FORMAT}
      sx={{ width: 200, flexShrink: 0 }}
      slotProps={{
        textField: { size: 'small', onBlur: () => commit(shown.picked), onKeyDown: handleKeyDown },
      }}
    />
  );
}
