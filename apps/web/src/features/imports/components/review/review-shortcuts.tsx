import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useEffectEvent, useId } from 'react';

/*
 * The review from the keyboard alone. Letters are read by their place on the keyboard (`code`), so that the
 * Russian layout works as the Latin one; none of the keys is one a browser keeps for itself.
 */

export type ReviewShortcutHandlers = {
  onSave: () => void;
  onReject: () => void;
  onNext: () => void;
  onSection: (step: 1 | -1) => void;
};

/** The keys, as the legend writes them and as `aria-keyshortcuts` names them. */
export const shortcutKeys = {
  save: { label: 'Ctrl+Enter', aria: 'Control+Enter' },
  reject: { label: 'Alt+R', aria: 'Alt+R' },
  next: { label: 'Alt+N', aria: 'Alt+N' },
  undo: { label: 'Ctrl+Z', aria: 'Control+Z' },
} as const;

/** What the keys of the review do, as the screen's legend says it: each is one the screen answers. */
export const legend: [keys: string, action: string][] = [
  [shortcutKeys.save.label, 'сохранить запись; в окне отклонения или выбора стажёра — подтвердить'],
  [shortcutKeys.reject.label, 'отклонить запись'],
  [shortcutKeys.next.label, 'к следующей необработанной записи'],
  [shortcutKeys.undo.label, 'отменить решение по предыдущей записи, пока видно его подтверждение'],
  ['Alt+↑ / Alt+↓', 'предыдущий / следующий раздел'],
  ['Tab', 'к следующему изменённому полю'],
  ['← / →', 'оставить значение реестра / принять значение из файла'],
  ['Enter', 'в итоговом окне импорта: вернуться к импорту'],
];

/**
 * Ctrl+Z (⌘+Z) undoes the previous row's decision, but not where the browser's own undo of typing is meant:
 * in a text field.
 */
export function isUndoKey(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.code !== 'KeyZ')
    return false;
  const target = event.target;
  return !(
    target instanceof HTMLElement &&
    (target.isContentEditable || target instanceof HTMLTextAreaElement || isTextInput(target))
  );
}

const isTextInput = (element: HTMLElement) =>
  element instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(element.type);

/** Which action a key press asks for, if any. */
function actionOf(event: KeyboardEvent): 'onSave' | 'onReject' | 'onNext' | 'previous' | 'following' | null {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key === 'Enter') return 'onSave';
  if (!event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.code === 'KeyR') return 'onReject';
  if (event.code === 'KeyN') return 'onNext';
  if (event.key === 'ArrowUp') return 'previous';
  if (event.key === 'ArrowDown') return 'following';
  return null;
}

/** Listens for the review's keys on the whole page while `isActive` (no dialog is open over the review). */
export function useReviewShortcuts(handlers: ReviewShortcutHandlers, isActive: boolean) {
  const handleKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const action = actionOf(event);
    if (!action || event.defaultPrevented || event.isComposing) return;
    event.preventDefault();
    if (action === 'previous' || action === 'following') handlers.onSection(action === 'previous' ? -1 : 1);
    else handlers[action]();
  });

  useEffect(() => {
    if (!isActive) return;
    const listener = (event: KeyboardEvent) => handleKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [isActive]);
}

/** The review's keys, on the screen. */
export function ShortcutLegend() {
  const headingId = useId();
  return (
    <Paper component="aside" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mt: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h2" gutterBottom>
        Клавиши
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {legend.map(([keys, action]) => (
          <Fragment key={keys}>
            <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 500 }}>
              {keys}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {action}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </Paper>
  );
}
