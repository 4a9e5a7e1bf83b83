import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportStatus, type Import, type ImportChange } from '@registry/shared';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { importOf } from '../test-data';
import { ImportRows, rejectedWithImportTitle, unchangedTitle } from './import-rows';

const rows: ImportChange[] = [
  {
    State: 'pending',
    Id: 301,
    RowNumber: 8,
    FullName: 'Петров Иван',
    Snils: null,
    ClaimedBy: 'Орлова Светлана Игоревна',
    Match: 'snils',
    HasConflict: true,
  },
  {
    State: 'pending',
    Id: 302,
    RowNumber: 9,
    FullName: 'Сидоров Олег',
    Snils: null,
    ClaimedBy: null,
    Match: 'none',
    HasConflict: false,
  },
  {
    State: 'finished',
    Id: 300,
    RowNumber: 7,
    FullName: 'Иванов Пётр',
    Snils: '112-233-445 95',
    InternId: 5,
    InternFullName: 'Иванов Пётр Сергеевич',
    ProcessedBy: 'Оператор Анна',
    ProcessedAt: '2026-11-21T09:30:00Z',
  },
  {
    State: 'rejected',
    Id: 299,
    RowNumber: 6,
    FullName: 'Орлов Глеб',
    Snils: null,
    RejectionReason: 'Дубликат',
    RejectionId: null,
    ProcessedBy: 'Оператор Анна',
    ProcessedAt: '2026-11-21T09:35:00Z',
  },
];

const item = importOf({
  StateCounts: { pending: 2, claimed: 1, conflicting: 0, finished: 1, rejected: 1, unchanged: 0 },
  MatchCounts: { snils: 1, fullName: 0, none: 1, conflict: 1 },
  FirstPendingId: 301,
});

/** Rows that said what the register holds: the server sends them after all the others. */
const unchangedRows: ImportChange[] = [10, 11, 12].map((rowNumber) => ({
  State: 'unchanged',
  Id: 400 + rowNumber,
  RowNumber: rowNumber,
  FullName: `Без правок ${rowNumber}`,
  Snils: null,
  InternId: rowNumber,
  InternFullName: `Стажёр реестра ${rowNumber}`,
}));

const withUnchanged = importOf({
  ...item,
  RowCount: 7,
  UnchangedCount: 3,
  StateCounts: { ...item.StateCounts, unchanged: 3 },
});

