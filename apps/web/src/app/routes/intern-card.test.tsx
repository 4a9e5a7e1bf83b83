import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { texts } from '@registry/shared';
import { paths } from '@/config/paths';
import { getErrorDialogState } from '@/lib/error-dialog';
import { internFixture } from '@/test/intern-fixture';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { InternCardRoute } from './intern-card';

/** Matches the innermost element whose whole text is `text`, though parts of it are elements of their own. */
const byTextContent = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

const intern = internFixture({
  RegistrationNumbers: [{ Organization: { Id: 3, Name: 'СРО «Кадастр»' }, Number: '12-7', Status: 0 }],
  PersonalInfo: [{ Id: 11, Entry_Id: 1, LastName: 'Иванов', FirstName: 'Пётр' }],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InternCardRoute', () => {
  it('is not a page for an id that is neither a number nor new', () => {
    const fetchMock = stubApi(() => jsonResponse(404, {}));
    renderRoute(paths.internCard.path, '/interns/abc', <InternCardRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not a page for a trainee the server does not have, and says so without the error dialog', async () => {
    stubApi(() => jsonResponse(404, { ErrorMessage: texts.notFound, ErrorId: 'e' }));
    renderRoute(paths.internCard.path, '/interns/999999', <InternCardRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(getErrorDialogState().isOpen).toBe(false);
  });

  it('opens personal info for an unknown section, with the header of the trainee', async () => {
    stubApi(() => jsonResponse(200, intern));
    const { router } = renderRoute(paths.internCard.path, '/interns/5/planets', <InternCardRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванов Пётр' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/interns/5/personal-info');
    expect(screen.getByText(byTextContent('Регистрационный номер 12-7, СРО «Кадастр»'))).toBeInTheDocument();
    expect(screen.queryByText('Ожидает обработки')).not.toBeInTheDocument();
  });

  it('says «Ожидает обработки» while an import row waits for the trainee, and leads to the row', async () => {
    const row = { ImportId: 41, ChangeId: 301, RowNumber: 8 };
    stubApi(() => jsonResponse(200, { ...intern, HasPendingImport: true, PendingImportRows: [row] }));
    renderRoute(paths.internCard.path, '/interns/5', <InternCardRoute />);
    expect(await screen.findByRole('link', { name: 'Ожидает обработки' })).toHaveAttribute(
      'href',
      '/imports/41/process/301',
    );
  });

  it('offers each waiting row when several name the trainee', async () => {
    const rows = [
      { ImportId: 41, ChangeId: 301, RowNumber: 8 },
      { ImportId: 44, ChangeId: 410, RowNumber: 2 },
    ];
    stubApi(() => jsonResponse(200, { ...intern, HasPendingImport: true, PendingImportRows: rows }));
    const { user, router } = renderRoute(paths.internCard.path, '/interns/5', <InternCardRoute />);
    await user.click(await screen.findByRole('button', { name: 'Ожидает обработки' }));
    await user.click(screen.getByRole('menuitem', { name: 'Импорт № 44, строка 2' }));
    expect(router.state.location.pathname).toBe('/imports/44/process/410');
  });

  it('says a load failure under the title of a failed export', async () => {
    // A trainee the server does not have is no failure but a page of its own (the test above).
    stubApi(() => jsonResponse(500, { ErrorMessage: 'База данных недоступна', ErrorId: 'x' }));
    renderRoute(paths.internCard.path, '/interns/9', <InternCardRoute />);
    const dialog = await screen.findByRole('dialog', { name: 'При экспорте произошла ошибка' });
    expect(dialog).toHaveTextContent('База данных недоступна');
  });

  it('counts an edited entry in the menu, offers to save it, and refuses a correction meanwhile', async () => {
    stubApi(() => jsonResponse(200, intern));
    const { user } = renderRoute(paths.internCard.path, '/interns/5', <InternCardRoute />);
    await user.click(await screen.findByRole('button', { name: 'Редактировать' }));
    const dialog = screen.getByRole('dialog', { name: 'Редактирование записи' });
    const firstName = within(dialog).getByRole('textbox', { name: 'Имя' });
    await user.clear(firstName);
    await user.type(firstName, 'Павел');
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));

    expect(await screen.findByText('Изменена')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Разделы карточки' });
    expect(within(menu).getByRole('link', { name: /Персональные данные/ })).toHaveTextContent('+1');
    expect(screen.getByRole('button', { name: 'Сохранить изменения' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Корректировать' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Корректировка невозможна в режиме редактирования',
    );
  });
});

describe('InternCardRoute of a deleted trainee', () => {
  const deleted = { ...intern, IsDeleted: true };

  it('marks it deleted and offers nothing to change: no add, edit, correct, footer; only Restore', async () => {
    stubApi(() => jsonResponse(200, deleted));
    const { user } = renderRoute(paths.internCard.path, '/interns/5', <InternCardRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванов Пётр' })).toBeInTheDocument();
    expect(screen.getByText('Удалён')).toBeInTheDocument();
    expect(screen.getByText(/Стажёр удалён из реестра/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'История изменений' })).toBeInTheDocument();
    for (const name of ['Редактировать', 'Корректировать', 'Добавить запись', 'Сохранить изменения']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Действия со стажёром' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Восстановить стажёра']);
  });

  it('offers no «Добавить» in an empty section', async () => {
    stubApi(() => jsonResponse(200, deleted));
    renderRoute(paths.internCard.path, '/interns/5/examinations', <InternCardRoute />);
    expect(await screen.findByText('В данный момент данных в этом разделе нет')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить' })).not.toBeInTheDocument();
  });

  it('is editable again once restored', async () => {
    let isDeleted = true;
    const fetchMock = stubApi(({ url, method }) => {
      if (method === 'POST' && url === '/api/v1/interns/5/restore') isDeleted = false;
      return jsonResponse(200, { ...intern, IsDeleted: isDeleted, Version: isDeleted ? 2 : 3 });
    });
    const { user } = renderRoute(paths.internCard.path, '/interns/5', <InternCardRoute />);
    await user.click(await screen.findByRole('button', { name: 'Действия со стажёром' }));
    await user.click(screen.getByRole('menuitem', { name: 'Восстановить стажёра' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Вы уверены, что хотите восстановить стажёра?');
    await user.click(within(dialog).getByRole('button', { name: 'Восстановить' }));

    expect(await screen.findByRole('button', { name: 'Редактировать' })).toBeInTheDocument();
    expect(screen.queryByText('Удалён')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/interns/5/restore')).toBe(true);
  });
});

describe('InternCardRoute as of a day', () => {
  const banner = 'Карточка показана по состоянию на конец дня 2026.03.05';

  it('shows the card read-only as the register held it, asking the server for that day', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, { ...intern, AsOf: '2026-03-05' }));
    const { user, router } = renderRoute(
      paths.internCard.path,
      '/interns/5/personal-info?asOf=2026-03-05',
      <InternCardRoute />,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(banner);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/interns/5?asOf=2026-03-05');
    expect(screen.getByRole('heading', { level: 1, name: 'Иванов Пётр' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'На дату' })).toBeInTheDocument();
    for (const action of ['Редактировать', 'Корректировать', 'Добавить запись', 'Действия со стажёром']) {
      expect(screen.queryByRole('button', { name: action })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'История изменений' })).toBeInTheDocument();

    // An empty section offers nothing to add; the menu keeps the day.
    const menu = screen.getByRole('navigation', { name: 'Разделы карточки' });
    await user.click(within(menu).getByRole('link', { name: /Руководитель стажировки/ }));
    expect(await screen.findByText('В данный момент данных в этом разделе нет')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/interns/5/supervisors');
    expect(router.state.location.search).toBe('?asOf=2026-03-05');
    expect(screen.getByRole('status')).toHaveTextContent(banner);
  });

  it('goes back to the current, editable card, keeping the section', async () => {
    const fetchMock = stubApi(({ url }) =>
      jsonResponse(200, url.includes('asOf') ? { ...intern, AsOf: '2026-03-05' } : intern),
    );
    const { user, router } = renderRoute(
      paths.internCard.path,
      '/interns/5/personal-info?asOf=2026-03-05',
      <InternCardRoute />,
    );
    await user.click(await screen.findByRole('button', { name: 'Вернуться к текущему состоянию' }));
    expect(await screen.findByRole('button', { name: 'Редактировать' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/interns/5/personal-info');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/v1/interns/5');
  });

  it('says on the screen that the trainee was not yet in the register, with the way back', async () => {
    stubApi(({ url }) =>
      url.includes('asOf')
        ? jsonResponse(404, { ErrorMessage: texts.internNotAsOf, ErrorId: 'x' })
        : jsonResponse(200, intern),
    );
    const { user, router } = renderRoute(
      paths.internCard.path,
      '/interns/5?asOf=2020-01-01',
      <InternCardRoute />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.internNotAsOf);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Вернуться к текущему состоянию' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванов Пётр' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('asks before the card as of a day replaces unsaved changes', async () => {
    stubApi(() => jsonResponse(200, intern));
    const { user, router } = renderRoute(paths.internCard.path, '/interns/5', <InternCardRoute />);
    await user.click(await screen.findByRole('button', { name: 'Редактировать' }));
    const dialog = screen.getByRole('dialog', { name: 'Редактирование записи' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Имя' }), 'й');
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    expect(await screen.findByText('Изменена')).toBeInTheDocument();

    await act(() => router.navigate('/interns/5?asOf=2026-03-05'));
    const question = await screen.findByRole('dialog', { name: 'Несохранённые изменения' });
    await user.click(within(question).getByRole('button', { name: 'Отмена' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('Изменена')).toBeInTheDocument();
  });

  it('refuses a day that is not a date without asking the server', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, intern));
    renderRoute(paths.internCard.path, '/interns/5?asOf=2026-02-30', <InternCardRoute />);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.invalidDate);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
