import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

/** A table whose rows the test replaces, as the results of a newly typed term replace a list's. */
function renderChangingTable() {
  let replaceRows: (next: Item[]) => void = () => undefined;
  function ChangingTable() {
    const [shown, setShown] = useState(rows);
    replaceRows = setShown;
    return (
      <DataTable
        columns={columns}
        rows={shown}
        isLoading={false}
        isRefreshing={false}
        emptyText="Пусто"
        rowHref={(row) => `/items/${row.Id}`}
      />
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/', element: <ChangingTable /> },
      { path: '/items/:id', element: <p>Открыта</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, replace: (next: Item[]) => act(() => replaceRows(next)) };
}

const third: Item = { Id: 3, Name: 'Третья', Note: 'В' };

describe('DataTable under the pointer (issue #34)', () => {
  it('opens the row pressed, though new rows arrived before the button was released', () => {
    const { router, replace } = renderChangingTable();
    const pressed = screen.getByText('Б');
    fireEvent.pointerDown(pressed);
    replace([third]);
    expect(screen.getByText('Б')).toBe(pressed);
    fireEvent.pointerUp(pressed);
    fireEvent.click(pressed);
    expect(router.state.location.pathname).toBe('/items/2');
  });

  it('shows the new rows once the button is released, wherever', async () => {
    const { replace } = renderChangingTable();
    fireEvent.pointerDown(screen.getByText('Б'));
    replace([third]);
    expect(screen.queryByText('Третья')).not.toBeInTheDocument();
    fireEvent.pointerUp(document.body);
    expect(await screen.findByText('Третья')).toBeInTheDocument();
    expect(screen.queryByText('Б')).not.toBeInTheDocument();
  });

  it('shows new rows at once while nothing is pressed', () => {
    const { replace } = renderChangingTable();
    replace([third]);
    expect(screen.getByText('Третья')).toBeInTheDocument();
  });
});
