import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastUpload, stubUploads } from '@/test/fake-upload-request';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { importOf, listItem as item } from '../test-data';
import { ImportList } from './import-list';
import type { UploadReading } from './upload-rules';

/** Answers the list calls with `item` on every tab, and records which tabs were asked for. */
function stubList() {
  return stubApi(({ url }) =>
    url.startsWith('/api/v1/imports')
      ? jsonResponse(200, { Page: 0, TotalPages: 1, Results: [item] })
      : jsonResponse(200, { InternsCount: 0, PendingImportsCount: 1 }),
  );
}

function renderList(reading: UploadReading, url: string) {
  return renderRoute('/imports/', url, <ImportList reading={reading} />);
}

beforeEach(stubUploads);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImportList', () => {
  it('shows an operator the SRO, the time left, the requisites, the file and the rows to process', async () => {
    stubList();
    renderList('operator', '/imports/');
    expect(screen.getByRole('heading', { level: 1, name: 'Импорт' })).toBeInTheDocument();
    const row = (await screen.findByText('СРО «Кадастр»')).closest('tr')!;
    expect(row).toHaveTextContent('загружено представителем организации');
    expect(within(row).getByText('1 день')).toBeInTheDocument();
    expect(row).toHaveTextContent('345-вх от 2026.11.21');
    expect(row).toHaveTextContent('Загружен 2026.11.20 12:00');
    expect(row).toHaveTextContent('4 / 10');
    expect(row).toHaveTextContent('Имеется 2 отклонения');
    expect(within(row).getByRole('link', { name: /^СРО «Кадастр»/ })).toHaveAttribute('href', '/imports/41');
  });

  it('shows a representative the upload date, the file and the status, and keeps the tab in the URL', async () => {
    const fetchMock = stubList();
    const { user, router } = renderList('organization', '/imports/');
    expect(screen.getByRole('heading', { level: 1, name: 'Внесение изменений' })).toBeInTheDocument();
    const row = (await screen.findByText('changes.xlsx')).closest('tr')!;
    expect(row).toHaveTextContent('2026.11.20 12:00');
    expect(row).toHaveTextContent('В обработке');
    expect(row).toHaveTextContent('Имеется 2 отклонения');

    await user.click(screen.getByRole('tab', { name: 'Отклонённые' }));
    expect(router.state.location.search).toBe('?tab=rejected');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/imports/rejected?page=0')).toBe(
        true,
      ),
    );
  });

  it('says there is nothing to process when a tab is empty', async () => {
    stubApi(() => jsonResponse(200, { Page: 0, TotalPages: 0, Results: [] }));
    renderList('operator', '/imports/?tab=pending');
    expect(await screen.findByText('В данный момент файлов, ожидающих обработки, нет.')).toBeInTheDocument();
  });

  it('moves from the rejected tab to the pending one after an upload', async () => {
    stubList();
    const { user, router } = renderList('organization', '/imports/?tab=rejected');
    await user.click(screen.getByRole('button', { name: 'Загрузить файл' }));
    const dialog = screen.getByRole('dialog', { name: 'Загрузка файла с изменениями' });
    const files: [string, string][] = [
      ['Файл с изменениями (.xls, .xlsx)', 'changes.xlsx'],
      ['Протокол (.pdf)', 'protocol.pdf'],
      ['Сопроводительное письмо (.pdf)', 'letter.pdf'],
    ];
    for (const [label, name] of files)
      await user.upload(within(dialog).getByLabelText(label), new File(['x'], name));
    await user.click(within(dialog).getByRole('textbox', { name: /^Исходящий номер/ }));
    await user.paste('15-и');
    const date = within(dialog).getByRole('group', { name: /^Исходящая дата/ }).parentElement!;
    fireEvent.change(date.querySelector('input')!, { target: { value: '2026.11.20' } });
    await user.click(within(dialog).getByRole('button', { name: 'Загрузить' }));

    await waitFor(() => expect(lastUpload().url).toBe('/api/v1/imports/delta'));
    lastUpload().answer(201, importOf());
    await waitFor(() => expect(router.state.location.search).toBe('?tab=pending'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
