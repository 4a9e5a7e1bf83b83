import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table';

type Item = { Id: number; Name: string; Note: string };

const rows: Item[] = [
  { Id: 1, Name: 'Первая', Note: 'А' },
  { Id: 2, Name: 'Вторая', Note: 'Б' },
];
const columns: Column<Item>[] = [
  { header: 'Название', cell: (row) => row.Name },
  { header: 'Примечание', cell: (row) => row.Note },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Item>>[0]>) {
  const table = (
    <DataTable
      columns={columns}
      rows={rows}
      isLoading={false}
      isRefreshing={false}
      emptyText="Пусто"
      {...props}
    />
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: table },
      { path: '/items/:id', element: <p>Открыта</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('DataTable from the keyboard', () => {
  it('reaches each row that opens a page with Tab, and opens it with Enter', async () => {
    const { router, user } = renderTable({ rowHref: (row) => `/items/${row.Id}` });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Первая' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Вторая' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/items/2');
  });

  it('reaches each row that opens an editor with Tab, and opens it with Enter or Space', async () => {
    const onEdit = vi.fn();
    const { user } = renderTable({ onEdit });
    await user.tab();
    expect(screen.getAllByRole('button', { name: 'Редактировать' })[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenLastCalledWith(rows[0]);
    await user.tab();
    await user.keyboard(' ');
    expect(onEdit).toHaveBeenLastCalledWith(rows[1]);
  });
});
