import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Operator } from '@registry/shared';
import { paths } from '@/config/paths';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { morningDigestLabel } from '@registry/shared';
import { firstPasswordHint } from './operator-dialog';
import { OperatorList } from './operator-list';

const admin: Operator = {
  Id: 1,
  FullName: 'Иванов Иван',
  EmailAddress: 'admin@example.org',
  Organization: null,
  MorningDigest: true,
};
const clerk: Operator = {
  Id: 2,
  FullName: 'Петрова Анна',
  EmailAddress: 'clerk@example.org',
  Organization: { Id: 7, Name: 'СРО «Кадастровые инженеры»' },
  MorningDigest: true,
};

function stubOperatorsApi() {
  return stubApi(({ url, method }) => {
    if (url.startsWith('/api/v1/operators/search')) {
      return jsonResponse(200, { Page: 0, TotalPages: 1, Results: [admin, clerk] });
    }
    if (method === 'POST' && url.endsWith('/generate-password')) return jsonResponse(204, null);
    if (method === 'PUT' && url === '/api/v1/operators/1') {
      return jsonResponse(200, { ...admin, MorningDigest: false });
    }
    if (method === 'POST' && url === '/api/v1/operators/') {
      return jsonResponse(201, {
        Id: 3,
        FullName: 'Новая Ольга',
        EmailAddress: 'olga@example.org',
        Organization: null,
        MorningDigest: true,
      });
    }
    return jsonResponse(404, { ErrorMessage: 'нет', ErrorId: 'x' });
  });
}

function renderList() {
  return renderRoute(paths.operators.path, '/operators', <OperatorList />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OperatorList', () => {
  it('lists accounts with their SRO, or as operators of the registry', async () => {
    stubOperatorsApi();
    renderList();
    const row = (await screen.findByRole('cell', { name: 'Петрова Анна' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'СРО «Кадастровые инженеры»' })).toBeInTheDocument();
    const adminRow = screen.getByRole('cell', { name: 'Иванов Иван' }).closest('tr')!;
    expect(within(adminRow).getByRole('cell', { name: 'Оператор реестра' })).toBeInTheDocument();
  });

  it('generates a password after a confirmation and says where it went', async () => {
    const fetchMock = stubOperatorsApi();
    const { user } = renderList();
    const row = (await screen.findByRole('cell', { name: 'Петрова Анна' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Сгенерировать пароль' }));

    const confirm = screen.getByRole('dialog', { name: 'Сгенерировать пароль' });
    expect(confirm).toHaveTextContent('clerk@example.org');
    await user.click(within(confirm).getByRole('button', { name: 'Сгенерировать и отправить' }));

    expect(await screen.findByText('Пароль отправлен на адрес clerk@example.org')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/operators/2/generate-password',
      expect.objectContaining({ method: 'POST' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers the password from the edit dialog too, and explains the empty organization', async () => {
    stubOperatorsApi();
    const { user } = renderList();
    await user.click(await screen.findByRole('cell', { name: 'Иванов Иван' }));

    const dialog = screen.getByRole('dialog', { name: 'Редактирование учётной записи' });
    expect(within(dialog).getByRole('combobox', { name: 'Организация' })).toHaveValue('');
    expect(dialog).toHaveTextContent('Оставьте пустым для оператора реестра');
    await user.click(within(dialog).getByRole('button', { name: 'Сгенерировать пароль' }));
    expect(screen.getByRole('dialog', { name: 'Сгенерировать пароль' })).toHaveTextContent(
      'admin@example.org',
    );
  });

  it('requires the full name and the e-mail of a new account', async () => {
    const fetchMock = stubOperatorsApi();
    const { user } = renderList();
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    const dialog = screen.getByRole('dialog', { name: 'Добавить учётную запись' });
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findAllByText('Данное поле обязательно для заполнения')).toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('says that a new account gets its password by e-mail, and where it went', async () => {
    stubOperatorsApi();
    const { user } = renderList();
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    const dialog = screen.getByRole('dialog', { name: 'Добавить учётную запись' });
    expect(within(dialog).getByText(firstPasswordHint)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'ФИО' }), 'Новая Ольга');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Адрес электронной почты' }),
      'olga@example.org',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await screen.findByText('Учётная запись создана, пароль отправлен на адрес olga@example.org'),
    ).toBeInTheDocument();
  });

  it('turns an operator’s morning digest off, and offers no digest to a representative', async () => {
    const fetchMock = stubOperatorsApi();
    const { user } = renderList();
    await user.click(await screen.findByRole('cell', { name: 'Петрова Анна' }));
    const clerkDialog = screen.getByRole('dialog', { name: 'Редактирование учётной записи' });
    expect(within(clerkDialog).queryByRole('checkbox', { name: morningDigestLabel })).not.toBeInTheDocument();
    await user.click(within(clerkDialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('cell', { name: 'Иванов Иван' }));
    const dialog = screen.getByRole('dialog', { name: 'Редактирование учётной записи' });
    const digest = within(dialog).getByRole('checkbox', { name: morningDigestLabel });
    expect(digest).toBeChecked();
    await user.click(digest);
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put![1]!.body as string)).toMatchObject({ MorningDigest: false });
  });
});
