import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_LIST_PAGES, texts, type InternListItem } from '@registry/shared';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { InternList } from './intern-list';
import { PublicInternList } from './public-intern-list';

/** Matches the innermost element whose whole text is `text`, though parts of it are elements of their own. */
const byTextContent = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

const ivanova: InternListItem = {
  Id: 5,
  FullName: 'Иванова Алёна Петровна',
  Status: 1,
  RegistrationNumbers: [{ Organization: { Id: 7, Name: 'СРО «Кадастр»' }, Number: 'К-12', Status: 3 }],
  IsDeleted: false,
};

const exportName = 'Стажёры 2026-11-22.xlsx';

/** Answers the search with `rows` and the export with a small file; returns the called URLs, decoded. */
function stubRegistry(
  rows: InternListItem[],
  pages: { TotalPages: number; HasMore: boolean; IsCapped?: boolean } = { TotalPages: 1, HasMore: false },
) {
  const fetchMock = stubApi(({ url }) => {
    if (url.startsWith('/api/v1/interns/export')) {
      // A string body: jsdom's Blob is not one Node's Response can read.
      return new Response('PK', {
        headers: {
          'content-disposition': `attachment; filename="interns.xlsx"; filename*=UTF-8''${encodeURIComponent(exportName)}`,
        },
      });
    }
    return jsonResponse(200, { Page: 0, IsCapped: false, ...pages, Results: rows });
  });
  return () => fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url).replaceAll('+', ' ')));
}

