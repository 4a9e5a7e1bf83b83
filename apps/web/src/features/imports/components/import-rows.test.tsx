import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ImportStatus } from '@registry/shared';
import { importOf } from '../test-data';
import { ImportRows, rejectedWithImportTitle } from './import-rows';

const item = importOf({
  Pending: [
    {
      Id: 301,
      RowNumber: 8,
      FullName: 'Петров Иван',
      Snils: null,
      ClaimedBy: 'Орлова Светлана Игоревна',
      Match: 'snils',
      HasConflict: true,
    },
    {
      Id: 302,
      RowNumber: 9,
      FullName: 'Сидоров Олег',
      Snils: null,
      ClaimedBy: null,
      Match: 'none',
      HasConflict: false,
    },
  ],
  Finished: [
    {
      Id: 300,
      RowNumber: 7,
      FullName: 'Иванов Пётр',
      Snils: '112-233-445 95',
      InternId: 5,
      InternFullName: 'Иванов Пётр Сергеевич',
      ProcessedBy: 'Оператор Анна',
      ProcessedAt: '2026-11-21T09:30:00Z',
    },
  ],
  Rejected: [
    {
      Id: 299,
      RowNumber: 6,
      FullName: 'Орлов Глеб',
      Snils: null,
      RejectionReason: 'Дубликат',
      RejectionId: null,
      ProcessedBy: 'Оператор Анна',
      ProcessedAt: '2026-11-21T09:35:00Z',
    },
  ],
});

function renderRows(isOperator: boolean) {
  render(
    <MemoryRouter>
      <ImportRows item={item} isOperator={isOperator} canProcess={isOperator} onRejectAll={() => {}} />
    </MemoryRouter>,
  );
}

const section = (name: string) =>
  screen.getByRole('heading', { name }).closest('div.MuiPaper-root') as HTMLElement;

describe('ImportRows', () => {
  it('lets an operator start at the first pending row and open each handled one', () => {
    renderRows(true);
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
    const user = userEvent.setup();
    renderRows(true);
    expect(screen.getByText('Обработано 2 из 4')).toBeInTheDocument();
    const pending = section('Записи, ожидающие обработки');
    expect(within(pending).getByText('Найден по СНИЛС')).toBeInTheDocument();
    expect(within(pending).getByText('Номер стажировки у другого стажёра')).toBeInTheDocument();
    expect(within(pending).getByText('Новый стажёр')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Новые (1)' }));
    expect(screen.getByRole('button', { name: 'Новые (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('link', { name: 'Петров Иван' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Сидоров Олег' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Обработанные записи' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'В работе (1)' }));
    expect(screen.getByText('Нет записей, подходящих под отбор')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Отклонены (1)' }));
    expect(screen.getByRole('button', { name: 'Новые (1)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('heading', { name: 'Записи, ожидающие обработки' })).toBeNull();
    expect(within(section('Отклонённые записи')).getByText('Дубликат')).toBeInTheDocument();
  });

  it('shows an SRO representative the rows and the rejected rows’ book without processing links', () => {
    renderRows(false);
    expect(screen.queryByRole('link', { name: 'Начать обработку' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Иванов Пётр Сергеевич' })).toBeNull();
    expect(screen.getByText('Иванов Пётр Сергеевич')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Скачать отклонённые записи (.xlsx)' })).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(1);
    expect(screen.queryAllByRole('button', { name: /Отменить внесение|Вернуть в обработку/ })).toEqual([]);
  });

  it('puts the rows still waiting under the rejection when the whole file is rejected', () => {
    render(
      <MemoryRouter>
        <ImportRows
          item={{ ...item, Status: ImportStatus.Rejected, Rejection: { Id: 9, Reason: 'Нет подписи' } }}
          isOperator
          canProcess={false}
          onRejectAll={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'Записи, ожидающие обработки' })).not.toBeInTheDocument();
    const rejectedWithFile = section(rejectedWithImportTitle);
    expect(within(rejectedWithFile).getByText('Сидоров Олег')).toBeInTheDocument();
    expect(within(rejectedWithFile).queryByRole('link')).not.toBeInTheDocument();
    // Its handled rows stay as they are.
    expect(screen.queryAllByRole('button', { name: /Отменить внесение|Вернуть в обработку/ })).toEqual([]);
  });
});
