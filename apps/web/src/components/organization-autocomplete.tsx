import type { NamedRef } from '@registry/shared';
import { organizationsEndpoint } from '@/lib/search-queries';
import { SearchAutocomplete, type PickerProps } from './search-autocomplete';

/** Picks an SRO by name or register number; searching starts at 2 characters (SPEC.md §5). */
export function OrganizationAutocomplete(props: PickerProps<NamedRef>) {
  return (
    <SearchAutocomplete
      {...props}
      endpoint={organizationsEndpoint}
      getOptionLabel={(option) => option.Name}
      minLength={2}
    />
  );
}
