import { texts } from '@registry/shared';
import { useState, type KeyboardEvent } from 'react';
import { DateField, INVALID_DATE_VALUE } from '@/components/date-field';
import { today } from '../as-of';

type AsOfFieldProps = {
  /** The day the card is shown as of, or null for its current state. */
  value: string | null;
  /** Shows the card as of a picked day (`yyyy-MM-dd`). */
  onChange: (day: string) => void;
};

/**
 * 'На дату': the day to show the card as of. A day picked in the calendar shows at once; a typed one on Enter
 * or when the field is left, so that the card does not jump through the days of a date being typed. A typed
 * date that is not a real day is named wrong when the field tries to show it.
 */
export function AsOfField({ value, onChange }: AsOfFieldProps) {
  const [shown, setShown] = useState({ value, typed: value, isWrong: false });
  // A day set from outside (Back, the way back to the current state) replaces what the field shows.
  if (shown.value !== value) setShown({ value, typed: value, isWrong: false });
  const maxDay = today();

  const commit = (day: string | null) => {
    setShown((current) => ({ ...current, isWrong: day === INVALID_DATE_VALUE }));
    // Days are compared as `yyyy-MM-dd` text, which sorts as the days do.
    if (day === null || day === INVALID_DATE_VALUE || day < '1900-01-01' || day > maxDay) return;
    if (day !== value) onChange(day);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') commit(shown.typed);
  };

  return (
    <DateField
      label="На дату"
      value={shown.typed}
      onChange={(day) => setShown((current) => ({ ...current, typed: day, isWrong: false }))}
      onAccept={commit}
      onBlur={() => commit(shown.typed)}
      onKeyDown={handleKeyDown}
      maxDate={maxDay}
      error={shown.isWrong}
      helperText={shown.isWrong ? texts.invalidDate : undefined}
      size="small"
      fullWidth={false}
      sx={{ width: 200, flexShrink: 0 }}
    />
  );
}
