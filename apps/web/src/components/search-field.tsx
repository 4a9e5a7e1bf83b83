import SearchIcon from '@mui/icons-material/Search';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
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

/**
 * A list's search box: typing asks for the new term after a pause; a term set elsewhere is shown as is. Built
 * from TextField's parts, because TextField imports Select with its menu and modal, which the public first load
 * would then carry for nothing.
 */
export function SearchField({ label, term, onSearch, helperText }: SearchFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const [input, setInput] = useState(term);
  const [shownTerm, setShownTerm] = useState(term);
  // The term this field last asked for: when the list arrives at it, the field may already hold more typing.
  const [asked, setAsked] = useState<string | null>(null);
  const [outsideTerms, setOutsideTerms] = useState(0);
  const debouncedSearch = useDebouncedCallback((next: string) => {
    setAsked(next);
    onSearch(next);
  }, SEARCH_DELAY_MS);

  // A term set from outside (a menu link, Back) is shown; the field's own term is left as typed, spaces kept,
  // and so are the keys typed after it was asked for, which a slow page would otherwise wipe out.
  if (term !== shownTerm) {
    setShownTerm(term);
    if (term === asked) setAsked(null);
    else {
      setOutsideTerms((count) => count + 1);
      if (term !== input.trim()) setInput(term);
    }
  }
  // A search still waiting to run would undo a term set from outside.
  const { cancel } = debouncedSearch;
  useEffect(() => {
    if (outsideTerms > 0) cancel();
  }, [outsideTerms, cancel]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setInput(event.target.value);
    debouncedSearch.run(event.target.value.trim());
  };

  return (
    <FormControl size="small" sx={{ flexGrow: 1, maxWidth: 560 }}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type="search"
        label={label}
        value={input}
        onChange={handleChange}
        aria-describedby={helperText ? helperId : undefined}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon />
          </InputAdornment>
        }
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
