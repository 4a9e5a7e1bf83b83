import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@registry/shared';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

const operator: SessionInfo = {
  IsAuthenticated: true,
  IsOperator: true,
  Organization: null,
  FullName: 'Оператор',
};

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm() {
  const onSuccess = vi.fn();
  const rendered = renderWithProviders(<LoginForm onSuccess={onSuccess} />);
  return { onSuccess, ...rendered };
}

async function submit(user: ReturnType<typeof renderForm>['user'], login: string, password: string) {
  if (login) await user.type(screen.getByLabelText('Логин'), login);
  if (password) await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginForm', () => {
  it('waits with the cursor in the login', async () => {
    renderForm();
    await waitFor(() => expect(screen.getByLabelText('Логин')).toHaveFocus());
  });

  it('asks for both fields without calling the server', async () => {
    const fetchMock = stubFetch(json(200, operator));
    const { user } = renderForm();
    await submit(user, '', '');
    expect(await screen.findAllByText('Данное поле обязательно для заполнения')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the password alone when only it is missing', async () => {
    stubFetch(json(200, operator));
    const { user } = renderForm();
    await submit(user, 'admin@example.org', '');
    expect(await screen.findAllByText('Данное поле обязательно для заполнения')).toHaveLength(1);
  });

  it.each([
    ['a wrong password', json(401, { ErrorMessage: 'Неверный пароль', ErrorId: 'a' })],
    ['throttling', json(429, { ErrorMessage: 'Слишком много попыток', ErrorId: 'b' })],
    ['a server failure', json(500, { ErrorMessage: 'Сбой', ErrorId: 'c' })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says only "Неверный пароль" on %s, without the global dialog', async (_case, respond) => {
    stubFetch(respond);
    const { user, onSuccess } = renderForm();
    await submit(user, 'admin@example.org', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный пароль');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('sends the credentials and reports the session', async () => {
    const fetchMock = stubFetch(json(200, operator));
    const { user, onSuccess } = renderForm();
    await submit(user, 'admin@example.org', 'secret123');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onSuccess.mock.calls[0]?.[0]).toEqual(operator);
    expect(fetchMock.mock.calls[0]?.at(1)).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ Id: 'admin@example.org', Password: 'secret123' }),
    });
  });
});
