import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Organization } from '@registry/shared';
import { jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { OrganizationDialog } from './organization-dialog';

const required = 'Данное поле обязательно для заполнения';
const saved: Organization = {
  Id: 4,
  Name: 'СРО «Содружество»',
  FormerName: null,
  EmailAddress: 'sro@example.org',
  RegistryNumber: '004',
};

function renderDialog(organization: Organization | null = null) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<OrganizationDialog organization={organization} onClose={onClose} />);
  return { onClose, ...rendered };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const save = () => screen.getByRole('button', { name: 'Сохранить' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrganizationDialog', () => {
  it('requires the number and the name of a new SRO without calling the server', async () => {
    const fetchMock = stubApi(() => jsonResponse(201, saved));
    const { user } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Добавить СРО' })).toBeInTheDocument();

    await user.click(save());
    expect(await screen.findAllByText(required)).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts characters against the contract limits and refuses 501 of them', async () => {
    stubApi(() => jsonResponse(201, saved));
    const { user } = renderDialog();
    expect(screen.getAllByText('0/500')).toHaveLength(2);
    expect(screen.getByText('0/200')).toBeInTheDocument();

    await user.click(field('Наименование'));
    await user.paste('я'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText('Не более 500 символов')).toBeInTheDocument();
  });

  it('sends the fields and closes when the server accepts them, Save disabled meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, onClose } = renderDialog();
    await user.type(field('Номер в государственном реестре СРО'), '004');
    await user.type(field('Наименование'), 'СРО «Содружество»');
    await user.type(field('Адрес электронной почты'), 'sro@example.org');
    await user.click(save());

    await waitFor(() => expect(save()).toBeDisabled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/organizations/');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      RegistryNumber: '004',
      Name: 'СРО «Содружество»',
      FormerName: '',
      EmailAddress: 'sro@example.org',
    });
    answer(jsonResponse(201, saved));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('puts the server’s validation lines under the fields they name', async () => {
    stubApi(() =>
      jsonResponse(400, {
        ErrorMessage: 'Проверьте правильность заполнения полей',
        ErrorId: 'v',
        Info: ['«EmailAddress»: Неверный адрес электронной почты'],
      }),
    );
    const { user, onClose } = renderDialog(saved);
    expect(screen.getByRole('dialog', { name: 'Редактирование СРО' })).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText('Неверный адрес электронной почты')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a duplicate number in the alert', async () => {
    stubApi(() => jsonResponse(409, { ErrorMessage: 'СРО с номером 004 уже есть в реестре', ErrorId: 'c' }));
    const { user, onClose } = renderDialog();
    await user.type(field('Номер в государственном реестре СРО'), '004');
    await user.type(field('Наименование'), 'Другая СРО');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('СРО с номером 004 уже есть в реестре');
    expect(screen.queryByRole('dialog', { name: 'Произошла непредвиденная ошибка' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
