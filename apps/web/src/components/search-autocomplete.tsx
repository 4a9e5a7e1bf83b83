import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { charactersAfterLimit, countRu } from '@registry/shared';
import { searchQueryOptions, type SearchEndpoint } from '@/lib/search-queries';
import { useDebouncedCallback, useDebouncedValue } from '@/lib/use-debounce';

/** How long typing must pause before a picker asks the server. */
export const PICKER_SEARCH_DELAY_MS = 300;

export const tooShortText = (minLength: number) =>
  `Введите не менее ${countRu(minLength, charactersAfterLimit)}`;
export const noOptionsText = 'Ничего не найдено';
export const loadingText = 'Загрузка…';

/** The props every picker of a record takes, whatever it searches. */
export type PickerProps<T> = {
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
};

type SearchAutocompleteProps<T extends { Id: number }> = PickerProps<T> & {
  endpoint: SearchEndpoint<T>;
  getOptionLabel: (option: T) => string;
  /** The server is asked only once this many characters are typed (docs/screens.md#formats-and-constants). */
  minLength: number;
  /** The menu stays this long after the field loses focus (200 ms for dictionaries). */
  blurCloseDelay?: number;
  /**
   * The chosen record's name wraps onto more lines rather than being cut, for names that differ only at their
   * end (every SRO's starts 'Ассоциация «Саморегулируемая организация кадастровых инженеров').
   */
  isWrapped?: boolean;
};

/** Enter in a wrapping field picks an option or does nothing: a name is one line of text. */
function keepOneLine(event: KeyboardEvent) {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * The picker's menu and text: the server is asked for the first page of matches once enough is typed, and the
 * menu lingers `blurCloseDelay` after the field is left.
 */
function useServerOptions<T extends { Id: number }>(
  endpoint: SearchEndpoint<T>,
  minLength: number,
  blurCloseDelay: number,
  value: T | null,
) {
  const [inputValue, setInputValue] = useState('');
  // What the user typed; the field's text may differ, as when leaving it puts back the chosen record's name.
  const [typedValue, setTypedValue] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const delayedClose = useDebouncedCallback(() => setIsOpen(false), blurCloseDelay);
  const typed = typedValue.trim();
  const term = useDebouncedValue(typed, PICKER_SEARCH_DELAY_MS);
  const isLongEnough = typed.length >= minLength;
  const canSearch = isOpen && isLongEnough && term.length >= minLength;
  const { data, isFetching } = useQuery({
    ...searchQueryOptions(endpoint, { term, page: 0 }),
    enabled: canSearch,
  });

  const results = isLongEnough ? (data?.Results ?? []) : [];
  // The chosen record stays among the options, else the field could not show it while other matches load.
  const options = value && !results.some((option) => option.Id === value.Id) ? [value, ...results] : results;

  const handleOpen = () => {
    delayedClose.cancel();
    setIsOpen(true);
  };
  const handleInputChange = (_event: unknown, next: string, reason: string) => {
    setInputValue(next);
    // Leaving the field resets its text, but the matches stay offered while the menu lingers.
    if (reason !== 'blur') setTypedValue(next);
  };
  const handleClose = (_event: unknown, reason: string) => {
    if (reason === 'blur' && blurCloseDelay > 0) delayedClose.run();
    else setIsOpen(false);
  };

  return {
    isOpen,
    inputValue,
    options,
    isLongEnough,
    isLoading: isLongEnough && (isFetching || typed !== term),
    handlers: {
      open: handleOpen,
      close: handleClose,
      inputChange: handleInputChange,
      focus: delayedClose.cancel,
    },
  };
}

/** Picks one record by searching the server as the user types: the first page of matches is offered. */
export function SearchAutocomplete<T extends { Id: number }>({
  endpoint,
  getOptionLabel,
  minLength,
  blurCloseDelay = 0,
  isWrapped = false,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  name,
  required,
  disabled,
  error,
  helperText,
}: SearchAutocompleteProps<T>) {
  const { isOpen, inputValue, options, isLoading, isLongEnough, handlers } = useServerOptions(
    endpoint,
    minLength,
    blurCloseDelay,
    value,
  );

  return (
    <Autocomplete
      open={isOpen}
      onOpen={handlers.open}
      onClose={handlers.close}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={inputValue}
      onInputChange={handlers.inputChange}
      onBlur={onBlur}
      // Back in the field before the menu went: it stays (the picker counts as open all along).
      onFocus={handlers.focus}
      options={options}
      // The server has filtered already, by rules the browser does not know (ё/е, word order).
      filterOptions={(found) => found}
      getOptionLabel={getOptionLabel}
      isOptionEqualToValue={(option, selected) => option.Id === selected.Id}
      getOptionKey={(option) => option.Id}
      loading={isLoading}
      loadingText={loadingText}
      noOptionsText={isLongEnough ? noOptionsText : tooShortText(minLength)}
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={name}
          inputRef={inputRef}
          required={required}
          error={error}
          helperText={helperText}
          multiline={isWrapped}
          onKeyDown={isWrapped ? keepOneLine : undefined}
        />
      )}
    />
  );
}
