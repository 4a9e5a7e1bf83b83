import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { texts, type StatsResult } from '@registry/shared';
import { getErrorDialogState } from '@/lib/error-dialog';
import { jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { noSrosText } from './stats-results';
import { StatsScreen } from './stats-screen';

const noReview = {
  FilesReceived: 0,
  RowsReceived: 0,
  RowsAccepted: 0,
  RowsRejected: 0,
  FilesRejected: 0,
  MedianHandlingHours: null,
  PastDeadline: 0,
};

const result: StatsResult = {
  From: '2026-01-01',
  To: '2026-03-31',
  Organization: null,
  Rows: [
    {
      Organization: { Id: 3, Name: 'СРО «Кадастр»' },
      Accepted: 4,
      Paused: 1,
      Terminated: 2,
      Completed: 3,
      Migrated: 0,
      FilesReceived: 5,
      RowsReceived: 40,
      RowsAccepted: 31,
      RowsRejected: 6,
      FilesRejected: 1,
      MedianHandlingHours: 12.5,
      PastDeadline: 2,
    },
    {
      Organization: { Id: 7, Name: 'СРО «Межевик»' },
      Accepted: 6,
      Paused: 0,
      Terminated: 0,
      Completed: 1,
      Migrated: 1,
      ...noReview,
    },
  ],
  Totals: {
    Accepted: 10,
    Paused: 1,
    Terminated: 2,
    Completed: 4,
    Migrated: 1,
    FilesReceived: 5,
    RowsReceived: 40,
    RowsAccepted: 31,
    RowsRejected: 6,
    FilesRejected: 1,
    MedianHandlingHours: 12.5,
    PastDeadline: 2,
  },
};

function stubStatsApi() {
  return stubApi(({ url }) => {
    if (url.startsWith('/api/v1/stats/organizations/export')) {
      return jsonResponse(500, { ErrorMessage: 'Не удалось построить файл', ErrorId: 'e-1' });
    }
    if (url.startsWith('/api/v1/stats/organizations')) return jsonResponse(200, result);
    return jsonResponse(404, { ErrorMessage: 'нет', ErrorId: 'x' });
  });
}

/** Types a whole date in its display form into the picker labelled `label`, as autofill would. */
function typeDate(label: string, value: string) {
  const input = screen
    .getByRole('group', { name: new RegExp(`^${label}`) })
    .parentElement!.querySelector('input')!;
  fireEvent.change(input, { target: { value } });
}

const statsCalls = (fetchMock: ReturnType<typeof stubStatsApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/stats'));

function rowOf(table: HTMLElement, name: string) {
  return within(table).getByRole('rowheader', { name }).closest('tr')!;
}

function cellsOf(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// A form of MUI pickers in jsdom takes seconds to drive.
describe('StatsScreen', () => {
  it('hints at the form, then requires both dates before asking anything', async () => {
    const fetchMock = stubStatsApi();
    const { user } = renderWithProviders(<StatsScreen />);
    expect(screen.getByText(/нажмите «Сформировать»/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Сформировать' }));
    expect(await screen.findAllByText(texts.required)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Выгрузить' }));
    expect(screen.getAllByText(texts.required)).toHaveLength(2);
    expect(statsCalls(fetchMock)).toHaveLength(0);
  });

  it('refuses a period that ends before it begins', async () => {
    const fetchMock = stubStatsApi();
    const { user } = renderWithProviders(<StatsScreen />);
    typeDate('С', '2026.03.31');
    typeDate('По', '2026.01.01');
    await user.click(screen.getByRole('button', { name: 'Сформировать' }));

    expect(await screen.findByText(texts.periodReversed)).toBeInTheDocument();
    expect(screen.queryByText(texts.required)).not.toBeInTheDocument();
    expect(statsCalls(fetchMock)).toHaveLength(0);
  });

  it('shows the register’s figures per SRO and their totals under the period', async () => {
    const fetchMock = stubStatsApi();
    const { user } = renderWithProviders(<StatsScreen />);
    typeDate('С', '2026.01.01');
    typeDate('По', '2026.03.31');
    await user.click(screen.getByRole('button', { name: 'Сформировать' }));

    const table = await screen.findByRole('table', {
      name: 'Статистика за период с 2026.01.01 по 2026.03.31, все СРО',
    });
    expect(statsCalls(fetchMock)[0]?.[0]).toBe('/api/v1/stats/organizations?from=2026-01-01&to=2026-03-31');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'СРО',
      'Принято на стажировку',
      'Приостановлено',
      'Прекращено',
      'Завершено',
      'Перешли в другое СРО',
    ]);
    expect(cellsOf(rowOf(table, 'СРО «Кадастр»'))).toEqual(['4', '1', '2', '3', '0']);
    expect(cellsOf(rowOf(table, 'СРО «Межевик»'))).toEqual(['6', '0', '0', '1', '1']);
    expect(cellsOf(rowOf(table, 'Итого'))).toEqual(['10', '1', '2', '4', '1']);
  });

  it('shows the reviewers’ figures in the second tab, the median to a tenth of an hour', async () => {
    stubStatsApi();
    const { user } = renderWithProviders(<StatsScreen />);
    typeDate('С', '2026.01.01');
    typeDate('По', '2026.03.31');
    await user.click(screen.getByRole('button', { name: 'Сформировать' }));
    await screen.findByRole('table');

    await user.click(screen.getByRole('tab', { name: 'Обработка файлов' }));
    expect(screen.getByRole('tab', { name: 'Обработка файлов' })).toHaveAttribute('aria-selected', 'true');
    const table = screen.getByRole('table');
    expect(
      within(table).getByRole('columnheader', { name: 'Медианное время обработки, ч' }),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Принято на стажировку' })).toBeNull();
    expect(cellsOf(rowOf(table, 'СРО «Кадастр»'))).toEqual(['5', '40', '31', '6', '1', '12,5', '2']);
    expect(cellsOf(rowOf(table, 'СРО «Межевик»'))).toEqual(['0', '0', '0', '0', '0', '—', '0']);
    expect(cellsOf(rowOf(table, 'Итого'))).toEqual(['5', '40', '31', '6', '1', '12,5', '2']);
  });

  it('says so when there is no SRO to count', async () => {
    stubApi(() => jsonResponse(200, { ...result, Rows: [] }));
    const { user } = renderWithProviders(<StatsScreen />);
    typeDate('С', '2026.01.01');
    typeDate('По', '2026.03.31');
    await user.click(screen.getByRole('button', { name: 'Сформировать' }));
    expect(await screen.findByText(noSrosText)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('exports the same query, and titles a failure as an export error', async () => {
    const fetchMock = stubStatsApi();
    const { user } = renderWithProviders(<StatsScreen />);
    typeDate('С', '2026.01.01');
    typeDate('По', '2026.03.31');
    await user.click(screen.getByRole('button', { name: 'Выгрузить' }));

    await waitFor(() => expect(getErrorDialogState().isOpen).toBe(true));
    expect(getErrorDialogState().content?.title).toBe(texts.errorTitles.export);
    expect(statsCalls(fetchMock)[0]?.[0]).toBe(
      '/api/v1/stats/organizations/export?from=2026-01-01&to=2026-03-31',
    );
    expect(await screen.findByRole('dialog', { name: texts.errorTitles.export })).toHaveTextContent(
      'Не удалось построить файл',
    );
  });
});
