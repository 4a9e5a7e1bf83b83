import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { useDebouncedCallback } from '@/lib/use-debounce';

/** How long typing must pause before the list searches. */
export const SEARCH_DELAY_MS = 400;

type SearchFieldProps = {
  label: string;
  /** The term the list shows now (from the URL). */
  term: string;
  /** Asks the list for another term, once the typing pauses. */
  onSearch: (term: string) => void;
  /** A hint under the box, such as how a search by SNILS works. */
  helperText?: ReactNode;
};

/** A list's search box: typing asks for the new term after a pause; a term set elsewhere is shown as is. */
export function SearchField({ label, term, onSearch, helperText }: SearchFieldProps) {
  const [input, setInput] = useState(term);
  const [shownTerm, setShownTerm] = useState(term);
  const debouncedSearch = useDebouncedCallback(onSearch, SEARCH_DELAY_MS);

  // A term set from outside (a menu link, Back) is shown; the field's own term is left as typed, spaces kept.
  if (term !== shownTerm) {
    setShownTerm(term);
    if (term !== input.trim()) setInput(term);
  }
  // A search still waiting to run would undo the new term.
  const { cancel } = debouncedSearch;
  useEffect(() => cancel, [term, cancel]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setInput(event.target.value);
    debouncedSearch.run(event.target.value.trim());
  };

  return (
    <TextField
      type="search"
      label={label}
      value={input}
      onChange={handleChange}
      helperText={helperText}
      size="small"
      sx={{ flexGrow: 1, maxWidth: 560 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
