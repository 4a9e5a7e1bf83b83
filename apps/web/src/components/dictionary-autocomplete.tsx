import type { DictionaryCode, DictionaryRef } from '@registry/shared';
import { dictionaryEndpoint } from '@/lib/search-queries';
import { SearchAutocomplete, type PickerProps } from './search-autocomplete';

/** Milliseconds the menu stays after the field loses focus (docs/screens.md#formats-and-constants). */
export const DICTIONARY_CLOSE_DELAY_MS = 200;

/** Picks an entry of a dictionary (addresses, termination reasons); searching starts at 3 characters. */
export function DictionaryAutocomplete({
  code,
  ...props
}: PickerProps<DictionaryRef> & { code: DictionaryCode }) {
  return (
    <SearchAutocomplete
      {...props}
      endpoint={dictionaryEndpoint(code)}
      getOptionLabel={(option) => option.Value}
      minLength={3}
      blurCloseDelay={DICTIONARY_CLOSE_DELAY_MS}
    />
  );
}
