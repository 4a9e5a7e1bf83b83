import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChangeTable } from './change-table';

const rows = Array.from({ length: 20 }, (_, i) => ({
  Id: i + 1,
  RowNumber: i + 2,
  FullName: `Стажёр ${i + 1}`,
  Snils: i === 0 ? '112-233-445 95' : null,
}));

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('ChangeTable', () => {
  it('shows every row of the page it is given, each name a link where the row leads somewhere', () => {
    render(
      <MemoryRouter>
        <ChangeTable
          rows={rows}
          emptyText="Записей нет"
          hrefOf={(row) => (row.Id === 2 ? null : `/rows/${row.Id}`)}
        />
      </MemoryRouter>,
    );
    expect(bodyRows()).toHaveLength(20);
    expect(bodyRows()[0]).toHaveTextContent('112-233-445 95');
    expect(screen.getByRole('link', { name: 'Стажёр 20' })).toHaveAttribute('href', '/rows/20');
    expect(screen.queryByRole('link', { name: 'Стажёр 2' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when the page has no rows', () => {
    render(<ChangeTable rows={[]} emptyText="Записей нет" />);
    expect(screen.getByText('Записей нет')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
