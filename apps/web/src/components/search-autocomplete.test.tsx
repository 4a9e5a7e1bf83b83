import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictionaryRef, Organization } from '@registry/shared';
import { jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { DictionaryAutocomplete } from './dictionary-autocomplete';
import { OrganizationAutocomplete } from './organization-autocomplete';
import { SchoolAutocomplete } from './school-autocomplete';

const sro: Organization = {
  Id: 7,
  Name: 'СРО «Кадастровые инженеры»',
  FormerName: null,
  EmailAddress: null,
  RegistryNumber: '007',
};
const reason: DictionaryRef = { Id: 3, Value: 'Заявление стажёра' };

// The timers are fake so that the thresholds and the 200 ms are exact; see test/render.tsx on fireEvent.
// Each step in its own act, so that React renders what a timer changed before the next timer is due.
const wait = async (ms: number) => {
  for (let step = 0; step < ms; step += 50)
    await act(() => vi.advanceTimersByTimeAsync(Math.min(50, ms - step)));
  await act(() => vi.advanceTimersByTimeAsync(0));
};
// As a user does: in the field (the picker resets an unfocused field to its value), then typing.
function type(label: string, value: string) {
  const input = screen.getByRole('combobox', { name: label });
  act(() => input.focus());
  fireEvent.change(input, { target: { value } });
}

function leave(label: string) {
  act(() => screen.getByRole('combobox', { name: label }).blur());
}

/** Typing all but the last character of `enough` asks nothing; the last one asks after the pause. */
async function expectSearchFrom(fetchMock: ReturnType<typeof stubApi>, label: string, enough: string) {
  type(label, enough.slice(0, -1));
  await wait(1000);
  expect(fetchMock).not.toHaveBeenCalled();
  expect(screen.getByText(`Введите не менее ${enough.length} символов`)).toBeInTheDocument();

  type(label, enough);
  await wait(300);
}

function stubSearch(results: unknown[]) {
  return stubApi(() => jsonResponse(200, { Page: 0, TotalPages: 1, Results: results }));
}

function searchedUrls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url)));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OrganizationAutocomplete', () => {
  it('asks the server only from 2 characters, and offers what it finds', async () => {
    const fetchMock = stubSearch([sro]);
    const onChange = vi.fn();
    renderWithProviders(<OrganizationAutocomplete label="Организация" value={null} onChange={onChange} />);

    await expectSearchFrom(fetchMock, 'Организация', 'ка');
    expect(searchedUrls(fetchMock)).toEqual(['/api/v1/organizations/search?term=ка&page=0']);

    fireEvent.click(screen.getByRole('option', { name: sro.Name }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ Id: 7, Name: sro.Name }));
  });

  it('says so when nothing is found, and closes its menu at once on blur', async () => {
    stubSearch([]);
    renderWithProviders(<SchoolAutocomplete label="Учебное заведение" value={null} onChange={vi.fn()} />);

    type('Учебное заведение', 'мгу');
    await wait(300);
    expect(screen.getByText('Ничего не найдено')).toBeInTheDocument();

    leave('Учебное заведение');
    expect(screen.queryByText('Ничего не найдено')).not.toBeInTheDocument();
  });
});

describe('DictionaryAutocomplete', () => {
  function renderPicker() {
    return renderWithProviders(
      <DictionaryAutocomplete code="termination-reasons" label="Основание" value={null} onChange={vi.fn()} />,
    );
  }

  it('asks the server only from 3 characters', async () => {
    const fetchMock = stubSearch([reason]);
    renderPicker();

    await expectSearchFrom(fetchMock, 'Основание', 'зая');
    expect(searchedUrls(fetchMock)).toEqual([
      '/api/v1/dictionaries/termination-reasons/search?term=зая&page=0',
    ]);
    expect(screen.getByRole('option', { name: reason.Value })).toBeInTheDocument();
  });

  it('keeps its menu for 200 ms after the field loses focus', async () => {
    stubSearch([reason]);
    renderPicker();
    type('Основание', 'заяв');
    await wait(300);
    expect(screen.getByRole('option', { name: reason.Value })).toBeInTheDocument();

    leave('Основание');
    await wait(199);
    expect(screen.getByRole('option', { name: reason.Value })).toBeInTheDocument();
    await wait(1);
    expect(screen.queryByRole('option', { name: reason.Value })).not.toBeInTheDocument();
  });

  it('keeps its menu when the field is focused again within the 200 ms', async () => {
    stubSearch([reason]);
    renderPicker();
    type('Основание', 'заяв');
    await wait(300);

    leave('Основание');
    await wait(100);
    type('Основание', 'заявл');
    await wait(500);
    expect(screen.getByRole('option', { name: reason.Value })).toBeInTheDocument();
  });
});