/** The server's filter of the rows above (or of `all`), `size` to a page. */
function answerRows(url: string, size = 20, all = rows) {
  const search = new URL(url, 'http://localhost').searchParams;
  const state = search.get('state');
  const match = search.get('match');
  const page = Number(search.get('page') ?? 0);
  const shown = all.filter((row) => {
    const isWaiting = row.State === 'pending';
    if (state === 'claimed' && !(isWaiting && row.ClaimedBy !== null)) return false;
    if (state !== null && state !== 'claimed' && row.State !== state) return false;
    if (match === null) return true;
    return isWaiting && (match === 'conflict' ? row.HasConflict : row.Match === match);
  });
  return jsonResponse(200, {
    Page: page,
    TotalPages: Math.ceil(shown.length / size),
    Total: shown.length,
    Results: shown.slice(page * size, (page + 1) * size),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderItem(shown: Import, isOperator: boolean, url = '/imports/41', size = 20) {
  const all = shown.StateCounts.unchanged > 0 ? [...rows, ...unchangedRows] : rows;
  const fetch = stubApi(({ url: called }) => answerRows(called, size, all));
  const rendered = renderRoute(
    '/imports/:id',
    url,
    <ImportRows
      item={shown}
      isOperator={isOperator}
      canProcess={isOperator && shown.Status !== ImportStatus.Rejected}
      onRejectAll={() => {}}
    />,
  );
  return { fetch, ...rendered };
}

function renderRows(isOperator: boolean) {
  return renderItem(item, isOperator);
}

const section = (name: string) =>
  screen.getByRole('heading', { name }).closest('div.MuiPaper-root') as HTMLElement;

describe('ImportRows', () => {
  it('lets an operator start at the first pending row and open each handled one', async () => {
    renderRows(true);
    await screen.findByRole('link', { name: 'Сидоров Олег' });
    expect(screen.getByRole('link', { name: 'Начать обработку' })).toHaveAttribute(
      'href',
      '/imports/41/process/301',
    );
    expect(screen.getByRole('link', { name: 'Сидоров Олег' })).toHaveAttribute(
      'href',
      '/imports/41/process/302',
    );
    // Another operator works on the first row now; nobody on the second.
    const pending = section('Записи, ожидающие обработки');
    expect(screen.getByRole('link', { name: 'Петров Иван' }).closest('td')).toHaveTextContent(
      'Петров ИванОбрабатывает Орлова Светлана Игоревна',
    );
    expect(within(pending).getAllByText(/^Обрабатывает/)).toHaveLength(1);

    const finished = section('Обработанные записи');
    expect(within(finished).getByRole('link', { name: 'Иванов Пётр' })).toHaveAttribute(
      'href',
      '/imports/41/process/300',
    );
    expect(within(finished).getByRole('link', { name: 'Иванов Пётр Сергеевич' })).toHaveAttribute(
      'href',
      '/interns/5',
    );
    expect(within(finished).getByText('Оператор Анна, 2026.11.21 12:30')).toBeInTheDocument();

    const rejected = section('Отклонённые записи');
    expect(within(rejected).getByText('Дубликат')).toBeInTheDocument();
    expect(within(rejected).getByText('Оператор Анна, 2026.11.21 12:35')).toBeInTheDocument();
    expect(
      within(rejected).getByRole('link', { name: 'Скачать отклонённые записи (.xlsx)' }),
    ).toHaveAttribute('href', '/api/v1/imports/41/rejected-rows');
    expect(within(finished).getByRole('button', { name: 'Отменить внесение' })).toBeInTheDocument();
    expect(within(rejected).getByRole('button', { name: 'Вернуть в обработку' })).toBeInTheDocument();
  });

  it('says the progress, each waiting row’s match, and filters the rows by state and match', async () => {
    const { user, fetch } = renderRows(true);
    expect(screen.getByText('Обработано 2 из 4')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Сидоров Олег' });
    const pending = section('Записи, ожидающие обработки');
    expect(within(pending).getByText('Найден по СНИЛС')).toBeInTheDocument();
    expect(within(pending).getByText('Номер стажировки у другого стажёра')).toBeInTheDocument();
    expect(within(pending).getByText('Новый стажёр')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Новые (1)' }));
    expect(screen.getByRole('button', { name: 'Новые (1)' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Петров Иван' })).toBeNull());
    // The server filters: the page asks for the waiting rows that match nobody.
    expect(String(fetch.mock.lastCall![0])).toBe('/api/v1/imports/41/changes?match=none&page=0');
    expect(screen.getByRole('link', { name: 'Сидоров Олег' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Обработанные записи' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'В работе (1)' }));
    expect(await screen.findByText('Нет записей, подходящих под отбор')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Отклонены (1)' }));
    expect(screen.getByRole('button', { name: 'Новые (1)' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('Дубликат')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Записи, ожидающие обработки' })).toBeNull();
    expect(within(section('Отклонённые записи')).getByText('Дубликат')).toBeInTheDocument();
  });

  it('shows an SRO representative the rows and the rejected rows’ book without processing links', async () => {
    renderRows(false);
    await screen.findByText('Сидоров Олег');
    expect(screen.queryByRole('link', { name: 'Начать обработку' })).toBeNull();
    // Nor the register's matching: a row's match, the filter by it, the trainee an accepted row went to.
    expect(screen.queryByText('Иванов Пётр Сергеевич')).toBeNull();
    expect(screen.queryByText(/Найден по|Новый стажёр|Совпадение/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Совпадение с реестром' })).toBeNull();
    expect(screen.getByText('Иванов Пётр')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Скачать отклонённые записи (.xlsx)' })).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(1);
    expect(screen.queryAllByRole('button', { name: /Отменить внесение|Вернуть в обработку/ })).toEqual([]);
  });

  it('puts the rows still waiting under the rejection when the whole file is rejected', async () => {
    renderItem({ ...item, Status: ImportStatus.Rejected, Rejection: { Id: 9, Reason: 'Нет подписи' } }, true);
    await screen.findByText('Сидоров Олег');
    expect(screen.queryByRole('heading', { name: 'Записи, ожидающие обработки' })).not.toBeInTheDocument();
    const rejectedWithFile = section(rejectedWithImportTitle);
    expect(within(rejectedWithFile).getByText('Сидоров Олег')).toBeInTheDocument();
    expect(within(rejectedWithFile).queryByRole('link')).not.toBeInTheDocument();
    // Its handled rows stay as they are.
    expect(screen.queryAllByRole('button', { name: /Отменить внесение|Вернуть в обработку/ })).toEqual([]);
  });

  it('pages the rows: a page goes on from one section to the next, and leaves out those not on it', async () => {
    const { router } = renderItem(item, true, '/imports/41', 2);
    await screen.findByRole('link', { name: 'Сидоров Олег' });
    expect(screen.queryByRole('heading', { name: 'Обработанные записи' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Начать обработку' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('href', '/imports/41?page=2');

    await router.navigate('/imports/41?page=2');
    expect(await screen.findByText('Дубликат')).toBeInTheDocument();
    expect(section('Обработанные записи')).toHaveTextContent('Иванов Пётр');
    expect(screen.queryByRole('heading', { name: 'Записи, ожидающие обработки' })).toBeNull();
  });

  it('folds the unchanged rows of «Все» into a line that shows them under their own filter', async () => {
    const { user, fetch } = renderItem(withUnchanged, true);
    await screen.findByRole('link', { name: 'Сидоров Олег' });
    expect(screen.getByText('Обработано 2 из 4, без изменений — 3 строки')).toBeInTheDocument();
    const states = screen.getByRole('group', { name: 'Состояние записей' });
    expect(
      within(states)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual([
      'Все (7)',
      'Ожидают (2)',
      'В работе (1)',
      'Приняты (1)',
      'Отклонены (1)',
      'Без изменений (3)',
    ]);
    // The page has them, after the others; «Все» lists the rows to review and counts the rest.
    expect(screen.queryByText(/Без правок/)).toBeNull();
    expect(screen.queryByRole('heading', { name: unchangedTitle })).toBeNull();
    expect(screen.getByText('Без изменений: 3 строки')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Показать' }));
    expect(screen.getByRole('button', { name: 'Без изменений (3)' })).toHaveAttribute('aria-pressed', 'true');
    const unchanged = await screen.findByRole('heading', { name: unchangedTitle });
    expect(String(fetch.mock.lastCall![0])).toBe('/api/v1/imports/41/changes?state=unchanged&page=0');
    const table = unchanged.closest('div.MuiPaper-root') as HTMLElement;
    expect(within(table).getAllByText('Без изменений')).toHaveLength(3);
    // No one reviews such a row: it leads to the trainee it names, not to a review.
    expect(within(table).getByText('Без правок 10')).not.toHaveAttribute('href');
    expect(within(table).getByRole('link', { name: 'Стажёр реестра 10' })).toHaveAttribute(
      'href',
      '/interns/10',
    );
    expect(screen.queryByText('Без изменений: 3 строки')).toBeNull();
    expect(screen.queryByText('Сидоров Олег')).toBeNull();
  });

  it('pages «Все» over the rows to review, the line under the last page of them', async () => {
    // Three to a page: the second page has the rejected row, then two unchanged ones; a third, one more.
    const { router } = renderItem(withUnchanged, true, '/imports/41', 3);
    await screen.findByRole('link', { name: 'Сидоров Олег' });
    expect(screen.queryByText('Без изменений: 3 строки')).toBeNull();
    expect(screen.getByRole('link', { name: 'Страница 2' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Страница 3' })).toBeNull();

    await router.navigate('/imports/41?page=2');
    expect(await screen.findByText('Дубликат')).toBeInTheDocument();
    expect(screen.queryByText(/Без правок/)).toBeNull();
    expect(screen.getByText('Без изменений: 3 строки')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Страница 3' })).toBeNull();
  });

  it('shows an SRO representative the unchanged rows with their state, not the register’s trainee', async () => {
    const { user } = renderItem(withUnchanged, false);
    await screen.findByText('Сидоров Олег');
    await user.click(screen.getByRole('button', { name: 'Показать' }));
    const unchanged = await screen.findByRole('heading', { name: unchangedTitle });
    const table = unchanged.closest('div.MuiPaper-root') as HTMLElement;
    expect(within(table).getByText('Без правок 12')).toBeInTheDocument();
    expect(within(table).getAllByText('Без изменений')).toHaveLength(3);
    expect(within(table).queryByText(/Стажёр реестра/)).toBeNull();
    expect(within(table).queryAllByRole('link')).toEqual([]);
  });

  it('says on every page that no row waits, and that the rows did not load', async () => {
    const done = importOf({
      StateCounts: { pending: 0, claimed: 0, conflicting: 0, finished: 1, rejected: 1, unchanged: 0 },
    });
    stubApi(() => jsonResponse(200, { Page: 0, TotalPages: 1, Total: 2, Results: rows.slice(2) }));
    renderRoute(
      '/imports/:id',
      '/imports/41',
      <ImportRows item={done} isOperator canProcess onRejectAll={() => {}} />,
    );
    expect(await screen.findByText('Все записи были обработаны')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Начать обработку' })).toBeNull();

    vi.unstubAllGlobals();
    stubApi(() => jsonResponse(500, { ErrorMessage: 'Сбой', ErrorId: 'e' }));
    renderRoute(
      '/imports/:id',
      '/imports/42',
      <ImportRows item={{ ...done, Id: 42 }} isOperator canProcess onRejectAll={() => {}} />,
    );
    expect(await screen.findByText('Не удалось загрузить список')).toBeInTheDocument();
  });
});