const renderList = (url: string) => renderRoute('/interns', url, <InternList />);
// Queries by text and label where they are as exact: a role query walks the whole of MUI's large tree.
const tab = (name: string) => within(screen.getByRole('tablist')).getByRole('tab', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InternList', () => {
  it('asks for the term, status, filter and page of its URL, and links each row to its card', async () => {
    const calls = stubRegistry([ivanova], { TotalPages: 3, HasMore: false });
    renderList('/interns?term=иванова&status=1&org=7&orgName=СРО «Кадастр»&transfer=true&full=true&page=2');

    const name = await screen.findByRole('link', { name: 'Иванова Алёна Петровна' });
    expect(name).toHaveAttribute('href', '/interns/5');
    expect(calls()).toEqual(['/api/v1/interns/search?page=1&term=иванова&status=1&org=7&transfer=true']);
    expect(screen.getByText(byTextContent('СРО «Кадастр» — К-12'))).toBeInTheDocument();
    expect(screen.getByText('Допущен к экзамену')).toBeInTheDocument();
    expect(screen.getByLabelText('Поиск по ФИО или СНИЛС')).toHaveValue('иванова');
    expect(tab('Допущенные к экзамену')).toHaveAttribute('aria-selected', 'true');
    // A URL with a filter opens the filter that narrows the list.
    expect(screen.getByText('Фильтр').closest('button')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('СРО')).toHaveValue('СРО «Кадастр»');
    expect(screen.getByLabelText('Только с переходами по СРО')).toBeChecked();
    expect(screen.getByLabelText('Полная выгрузка')).toBeChecked();
    expect(screen.getByLabelText('Страница 2')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('Страница 3')).toHaveAttribute(
      'href',
      `/interns?${new URLSearchParams({ term: 'иванова', status: '1', org: '7', orgName: 'СРО «Кадастр»', transfer: 'true', full: 'true', page: '3' })}`,
    );
  });

  it('puts a tab into the URL, from the first page', async () => {
    const calls = stubRegistry([ivanova]);
    const { user, router } = renderList('/interns?page=2&transfer=true');
    await screen.findByRole('link', { name: ivanova.FullName });

    await user.click(tab('Аттестованные'));
    expect(router.state.location.search).toBe('?status=2&transfer=true');
    await waitFor(() => expect(calls()).toContain('/api/v1/interns/search?page=0&status=2&transfer=true'));

    await user.click(tab('Все'));
    expect(router.state.location.search).toBe('?transfer=true');
  });

  it('puts the filter into the URL; the full export changes the export only', async () => {
    const calls = stubRegistry([ivanova]);
    const { user, router } = renderList('/interns?status=2');
    await screen.findByRole('link', { name: ivanova.FullName });

    await user.click(screen.getByText('Фильтр'));
    await user.click(screen.getByLabelText('Только с переходами по СРО'));
    expect(router.state.location.search).toBe('?status=2&transfer=true');
    await waitFor(() => expect(calls()).toContain('/api/v1/interns/search?page=0&status=2&transfer=true'));

    const asked = calls().length;
    await user.click(screen.getByLabelText('Полная выгрузка'));
    expect(router.state.location.search).toBe('?status=2&transfer=true&full=true');
    expect(calls()).toHaveLength(asked);
  });

  it('lists the deleted under «Удалённые», kept in the URL, each marked and linked to its card', async () => {
    const fetchMock = stubApi(({ url }) =>
      jsonResponse(200, {
        Page: 0,
        TotalPages: 1,
        HasMore: false,
        IsCapped: false,
        Results: [{ ...ivanova, IsDeleted: url.includes('deleted=true') }],
      }),
    );
    const calls = () => fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url)));
    const { user, router } = renderList('/interns?status=1');
    await screen.findByRole('link', { name: ivanova.FullName });
    expect(screen.queryByText('Удалён')).not.toBeInTheDocument();

    await user.click(screen.getByText('Фильтр'));
    await user.click(screen.getByLabelText('Удалённые'));
    expect(router.state.location.search).toBe('?status=1&deleted=true');
    await waitFor(() => expect(calls()).toContain('/api/v1/interns/search?page=0&status=1&deleted=true'));
    expect(await screen.findByText('Удалён')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ivanova.FullName })).toHaveAttribute('href', '/interns/5');

    await user.click(screen.getByLabelText('Удалённые'));
    expect(router.state.location.search).toBe('?status=1');
  });

  it('opens its filter with «Удалённые» on for a URL of the deleted, and says when there are none', async () => {
    const calls = stubRegistry([]);
    renderList('/interns?deleted=true');
    expect(await screen.findByText('Удалённые стажёры не найдены')).toBeInTheDocument();
    expect(screen.getByLabelText('Удалённые')).toBeChecked();
    expect(calls()).toEqual(['/api/v1/interns/search?page=0&deleted=true']);
  });

  it('says the registry is empty, or that nothing was found, and then cannot export', async () => {
    stubRegistry([]);
    const { unmount } = renderList('/interns');
    expect(await screen.findByText('В реестре пока нет стажёров')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выгрузить' })).toBeDisabled();
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
    unmount();

    renderList('/interns?term=зззз');
    expect(await screen.findByText('Стажёры не найдены')).toBeInTheDocument();
  });

  it('shows that more pages follow those counted', async () => {
    stubRegistry([ivanova], { TotalPages: 10, HasMore: true });
    renderList('/interns');
    const pages = await screen.findByRole('navigation', { name: 'Страницы' });
    expect(within(pages).getByRole('img', { name: 'Есть и другие страницы' })).toHaveTextContent('…');
    expect(within(pages).getByRole('link', { name: 'Следующая страница' })).toHaveAttribute(
      'href',
      '/interns?page=2',
    );
  });

  it('asks to narrow a search that matches more than the list pages through', async () => {
    stubRegistry([ivanova], { TotalPages: MAX_LIST_PAGES, HasMore: false, IsCapped: true });
    renderList('/interns');
    expect(
      await screen.findByText(texts.listCapped(MAX_LIST_PAGES, texts.narrowTrainees)),
    ).toBeInTheDocument();
  });

  it('exports the filtered list under the name the server gave', async () => {
    const calls = stubRegistry([ivanova]);
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    let savedAs = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    const { user } = renderList('/interns?status=0&full=true');

    await user.click(await screen.findByRole('button', { name: 'Выгрузить' }));
    await waitFor(() => expect(savedAs).toBe(exportName));
    expect(calls()).toContain('/api/v1/interns/export?status=0&full=true');
    expect(createObjectURL).toHaveBeenCalledOnce();
  });

  it('opens the export error dialog when the export fails', async () => {
    stubApi(({ url }) =>
      url.startsWith('/api/v1/interns/export')
        ? jsonResponse(500, { ErrorMessage: 'Диск переполнен' })
        : jsonResponse(200, { Page: 0, TotalPages: 1, HasMore: false, IsCapped: false, Results: [ivanova] }),
    );
    const { user } = renderList('/interns');
    await user.click(await screen.findByRole('button', { name: 'Выгрузить' }));
    const dialog = await screen.findByRole('dialog', { name: 'При экспорте произошла ошибка' });
    expect(dialog).toHaveTextContent('Диск переполнен');
  });

  it('opens a new trainee from the create button', async () => {
    stubRegistry([]);
    renderList('/interns');
    expect(screen.getByRole('link', { name: 'Добавить стажёра' })).toHaveAttribute('href', '/interns/new');
  });
});

describe('PublicInternList', () => {
  it('searches without the operator filter, tells how to find by SNILS, and links rows to the public card', async () => {
    const calls = stubRegistry([ivanova]);
    renderRoute('/pub', '/pub?term=112-233-445 95&org=7&transfer=true&deleted=true', <PublicInternList />);

    expect(await screen.findByRole('link', { name: ivanova.FullName })).toHaveAttribute('href', '/public/5');
    expect(calls()).toEqual(['/api/v1/interns/search?page=0&term=112-233-445 95']);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Реестр стажёров помощников кадастровых инженеров' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Для поиска по СНИЛС введите его полностью')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Фильтр' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Выгрузить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Добавить стажёра' })).not.toBeInTheDocument();
  });

  it('keeps its own address in the links of its pages, and has no status tabs', async () => {
    stubRegistry([ivanova], { TotalPages: 2, HasMore: false });
    renderRoute('/pub', '/pub', <PublicInternList />);
    expect(await screen.findByRole('link', { name: 'Страница 2' })).toHaveAttribute('href', '/pub?page=2');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
