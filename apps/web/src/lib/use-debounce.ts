import { useCallback, useEffect, useRef, useState } from 'react';

/** The value as it was `delay` ms after it last changed: a search term that waits for the typing to pause. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * A callback that runs `delay` ms after its last call, with the arguments of that call; `cancel` drops a
 * pending run. Nothing runs after the component unmounts.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delay: number,
): { run: (...args: Args) => void; cancel: () => void } {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });

  const cancel = useCallback(() => window.clearTimeout(timer.current), []);
  const run = useCallback(
    (...args: Args) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latest.current(...args), delay);
    },
    [delay],
  );
  useEffect(() => cancel, [cancel]);
  return { run, cancel };
}
