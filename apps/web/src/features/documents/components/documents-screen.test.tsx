import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_LIST_PAGES, texts, type BasisDocument } from '@registry/shared';
import { paths } from '@/config/paths';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { documentsSearchLabel, DocumentsScreen } from './documents-screen';
import { notFoundText } from './document-table';
import { importedLetter, letterChanges, manualLetter } from './test-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubDocumentsApi(
  results: BasisDocument[] = [importedLetter, manualLetter],
  pages: { Page?: number; TotalPages: number; HasMore: boolean; IsCapped: boolean } = {
    TotalPages: 1,
    HasMore: false,
    IsCapped: false,
  },
) {
  return stubApi(({ url }) => {
    if (url.startsWith('/api/v1/archives/documents/11/changes')) {
      return jsonResponse(200, { Document: manualLetter, Changes: letterChanges });
    }
    if (url.startsWith('/api/v1/archives/documents')) {
      return jsonResponse(200, { Page: 0, ...pages, Results: results });
    }
    return jsonResponse(404, { ErrorMessage: 'нет', ErrorId: 'x' });
  });
}

const renderScreen = (url = '/documents') => renderRoute(paths.documents.path, url, <DocumentsScreen />);

/** Types a whole date in its display form into the period's field, as autofill would. */
const dateInput = (label: string) =>
  screen.getByRole('group', { name: new RegExp(`^${label}`) }).parentElement!.querySelector('input')!;

function typeDate(label: string, value: string) {
  fireEvent.change(dateInput(label), { target: { value } });
}

const rowOf = async (title: string) => (await screen.findByRole('cell', { name: title })).closest('tr')!;

describe('DocumentsScreen', () => {
  it('lists the latest documents with their requisites, SRO and source: an import or a manual entry', async () => {
    stubDocumentsApi();
    renderScreen();

    const imported = await rowOf('№ 345-вх от 2025.09.01');
    expect(within(imported).getByRole('cell', { name: '№ 88 от 2025.08.28' })).toBeInTheDocument();
    expect(within(imported).getByRole('cell', { name: 'СРО «Северное объединение»' })).toBeInTheDocument();
    expect(within(imported).getByRole('link', { name: 'Импорт №41' })).toHaveAttribute('href', '/imports/41');

    const manual = await rowOf('№ 17-П от 2025.03.15');
    expect(within(manual).getAllByRole('cell', { name: '—' })).toHaveLength(2);
    expect(within(manual).getByRole('cell', { name: 'внесено вручную' })).toBeInTheDocument();
  });

  it('links the trainees a document changed to their cards, and counts those it does not name', async () => {
    stubDocumentsApi();
    renderScreen();

    const manual = await rowOf('№ 17-П от 2025.03.15');
    expect(within(manual).getByRole('link', { name: 'Белова Елена Викторовна' })).toHaveAttribute(
      'href',
      '/interns/5',
    );
    expect(within(manual).getByRole('link', { name: 'Яковлева Елена Викторовна' })).toHaveAttribute(
      'href',
      '/interns/6',
    );
    expect(manual).toHaveTextContent('Белова Елена Викторовна, Яковлева Елена Викторовна … и ещё 3');
    expect(await rowOf('№ 345-вх от 2025.09.01')).not.toHaveTextContent('и ещё');
  });

  it('searches by the term and period of its URL, and keeps a new term there', async () => {
    const fetchMock = stubDocumentsApi([]);
    const { user, router } = renderScreen('/documents?term=17-П&from=2025-01-01&to=2025-03-31&page=2');

    expect(await screen.findByText(notFoundText)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/archives/documents?page=1&term=17-%D0%9F&from=2025-01-01&to=2025-03-31',
      expect.anything(),
    );
    const search = screen.getByRole('searchbox', { name: documentsSearchLabel });
    expect(search).toHaveValue('17-П');

    await user.clear(search);
    await user.type(search, 'северное');
    await waitFor(() => expect(router.state.location.search).toContain('term=%D1%81%D0%B5'));
    // A new term starts from the first page and keeps the period.
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2025-01-01');
  });

  it('shows that more pages follow those counted', async () => {
    stubDocumentsApi(undefined, { TotalPages: 10, HasMore: true, IsCapped: false });
    renderScreen('/documents?term=вх');
    const pages = await screen.findByRole('navigation', { name: 'Страницы' });
    expect(within(pages).getByRole('img', { name: 'Есть и другие страницы' })).toHaveTextContent('…');
    expect(
      screen.queryByText(texts.listCapped(MAX_LIST_PAGES, texts.narrowDocuments)),
    ).not.toBeInTheDocument();
  });

  it('asks to narrow a search that matches more documents than the list pages through', async () => {
    stubDocumentsApi(undefined, {
      Page: MAX_LIST_PAGES - 1,
      TotalPages: MAX_LIST_PAGES,
      HasMore: false,
      IsCapped: true,
    });
    renderScreen(`/documents?page=${MAX_LIST_PAGES}`);
    expect(
      await screen.findByText(texts.listCapped(MAX_LIST_PAGES, texts.narrowDocuments)),
    ).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(pages).getByRole('link', { name: `Страница ${MAX_LIST_PAGES}` })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('link', { name: 'Следующая страница' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('opens the changes made on a document from its row', async () => {
    stubDocumentsApi();
    const { user } = renderScreen();

    const manual = await rowOf('№ 17-П от 2025.03.15');
    await user.click(within(manual).getByRole('button', { name: /^Изменения/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Изменения по документу № 17-П от 2025.03.15' });
    const changes = await within(dialog).findByRole('list', { name: 'Изменения по документу' });
    expect(changes).toHaveTextContent('Фамилия: Петрова → Яковлева');
  });

  it('narrows the documents to a period picked, and says so when its end comes before its start', async () => {
    stubDocumentsApi();
    const { router } = renderScreen('/documents?term=17');
    await rowOf('№ 17-П от 2025.03.15');

    typeDate('С', '2025.03.01');
    await waitFor(() => expect(router.state.location.search).toBe('?term=17&from=2025-03-01'));
    typeDate('По', '2025.02.01');
    expect(await screen.findByText(texts.periodReversed)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?term=17&from=2025-03-01');
    typeDate('По', '2025.03.31');
    await waitFor(() => expect(router.state.location.search).toBe('?term=17&from=2025-03-01&to=2025-03-31'));
    expect(screen.queryByText(texts.periodReversed)).not.toBeInTheDocument();

    // Back shows the period of the URL gone back to.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?term=17&from=2025-03-01');
    await waitFor(() => expect(dateInput('По').value).toBe(''));
    expect(dateInput('С')).toHaveValue('2025.03.01');
  });
});
