import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { DictionaryRoute } from './dictionary';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DictionaryRoute', () => {
  it('shows the dictionary of a known code under its title', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, { Page: 0, TotalPages: 0, Results: [] }));
    renderRoute(paths.dictionary.path, '/dictionaries/termination-reasons', <DictionaryRoute />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Основания прекращения стажировки' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Записей пока нет')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/dictionaries/termination-reasons/search?page=0');
  });

  it('is not a page for an unknown code', () => {
    const fetchMock = stubApi(() => jsonResponse(404, {}));
    renderRoute(paths.dictionary.path, '/dictionaries/planets', <DictionaryRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
