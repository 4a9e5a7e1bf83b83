import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { paths } from '@/config/paths';
import { newInternReviewOf, progress, reviewOf } from '@/features/imports/review-test-data';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, stubApi as stubRoutes } from '@/test/render';
import { ImportChangeRoute } from './import-change';
import { ImportChangeAsNewRoute } from './import-change-as-new';
import { ImportChangeForInternRoute } from './import-change-for-intern';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The API as the tests answer it, with the claims the screen takes (the row is the operator's) and no free
 * row left after this one (`next`), so that a decision ends in the final dialog.
 */
const stubApi = (respond: Parameters<typeof stubRoutes>[0]) =>
  stubRoutes((request) => {
    if (request.url.includes('/changes/next')) return jsonResponse(200, { Next: null });
    if (request.url.endsWith('/claim'))
      return jsonResponse(200, { OperatorName: 'Оператор', Until: '2026-11-21T09:40:00Z', IsMine: true });
    return respond(request);
  });

/** The three review routes and the import's page, opened at `url`. */
function renderReview(url: string) {
  const router = createMemoryRouter(
    [
      { path: paths.importChange.path, element: <ImportChangeRoute /> },
      { path: paths.importChangeAsNew.path, element: <ImportChangeAsNewRoute /> },
      { path: paths.importChangeForIntern.path, element: <ImportChangeForInternRoute /> },
      { path: paths.importDetail.path, element: <h1>Страница импорта</h1> },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, user };
}

const saved = (pending: number, next = progress.NextPending) => ({
  Import: { ...progress, PendingCount: pending, NextPending: pending > 0 ? next : null },
  Intern: { Id: 5, FullName: 'Иванов Пётр Сергеевич', Status: 0 },
  HasModified: true,
});

describe('a matched row', () => {
  it('shows the trainee, the row’s place, what changes, and says it as the row opens', async () => {
    stubApi(() => jsonResponse(200, reviewOf({ FoundByFullName: true, Notices: ['Школа не найдена'] })));
    renderReview('/imports/41/process/301');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Иванов Пётр Сергеевич' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/обработка записи \[ 7 \/ 10 \], строка 8 файла/)).toBeInTheDocument();
    expect(screen.getByText('Существующий стажёр найден по ФИО. Возможно совпадение.')).toBeInTheDocument();
    expect(screen.getByText('Школа не найдена')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Как новый' })).toHaveAttribute(
      'href',
      '/imports/41/process/301/intern/new',
    );
    expect(screen.getByRole('button', { name: 'Другой стажёр' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Изменено полей: 3 в разделах: Персональные данные, Стажировка',
    );

    const menu = screen.getByRole('navigation', { name: 'Разделы записи' });
    expect(within(menu).getByRole('button', { name: /Персональные данные/ })).toHaveAccessibleName(
      'есть изменения Персональные данные',
    );
    expect(within(menu).getByRole('button', { name: /Этапы стажировки/ })).toHaveAccessibleName(
      'без изменений Этапы стажировки',
    );
  });

  it('sends the file’s values and the register’s the operator kept, then offers the next row', async () => {
    const fetchMock = stubApi(({ url }) =>
      url.includes('/submit/') ? jsonResponse(200, saved(3)) : jsonResponse(200, reviewOf()),
    );
    const { router, user } = renderReview('/imports/41/process/301');
    const phoneKept = await screen.findByRole('radio', {
      name: 'Телефон: оставить значение реестра «+7 900 000-00-00»',
    });
    const phoneTaken = screen.getByRole('radio', { name: /^Телефон: принять значение из файла/ });
    expect(phoneTaken).toBeChecked();

    // From the keyboard: left keeps the register's value, right takes the file's.
    phoneTaken.focus();
    await user.keyboard('{ArrowLeft}');
    expect(phoneKept).toBeChecked();
    expect(phoneKept).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowLeft}');
    expect(phoneKept).toBeChecked();

    await user.keyboard('{Control>}{Enter}{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Изменения успешно внесены' });
    const submit = fetchMock.mock.calls.find(([url]) => String(url).includes('/submit/'))!;
    expect(String(submit[0])).toBe('/api/v1/imports/41/changes/301/submit/5');
    const body = JSON.parse(submit[1]!.body as string) as Record<string, Record<string, unknown>>;
    expect(body.InternVersion).toBe(4);
    expect(body.PersonalInfo!.Contacts).toEqual({
      PhoneNumber: '+7 900 000-00-00',
      PostalAddress: null,
      EmailAddress: 'ivanov@example.org',
    });
    expect(body.Internship!.Status).toBe(3);
    // Nothing changes in the steps: they are left as they are.
    expect(body.InternshipSteps).toBeNull();

    expect(dialog).toHaveTextContent('Иванов Пётр Сергеевич');
    // No free row is left (the others are held): the final dialog says so, and leads back to the import.
    expect(dialog).toHaveTextContent('другие операторы обрабатывают ещё 3 записи.');
    const back = within(dialog).getByRole('button', { name: 'Вернуться к импорту' });
    await waitFor(() => expect(back).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/imports/41'));
  });

  it('moves between sections with Alt+arrows and corrects an entry in the card’s form', async () => {
    const fetchMock = stubApi(({ url }) =>
      url.includes('/submit/') ? jsonResponse(200, saved(0)) : jsonResponse(200, reviewOf()),
    );
    const { user } = renderReview('/imports/41/process/301');
    expect(await screen.findByRole('heading', { level: 2, name: 'Персональные данные' })).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'ArrowDown', code: 'ArrowDown', altKey: true });
    expect(screen.getByRole('heading', { level: 2, name: 'Руководитель стажировки' })).toHaveFocus();
    expect(screen.getByText('В файле нет сведений для этого раздела')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowUp', code: 'ArrowUp', altKey: true });
    expect(screen.getByRole('heading', { level: 2, name: 'Персональные данные' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Исправить: Персональные данные' }));
    const form = screen.getByRole('dialog', { name: 'Редактирование записи' });
    const email = within(form).getByRole('textbox', { name: 'Адрес электронной почты' });
    await user.clear(email);
    await user.type(email, 'petr@example.org');
    await user.click(within(form).getByRole('button', { name: 'Применить' }));
    expect(await screen.findByText('Исправлено: petr@example.org')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменения успешно внесены' });
    expect(dialog).toHaveTextContent(/внесено в реестр — \d+ запис/);
    const submit = fetchMock.mock.calls.find(([url]) => String(url).includes('/submit/'))!;
    const body = JSON.parse(submit[1]!.body as string) as Record<string, Record<string, unknown>>;
    expect(body.PersonalInfo!.Contacts).toMatchObject({ EmailAddress: 'petr@example.org' });
  });

  it('says a refused save under its title, and keeps the row as the operator left it', async () => {
    stubApi(({ url }) =>
      url.includes('/submit/')
        ? jsonResponse(409, { ErrorMessage: 'Карточку сохранили, откройте запись заново', ErrorId: 'e1' })
        : jsonResponse(200, reviewOf()),
    );
    const { user } = renderReview('/imports/41/process/301');
    await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
    const error = await screen.findByRole('dialog', { name: 'При сохранении произошла ошибка' });
    expect(error).toHaveTextContent('Карточку сохранили, откройте запись заново');
    expect(screen.queryByRole('dialog', { name: 'Изменения успешно внесены' })).toBeNull();
  });
});

describe('a pre-filled file’s row', () => {
  it('says which cells the register changed since the download, which both changed, and which the file emptied', async () => {
    const phone = { Entry: 'PersonalInfo', Path: 'Contacts.PhoneNumber', Header: 'Телефон' };
    stubApi(() =>
      jsonResponse(
        200,
        reviewOf({
          MatchedBy: 'registerId',
          SinceExport: {
            ExportedAt: '2026-11-30T09:00:00.000Z',
            Conflicts: [phone],
            ChangedInRegister: [{ ...phone, Path: 'PatronymicName', Header: 'Отчество' }],
            Cleared: [{ ...phone, Path: 'Contacts.EmailAddress', Header: 'Адрес электронной почты' }],
          },
        }),
      ),
    );
    const { user } = renderReview('/imports/41/process/301');

    expect(await screen.findByText(/^Конфликт: после выгрузки файла 2026\.11\.30 12:00/)).toHaveTextContent(
      'и файл, и реестр изменили «Телефон»',
    );
    expect(screen.getByText(/^Изменено в реестре после выгрузки файла/)).toHaveTextContent('«Отчество»');
    expect(screen.getByText(/^Файл очистил «Адрес электронной почты»/)).toBeInTheDocument();
    const phoneRow = screen.getByRole('rowheader', { name: /Телефон/ });
    expect(phoneRow).toHaveTextContent('Конфликт');
    expect(phoneRow).toHaveTextContent('Требуется решение');
    expect(screen.getByRole('rowheader', { name: /Отчество/ })).toHaveTextContent(
      'изменено в реестре после выгрузки',
    );
    // The cell both changed waits for the operator's word before the row is saved.
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Принять из файла: Телефон' }));
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  });

  it('offers a cell the file emptied as an erase, keeping the register’s value until the operator takes it', async () => {
    const review = reviewOf({
      MatchedBy: 'registerId',
      SinceExport: {
        ExportedAt: '2026-11-30T09:00:00.000Z',
        Conflicts: [],
        ChangedInRegister: [],
        Cleared: [{ Entry: 'PersonalInfo', Path: 'Contacts.PhoneNumber', Header: 'Телефон' }],
      },
    });
    // The server keeps the register's value in the file's place: it never erases by itself.
    const person = review.PersonalInfo.Old!;
    const fetchMock = stubApi(({ url }) =>
      url.includes('/submit/')
        ? jsonResponse(200, saved(3))
        : jsonResponse(200, { ...review, PersonalInfo: { Old: person, New: person, HasChanges: false } }),
    );
    const { user } = renderReview('/imports/41/process/301');

    const kept = await screen.findByRole('radio', {
      name: 'Телефон: оставить значение реестра «+7 900 000-00-00»',
    });
    expect(kept).toBeChecked();
    expect(screen.getByRole('rowheader', { name: /Телефон/ })).toHaveTextContent('очищено в файле');
    await user.click(screen.getByRole('radio', { name: 'Телефон: принять значение из файла «—»' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByRole('dialog', { name: 'Изменения успешно внесены' });
    const submit = fetchMock.mock.calls.find(([url]) => String(url).includes('/submit/'))!;
    const body = JSON.parse(submit[1]!.body as string) as Record<string, Record<string, unknown>>;
    expect(body.PersonalInfo!.Contacts).toMatchObject({ PhoneNumber: null });
  });
});

describe('rejecting a row', () => {
  it('asks a reason (Alt+R) and says when nothing is left to process', async () => {
    const fetchMock = stubApi(({ url }) =>
      url.endsWith('/reject')
        ? jsonResponse(200, { ...progress, PendingCount: 0, NextPending: null })
        : jsonResponse(200, reviewOf()),
    );
    const { user } = renderReview('/imports/41/process/301');
    await screen.findByRole('heading', { level: 1, name: 'Иванов Пётр Сергеевич' });
    fireEvent.keyDown(window, { key: 'к', code: 'KeyR', altKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Отклонение записи' });
    const reason = within(dialog).getByRole('textbox', { name: /^Основание отклонения/ });
    expect(reason).toHaveAttribute('rows', '3');
    await user.type(reason, 'Дубликат строки');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));

    const done = await screen.findByRole('dialog', { name: 'Изменения успешно отклонены' });
    expect(done).toHaveTextContent('Иванов Пётр Сергеевич');
    expect(done).toHaveTextContent('Все записи импорта обработаны: внесено в реестр');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/reject'))!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ reason: 'Дубликат строки' });
    await waitFor(() =>
      expect(within(done).getByRole('button', { name: 'Вернуться к импорту' })).toHaveFocus(),
    );
  });

  it('says a refused rejection under its title', async () => {
    stubApi(({ url }) =>
      url.endsWith('/reject')
        ? jsonResponse(409, { ErrorMessage: 'Запись уже обработана', ErrorId: 'e2' })
        : jsonResponse(200, reviewOf()),
    );
    const { user } = renderReview('/imports/41/process/301');
    await user.click(await screen.findByRole('button', { name: 'Отклонить' }));
    const dialog = screen.getByRole('dialog', { name: 'Отклонение записи' });
    await user.type(within(dialog).getByRole('textbox'), 'Причина');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    const error = await screen.findByRole('dialog', { name: 'При отклонении произошла ошибка' });
    expect(error).toHaveTextContent('Запись уже обработана');
  });
});

describe('a row without a trainee', () => {
  it('is entered as a new trainee', async () => {
    const fetchMock = stubApi(({ url }) =>
      url.includes('/submit/') ? jsonResponse(200, saved(1)) : jsonResponse(200, newInternReviewOf()),
    );
    const { user } = renderReview('/imports/41/process/301');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Внесение нового стажёра' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/сведения строки будут внесены в реестр отдельной записью/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Найти стажёра вручную' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Как новый' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменения успешно внесены' });
    expect(dialog).toHaveTextContent(/внесено в реестр — \d+ запис/);
    const submit = fetchMock.mock.calls.find(([url]) => String(url).includes('/submit/'))!;
    expect(String(submit[0])).toBe('/api/v1/imports/41/changes/301/submit/new');
    const body = JSON.parse(submit[1]!.body as string) as Record<string, unknown>;
    expect(body).not.toHaveProperty('InternVersion');
    expect(body.InternshipSteps).toBeNull();
  });

  it('compares with a trainee the operator finds by name', async () => {
    const fetchMock = stubApi(({ url }) =>
      url.startsWith('/api/v1/interns/search')
        ? jsonResponse(200, {
            Page: 0,
            TotalPages: 1,
            HasMore: false,
            IsCapped: false,
            Results: [
              {
                Id: 8,
                FullName: 'Сидоров Олег',
                Status: 1,
                RegistrationNumbers: [],
                IsDeleted: false,
                Snils: '112-233-445 95',
                DateOfBirth: '1994-07-12',
              },
            ],
          })
        : jsonResponse(200, newInternReviewOf()),
    );
    const { router, user } = renderReview('/imports/41/process/301/intern/new');
    expect(await screen.findByRole('link', { name: 'Сопоставить автоматически' })).toHaveAttribute(
      'href',
      '/imports/41/process/301',
    );
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/imports/41/changes/301?intern=new');
    await user.click(screen.getByRole('button', { name: 'Найти стажёра вручную' }));
    const dialog = screen.getByRole('dialog', { name: 'Выбор стажёра' });
    const choose = within(dialog).getByRole('button', { name: 'Изменить' });
    expect(choose).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: 'ФИО или СНИЛС стажёра' }), 'Си');
    await user.click(
      await screen.findByRole('option', {
        name: 'Сидоров Олег · СНИЛС 112-233-445 95 · дата рождения 1994.07.12 · Допущен к экзамену',
      }),
    );
    await user.click(choose);
    await waitFor(() => expect(router.state.location.pathname).toBe('/imports/41/process/301/intern/8'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/v1/imports/41/changes/301?intern=8',
      ),
    );
  });
});

describe('a row that cannot be saved', () => {
  it('waits for the import’s incoming requisites, which the operator fills in from the row', async () => {
    stubApi(() =>
      jsonResponse(200, reviewOf({ Import: { ...progress, Requisites: { Number: null, Date: null } } })),
    );
    const { user } = renderReview('/imports/41/process/301');
    expect(await screen.findByText(/У импорта не заполнены входящие реквизиты/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Заполнить реквизиты' }));
    expect(screen.getByRole('dialog', { name: 'Редактирование импорта' })).toBeInTheDocument();
  });

  it('shows a handled row as it was handled, without saving or rejecting', async () => {
    stubApi(() =>
      jsonResponse(
        200,
        reviewOf({
          ChangeStatus: 2,
          ProcessedBy: 'Оператор Анна',
          ProcessedAt: '2026-11-21T09:30:00Z',
          RejectionReason: 'Дубликат',
        }),
      ),
    );
    renderReview('/imports/41/process/301');
    expect(
      await screen.findByText('Запись отклонена: Оператор Анна, 2026.11.21 12:30. Основание: Дубликат'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отклонить' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('button', { name: 'Следующая запись' })).toBeInTheDocument();
  });

  it('hides saving and rejecting when the import is rejected', async () => {
    stubApi(() =>
      jsonResponse(
        200,
        reviewOf({ Import: { ...progress, Status: 3, Rejection: { Id: null, Reason: 'Нет подписи' } } }),
      ),
    );
    renderReview('/imports/41/process/301');
    expect(await screen.findByText(/Импорт отклонён.*Основание: Нет подписи/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отклонить' })).toBeNull();
  });

  it('is the not-found page, without an error dialog, for an import or row the server does not have', async () => {
    stubApi(() => jsonResponse(404, { ErrorMessage: 'Запись импорта не найдена' }));
    renderReview('/imports/41/process/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not a page for a row id that is not a number', () => {
    const fetchMock = stubApi(() => jsonResponse(404, {}));
    renderReview('/imports/41/process/abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a row whose internship number does not tell which of the trainee’s it is', () => {
  it('says it is merged from several, and opens again merged into the one the operator chooses', async () => {
    const review = reviewOf();
    const choices = [
      { Id: 12, RegistryNumber: null, StartedAt: '2024-02-01', Status: 3 },
      { Id: 11, RegistryNumber: 'СЗО-1', StartedAt: '2019-03-01', Status: 2 },
    ];
    const fetchMock = stubApi(({ url }) => {
      const isChosen = url.includes('internship=11');
      const New = { ...review.Internship.New!, IsCumulative: !isChosen };
      return jsonResponse(200, {
        ...review,
        InternshipChoices: choices,
        Internship: { ...review.Internship, New },
      });
    });
    const { router, user } = renderReview('/imports/41/process/301');
    const notice = await screen.findByText(/не удалось однозначно распознать информацию о стажировке/);
    await user.click(screen.getByRole('combobox', { name: 'Стажировка, в которую внести запись' }));
    await user.click(screen.getByRole('option', { name: '№ СЗО-1 · начата 2019.03.01 · Прекращена' }));
    await waitFor(() => expect(router.state.location.search).toBe('?internship=11'));
    await waitFor(() => expect(notice).not.toBeInTheDocument());
    expect(
      await screen.findByRole('combobox', { name: 'Стажировка, в которую внести запись' }),
    ).toHaveTextContent('№ СЗО-1 · начата 2019.03.01 · Прекращена');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/v1/imports/41/changes/301?internship=11',
    );
  });
});

describe('warnings', () => {
  it('names the trainee with the same internship number, the other SRO, and the candidates', async () => {
    stubApi(() =>
      jsonResponse(
        200,
        reviewOf({
          ConflictingIntern: { Id: 9, FullName: 'Смирнов Олег' },
          ConflictingOrganization: { Id: 4, Name: 'СРО «Гео»' },
          Candidates: [
            { Id: 9, FullName: 'Смирнов Олег', Status: 0, Reasons: ['registryNumber', 'fullName'] },
          ],
        }),
      ),
    );
    renderReview('/imports/41/process/301');
    const conflict = await screen.findByText(/Регистрационный номер стажировки из файла в этом СРО/);
    expect(conflict).toHaveTextContent(
      'Регистрационный номер стажировки из файла в этом СРО принадлежит стажёру Смирнов Олег: запись нельзя внести в этого стажёра. Сравните её с ним, исправьте номер или отклоните запись.',
    );
    // Accepting it into this trainee is refused: the operator is offered the number's holder instead.
    expect(screen.getByRole('link', { name: 'Сравнить с этим стажёром' })).toHaveAttribute(
      'href',
      '/imports/41/process/301/intern/9',
    );
    expect(within(conflict).getByRole('link', { name: 'Смирнов Олег' })).toHaveAttribute(
      'href',
      '/interns/9',
    );
    expect(
      screen.getByText('У данного стажёра имеется действующая стажировка в другом СРО: СРО «Гео».'),
    ).toBeInTheDocument();
    expect(screen.getByText('тот же номер стажировки в СРО, те же ФИО')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Сравнить с: Смирнов Олег' })).toHaveAttribute(
      'href',
      '/imports/41/process/301/intern/9',
    );
    await act(async () => {});
  });
});
