import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { pagedSchema } from '@registry/shared';
import type { SearchEndpoint } from '@/lib/search-queries';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { SearchableList } from './searchable-list';

type Row = { Id: number; Name: string };
const endpoint: SearchEndpoint<Row> = {
  key: ['things'],
  path: '/api/v1/things',
  schema: pagedSchema(z.object({ Id: z.number(), Name: z.string() })),
};
const hrefFor = (query?: string) => (query ? `/things/${encodeURIComponent(query)}` : '/things');

function renderList(
  url: string,
  renderDialog: (row: Row | null, onClose: () => void) => ReactNode = () => null,
) {
  return renderRoute(
    '/things/:query?',
    url,
    <SearchableList
      title="Вещи"
      searchLabel="Поиск"
      hrefFor={hrefFor}
      endpoint={endpoint}
      columns={[{ header: 'Наименование', cell: (row) => row.Name }]}
      renderDialog={renderDialog}
    />,
  );
}

function stubPages(totalPages: number, rows: Row[]) {
  return stubApi(({ url }) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    return jsonResponse(200, { Page: page, TotalPages: totalPages, Results: rows });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchableList', () => {
  it('searches for the term and page of its URL, and shows the rows', async () => {
    const fetchMock = stubPages(3, [{ Id: 1, Name: 'Первая' }]);
    renderList('/things/%D0%BF%D0%B5%D1%80?page=2');

    expect(await screen.findByRole('cell', { name: 'Первая' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Вещи' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('пер');
    expect(decodeURIComponent(String(fetchMock.mock.calls[0]?.[0]))).toBe(
      '/api/v1/things/search?term=пер&page=1',
    );
    const nav = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(nav).getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows no page links for a single page, and says when nothing is found or there is nothing yet', async () => {
    stubPages(0, []);
    const { unmount } = renderList('/things/zzz');
    expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
    unmount();

    renderList('/things');
    expect(await screen.findByText('Записей пока нет')).toBeInTheDocument();
  });

  it('puts a typed term into the URL after a pause, from the first page, replacing the history entry', async () => {
    stubPages(5, [{ Id: 1, Name: 'Первая' }]);
    const { user, router } = renderList('/things?page=3');
    await screen.findByRole('cell', { name: 'Первая' });

    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'ива ');
    expect(router.state.location.pathname).toBe('/things');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/things/${encodeURIComponent('ива')}`));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    // The trailing space the user typed stays in the field: the next word is on its way.
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('ива ');
  });

  it('shows a term set from outside, as by a menu link', async () => {
    stubPages(1, [{ Id: 1, Name: 'Первая' }]);
    const { router } = renderList('/things/abc');
    await screen.findByRole('cell', { name: 'Первая' });
    await router.navigate('/things');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue(''));
  });

  it('opens the dialog of a row clicked or of its edit button, and of a new record', async () => {
    stubPages(1, [{ Id: 1, Name: 'Первая' }]);
    const renderDialog = (row: Row | null, onClose: () => void) => (
      <button onClick={onClose}>{row ? `Изменить ${row.Name}` : 'Новая'}</button>
    );
    const { user } = renderList('/things', renderDialog);

    await user.click(await screen.findByRole('cell', { name: 'Первая' }));
    await user.click(screen.getByRole('button', { name: 'Изменить Первая' }));
    expect(screen.queryByRole('button', { name: 'Изменить Первая' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Редактировать' }));
    await user.click(screen.getByRole('button', { name: 'Изменить Первая' }));
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(screen.getByRole('button', { name: 'Новая' })).toBeInTheDocument();
  });

  it('opens the global error dialog when the list cannot be loaded', async () => {
    stubApi(() => jsonResponse(500, { ErrorMessage: 'База данных недоступна', ErrorId: 'e-1' }));
    renderList('/things');
    expect(await screen.findByRole('dialog')).toHaveTextContent('База данных недоступна');
    expect(screen.getByText('Не удалось загрузить список')).toBeInTheDocument();
  });
});
