import type { NamedRef } from '@registry/shared';
import { organizationsEndpoint } from '@/lib/search-queries';
import { SearchAutocomplete, type PickerProps } from './search-autocomplete';

/**
 * Picks an SRO by name or register number; searching starts at 2 characters
 * (docs/screens.md#formats-and-constants). The chosen name wraps rather than being cut: SRO names differ only
 * at their end.
 */
export function OrganizationAutocomplete(props: PickerProps<NamedRef>) {
  return (
    <SearchAutocomplete
      {...props}
      endpoint={organizationsEndpoint}
      getOptionLabel={(option) => option.Name}
      minLength={2}
      isWrapped
    />
  );
}
