import type { NamedRef } from '@registry/shared';
import { schoolsEndpoint } from '@/lib/search-queries';
import { SearchAutocomplete, type PickerProps } from './search-autocomplete';

/** Picks a school by name; searching starts at 2 characters (docs/screens.md#formats-and-constants). */
export function SchoolAutocomplete(props: PickerProps<NamedRef>) {
  return (
    <SearchAutocomplete
      {...props}
      endpoint={schoolsEndpoint}
      getOptionLabel={(option) => option.Name}
      minLength={2}
    />
  );
}
