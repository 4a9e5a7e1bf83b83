import { useSyncExternalStore } from 'react';
import { texts } from '@registry/shared';
import { ApiError } from './api-client';

/** What the error dialog shows; `intern` is the trainee a refusal names (a SNILS's holder), to open. */
export type ErrorDialogContent = {
  title: string;
  text: string;
  errorId?: string;
  intern?: { Id: number; FullName: string };
};

/**
 * The dialog's text for any failure (docs/screens.md#the-error-dialog): ErrorMessage, else ExceptionMessage,
 * else Message, else the generic sentence; the error code when the server gave one. Network failures get the
 * generic sentence.
 */
export function describeError(
  error: unknown,
  title: string = texts.unexpectedErrorTitle,
): ErrorDialogContent {
  if (!(error instanceof ApiError)) return { title, text: texts.unexpectedErrorText };
  const { ErrorMessage, ExceptionMessage, Message } = error.body;
  const text = ErrorMessage || ExceptionMessage || Message || texts.unexpectedErrorText;
  return {
    title,
    text,
    ...(error.errorId ? { errorId: error.errorId } : {}),
    ...(error.body.Intern ? { intern: error.body.Intern } : {}),
  };
}

/*
 * The global dialog lives outside React's tree of state so that the query cache, which is created before
 * any component, can open it. One dialog at a time: a newer error replaces the one shown.
 */
type State = { isOpen: boolean; content: ErrorDialogContent | null };

let state: State = { isOpen: false, content: null };
const listeners = new Set<() => void>();

function setState(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Opens the global error dialog; `title` replaces the default one (docs/screens.md#titles-by-operation),
 * `details` are lines said under the error's text (the problems a refused save lists).
 */
export function showErrorDialog(error: unknown, options: { title?: string; details?: string[] } = {}) {
  const content = describeError(error, options.title);
  const text = [content.text, ...(options.details ?? [])].join('\n');
  setState({ isOpen: true, content: { ...content, text } });
}

/** Closes the dialog; its content stays until the next error so that it does not blank while fading out. */
export function closeErrorDialog() {
  setState({ ...state, isOpen: false });
}

/** The dialog's current state outside React (for tests). */
export function getErrorDialogState(): State {
  return state;
}

/** The dialog's current state, for the one component that renders it. */
export function useErrorDialogState(): State {
  return useSyncExternalStore(subscribe, () => state);
}
