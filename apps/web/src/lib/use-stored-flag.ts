import { useCallback, useState } from 'react';

function read(key: string, fallback: boolean): boolean {
  try {
    const value = window.localStorage.getItem(key);
    return value === null ? fallback : value === 'true';
  } catch {
    // Storage may be disabled (privacy settings); the flag then lives for this page only.
    return fallback;
  }
}

/** A boolean kept in localStorage, so that a choice such as the menu's mini mode survives a reload. */
export function useStoredFlag(key: string, fallback = false): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  const store = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // See read(): not remembering is acceptable.
      }
    },
    [key],
  );
  return [value, store];
}
