import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeUploadRequest, stubUploads } from '@/test/fake-upload-request';
import { texts, UPLOAD_ID_HEADER } from '@registry/shared';
import { jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { importOf } from '../test-data';
import { UploadDialog } from './upload-dialog';
import type { UploadReading } from './upload-rules';

const createdImport = importOf({
  StateCounts: { pending: 1, claimed: 0, conflicting: 0, finished: 0, rejected: 0, unchanged: 0 },
  MatchCounts: { snils: 0, fullName: 0, none: 1, conflict: 0 },
  FirstPendingId: 1,
});

function renderDialog(reading: UploadReading) {
  const onClose = vi.fn();
  const onUploaded = vi.fn();
  const rendered = renderWithProviders(
    <UploadDialog reading={reading} onClose={onClose} onUploaded={onUploaded} />,
  );
  return { onClose, onUploaded, ...rendered };
}

const repeatRefusal = {
  ErrorMessage:
    'Этот файл уже загружен для СРО: импорт № 17 от 2026.11.20 10:15. Повторная загрузка того же файла отклонена.',
  ErrorId: 'e',
  Import: { Id: 17, ImportedAt: '2026-11-20T07:15:00.000Z' },
};

const sro = { Id: 3, Name: 'СРО «Кадастр»', FormerName: null, EmailAddress: null, RegistryNumber: '003' };
const uploadButton = () => screen.getByRole('button', { name: 'Загрузить' });
const file = (name: string, type = '') => new File(['content'], name, { type });

beforeEach(stubUploads);

afterEach(() => {
  vi.unstubAllGlobals();
});

// A dialog of MUI fields in jsdom takes seconds to drive.
describe('UploadDialog, an SRO representative’s reading', () => {
  /** Chooses the three files, types the outgoing number and date, and presses 'Загрузить'. */
  async function fillOrganizationUpload(user: ReturnType<typeof renderDialog>['user']) {
    await user.upload(screen.getByLabelText('Файл с изменениями (.xls, .xlsx)'), file('changes.xlsx'));
    await user.upload(screen.getByLabelText('Протокол (.pdf)'), file('protocol.pdf'));
    await user.upload(screen.getByLabelText('Сопроводительное письмо (.pdf)'), file('letter.pdf'));
    await user.click(screen.getByRole('textbox', { name: /^Исходящий номер/ }));
    await user.paste('15-и');
    // The picker's hidden input takes a whole date typed in its display form, as autofill would.
    const dateInput = screen
      .getByRole('group', { name: /^Исходящая дата/ })
      .parentElement!.querySelector('input')!;
    fireEvent.change(dateInput, { target: { value: '2026.11.20' } });
    await user.click(uploadButton());
  }

  it('enables the upload only once the Excel file, the protocol and the letter are chosen', async () => {
    const { user } = renderDialog('organization');
    expect(screen.getByRole('dialog', { name: 'Загрузка файла с изменениями' })).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();

    await user.upload(screen.getByLabelText('Файл с изменениями (.xls, .xlsx)'), file('changes.xlsx'));
    await user.upload(screen.getByLabelText('Протокол (.pdf)'), file('protocol.pdf', 'application/pdf'));
    await user.upload(screen.getByLabelText('Подпись протокола (.sig)'), file('protocol.sig'));
    expect(uploadButton()).toBeDisabled();

    await user.upload(
      screen.getByLabelText('Сопроводительное письмо (.pdf)'),
      file('letter.pdf', 'application/pdf'),
    );
    expect(uploadButton()).toBeEnabled();
    expect(screen.getByText('letter.pdf, 7 б')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Убрать файл: Протокол (.pdf)' }));
    expect(uploadButton()).toBeDisabled();
  });

  it('requires the outgoing number and date before sending anything', async () => {
    const { user } = renderDialog('organization');
    await user.upload(screen.getByLabelText('Файл с изменениями (.xls, .xlsx)'), file('changes.xlsx'));
    await user.upload(screen.getByLabelText('Протокол (.pdf)'), file('protocol.pdf'));
    await user.upload(screen.getByLabelText('Сопроводительное письмо (.pdf)'), file('letter.pdf'));
    await user.click(uploadButton());

    expect(await screen.findAllByText('Данное поле обязательно для заполнения')).toHaveLength(2);
    expect(FakeUploadRequest.sent).toHaveLength(0);
  });

  it('sends the requisites and the files, shows the progress, and reports the stored import', async () => {
    const { user, onUploaded } = renderDialog('organization');
    await fillOrganizationUpload(user);

    await waitFor(() => expect(FakeUploadRequest.sent).toHaveLength(1));
    const request = FakeUploadRequest.sent[0]!;
    expect(request.url).toBe('/api/v1/imports/delta');
    expect(JSON.parse(String(request.body?.get('data')))).toEqual({ Number: '15-и', Date: '2026-11-20' });
    expect((request.body?.get('file') as File).name).toBe('changes.xlsx');
    expect((request.body?.get('protocol') as File).name).toBe('protocol.pdf');
    expect((request.body?.get('letter') as File).name).toBe('letter.pdf');
    expect(request.body?.has('protocolSignature')).toBe(false);

    request.progress(40, 100);
    expect(await screen.findByText('Загружено 40%')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();

    request.answer(201, createdImport);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ Id: 41 })));
  });

  it('shows the refusal of a file uploaded before, with nothing to confirm', async () => {
    const { user, onUploaded } = renderDialog('organization');
    await fillOrganizationUpload(user);
    await waitFor(() => expect(FakeUploadRequest.sent).toHaveLength(1));
    FakeUploadRequest.sent[0]!.answer(409, repeatRefusal);

    expect(await screen.findByRole('alert')).toHaveTextContent(repeatRefusal.ErrorMessage);
    expect(screen.queryByRole('button', { name: 'Загрузить повторно' })).not.toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});

describe('UploadDialog, an operator’s reading', () => {
  /** Picks the SRO and the file, and presses 'Загрузить'; answers the sent request. */
  async function sendOperatorUpload(user: ReturnType<typeof renderDialog>['user']) {
    await user.click(screen.getByRole('combobox', { name: /^СРО/ }));
    await user.paste('Када');
    await user.click(await screen.findByRole('option', { name: 'СРО «Кадастр»' }));
    await user.upload(screen.getByLabelText('Файл с изменениями (.xls, .xlsx)'), file('changes.xlsx'));
    await user.click(uploadButton());
    await waitFor(() => expect(FakeUploadRequest.sent).toHaveLength(1));
    return FakeUploadRequest.sent[0]!;
  }

  it('opens with the cursor in the SRO, its first field (issue #34)', () => {
    renderDialog('operator');
    expect(screen.getByRole('combobox', { name: /^СРО/ })).toHaveFocus();
  });

  it('asks, once the file is sent, whether it waits in the server’s queue or is being checked', async () => {
    const stateAnswers: ((state: string) => void)[] = [];
    const asked: string[] = [];
    stubApi(({ url }) => {
      if (url.startsWith('/api/v1/organizations/search'))
        return jsonResponse(200, { Page: 0, TotalPages: 1, Results: [sro] });
      asked.push(url);
      return new Promise((resolve) => stateAnswers.push((State) => resolve(jsonResponse(200, { State }))));
    });
    const { user, onUploaded } = renderDialog('operator');
    const request = await sendOperatorUpload(user);
    const uploadId = request.headers.get(UPLOAD_ID_HEADER)!;
    expect(uploadId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    request.progress(50, 100);
    expect(await screen.findByText('Загружено 50%')).toBeInTheDocument();
    expect(asked).toEqual([]);

    // Sent: until the server says otherwise the file is being checked.
    request.progress(100, 100);
    expect(await screen.findByText(texts.uploadStates.checking)).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual([`/api/v1/imports/uploads/${uploadId}`]));
    stateAnswers[0]!('queued');
    expect(await screen.findByText('Файл в очереди на проверку')).toBeInTheDocument();
    expect(screen.queryByText(texts.uploadStates.checking)).not.toBeInTheDocument();

    request.answer(201, createdImport);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ Id: 41 })));
  });

  it('offers to upload a file uploaded before again, and resends it confirmed', async () => {
    stubApi(({ url }) =>
      url.startsWith('/api/v1/organizations/search')
        ? jsonResponse(200, { Page: 0, TotalPages: 1, Results: [sro] })
        : jsonResponse(200, { State: 'checking' }),
    );
    const { user, onUploaded } = renderDialog('operator');
    const refused = await sendOperatorUpload(user);
    refused.answer(409, repeatRefusal);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(repeatRefusal.ErrorMessage);
    await user.click(within(alert).getByRole('button', { name: 'Загрузить повторно' }));

    await waitFor(() => expect(FakeUploadRequest.sent).toHaveLength(2));
    const confirmed = FakeUploadRequest.sent[1]!;
    expect(JSON.parse(String(confirmed.body?.get('data')))).toEqual({
      importSchools: false,
      organizationId: 3,
      confirmDuplicate: true,
    });
    expect((confirmed.body?.get('file') as File).name).toBe('changes.xlsx');
    expect(confirmed.headers.get(UPLOAD_ID_HEADER)).not.toBe(refused.headers.get(UPLOAD_ID_HEADER));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    confirmed.answer(201, createdImport);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ Id: 41 })));
  });

  it('says the file is required and the SRO too, without sending', async () => {
    stubApi(() => jsonResponse(200, { Page: 0, TotalPages: 0, Results: [] }));
    const { user } = renderDialog('operator');
    expect(screen.getByRole('checkbox', { name: 'Импортировать учебные заведения' })).not.toBeChecked();
    expect(uploadButton()).toBeEnabled();

    await user.click(uploadButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Файл обязателен для приложения');
    expect(screen.getByText('Данное поле обязательно для заполнения')).toBeInTheDocument();
    expect(FakeUploadRequest.sent).toHaveLength(0);
  });

  it('shows a refused file’s lines in an alert that can be dismissed', async () => {
    stubApi(({ url }) =>
      url.startsWith('/api/v1/organizations/search')
        ? jsonResponse(200, { Page: 0, TotalPages: 1, Results: [sro] })
        : jsonResponse(404, {}),
    );
    const { user } = renderDialog('operator');
    await user.click(screen.getByRole('combobox', { name: /^СРО/ }));
    await user.paste('Када');
    await user.click(await screen.findByRole('option', { name: 'СРО «Кадастр»' }));
    await user.upload(screen.getByLabelText('Файл с изменениями (.xls, .xlsx)'), file('changes.xlsx'));
    await user.click(screen.getByRole('checkbox', { name: 'Импортировать учебные заведения' }));
    await user.click(uploadButton());

    await waitFor(() => expect(FakeUploadRequest.sent).toHaveLength(1));
    const request = FakeUploadRequest.sent[0]!;
    expect(request.url).toBe('/api/v1/imports');
    expect(JSON.parse(String(request.body?.get('data')))).toEqual({ importSchools: true, organizationId: 3 });
    request.answer(400, {
      ErrorMessage: 'Файл не принят: исправьте ошибки и загрузите его снова',
      ErrorId: 'e',
      Info: ['Строка 12, «СНИЛС»: неверная контрольная сумма', 'Строка 13, «Фамилия»: обязательное поле'],
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Строка 12, «СНИЛС»: неверная контрольная сумма\nСтрока 13, «Фамилия»: обязательное поле',
    );
    await user.click(within(alert).getByRole('button', { name: /закрыть|close/i }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });
});
