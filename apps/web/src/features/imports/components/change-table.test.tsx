import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChangeTable } from './change-table';
import { showMoreRowsText } from './import-format';

const rows = Array.from({ length: 250 }, (_, i) => ({
  Id: i + 1,
  RowNumber: i + 2,
  FullName: `Стажёр ${i + 1}`,
  Snils: null,
}));

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('ChangeTable', () => {
  it('shows a long list a hundred rows at a time', () => {
    render(
      <MemoryRouter>
        <ChangeTable rows={rows} emptyText="Записей нет" hrefOf={(row) => `/rows/${row.Id}`} />
      </MemoryRouter>,
    );
    expect(bodyRows()).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё 100 записей' }));
    expect(bodyRows()).toHaveLength(200);
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё 50 записей' }));
    expect(bodyRows()).toHaveLength(250);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Стажёр 250' })).toHaveAttribute('href', '/rows/250');
  });

  it('says the count in Russian', () => {
    expect([1, 3, 5, 21, 100].map(showMoreRowsText)).toEqual([
      'Показать ещё 1 запись',
      'Показать ещё 3 записи',
      'Показать ещё 5 записей',
      'Показать ещё 21 запись',
      'Показать ещё 100 записей',
    ]);
  });
});
