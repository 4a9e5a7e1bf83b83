import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DictionaryEntry } from '@registry/shared';
import { jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { DictionaryEntryDialog } from './dictionary-entry-dialog';
import type { EntryDictionaryCode } from './entry-texts';

const weekendRule =
  'Рабочий день по переносу — это суббота или воскресенье, дата ГГГГ-ММ-ДД, например 2025-11-01';

function renderDialog(code: EntryDictionaryCode, entry: DictionaryEntry) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<DictionaryEntryDialog code={code} entry={entry} onClose={onClose} />);
  return { onClose, ...rendered };
}

const save = () => screen.getByRole('button', { name: 'Сохранить' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DictionaryEntryDialog of working days by transfer', () => {
  it('refuses a weekday under the field without calling the server', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, { Id: 7, Value: '2025-11-03' }));
    // 2025-11-03 was a Monday: working anyway, so marking it would change no deadline.
    const { user, onClose } = renderDialog('working-days', { Id: 7, Value: '2025-11-03' });
    expect(screen.getByRole('dialog', { name: 'Редактирование рабочего дня' })).toBeInTheDocument();

    await user.click(save());
    expect(await screen.findByText(weekendRule)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends a Saturday and closes when the server accepts it', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, { Id: 7, Value: '2025-11-01' }));
    const { user, onClose } = renderDialog('working-days', { Id: 7, Value: '2025-11-01' });

    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/dictionaries/working-days/entries/7');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ Value: '2025-11-01' });
    expect(screen.queryByText(weekendRule)).not.toBeInTheDocument();
  });
});

describe('DictionaryEntryDialog of holidays', () => {
  it('takes a holiday on any day of the week', async () => {
    // 2027-01-04 is a Monday: a holiday may fall on a weekday or on a weekend.
    const fetchMock = stubApi(() => jsonResponse(200, { Id: 3, Value: '2027-01-04' }));
    const { user, onClose } = renderDialog('holidays', { Id: 3, Value: '2027-01-04' });
    expect(screen.getByRole('dialog', { name: 'Редактирование праздничного дня' })).toBeInTheDocument();

    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/dictionaries/holidays/entries/3');
  });
});
