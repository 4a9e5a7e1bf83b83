import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '@registry/shared';
import { jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { ChangeFileButton, changeFileTexts } from './change-file-button';
import { changeFilePartsTexts } from './change-file-parts-dialog';
import type { UploadReading } from './upload-rules';

const fileName = 'Файл для изменений СРО «Кадастр» 2026-11-22.xlsx';
const sro = { Id: 3, Name: 'СРО «Кадастр»', FormerName: null, EmailAddress: null, RegistryNumber: '003' };

/** The prepared file, under the name the server gives it. */
const fileResponse = () =>
  new Response('PK', {
    headers: {
      'content-disposition': `attachment; filename="change-file.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    },
  });

/**
 * Answers the change file's call with `answer`, its parts' call with `parts` (one file unless said), and the
 * SRO search with one SRO; returns the change file's calls.
 */
function stubChangeFile(
  answer: () => Response | Promise<Response>,
  parts = { Trainees: 3, RowsPerPart: 10_000, Parts: 1 },
) {
  const calls: string[] = [];
  stubApi(({ url }) => {
    if (url.startsWith('/api/v1/organizations/search'))
      return jsonResponse(200, { Page: 0, TotalPages: 1, Results: [sro] });
    if (url.startsWith('/api/v1/imports/change-file/parts')) return jsonResponse(200, parts);
    calls.push(url);
    return answer();
  });
  return calls;
}

let savedAs: string[];

beforeEach(() => {
  savedAs = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedAs.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderButton = (reading: UploadReading) => renderWithProviders(<ChangeFileButton reading={reading} />);
const downloadButton = () => screen.getByRole('button', { name: changeFileTexts.button });

describe('ChangeFileButton, an SRO representative’s', () => {
  it('says what the file is for, and saves its own SRO’s file under the server’s name, busy meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubChangeFile(() => new Promise((resolve) => (answer = resolve)));
    const { user } = renderButton('organization');
    expect(downloadButton()).toHaveAccessibleDescription(changeFileTexts.hint);

    await user.click(downloadButton());
    await waitFor(() => expect(downloadButton()).toBeDisabled());
    expect(downloadButton()).toHaveAttribute('aria-busy', 'true');
    // No SRO asked for: the server takes the representative's own.
    expect(calls).toEqual(['/api/v1/imports/change-file']);

    answer(fileResponse());
    await waitFor(() => expect(downloadButton()).toBeEnabled());
    expect(savedAs).toEqual([fileName]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says beside the button, not in the error dialog, that the file could not be had, and why', async () => {
    stubChangeFile(() => jsonResponse(500, { ErrorMessage: 'Сервер перегружен', ErrorId: 'e-17' }));
    const { user } = renderButton('organization');
    await user.click(downloadButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(changeFileTexts.failed);
    expect(alert).toHaveTextContent('Сервер перегружен');
    expect(alert).toHaveTextContent(`${texts.errorCode}: e-17`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(savedAs).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('ChangeFileButton, for an SRO with more trainees than a file may have rows', () => {
  it('offers each part in the list’s order, and downloads the one chosen', async () => {
    const calls = stubChangeFile(fileResponse, { Trainees: 25_000, RowsPerPart: 10_000, Parts: 3 });
    const { user } = renderButton('organization');
    await user.click(downloadButton());

    const dialog = await screen.findByRole('dialog', { name: changeFilePartsTexts.title });
    expect(dialog).toHaveTextContent(
      'У СРО 25 000 стажёров, а загрузка принимает не больше 10 000 строк в файле: стажёры разделены на 3 части.',
    );
    expect(calls).toEqual([]);
    const parts = within(dialog).getAllByRole('button', { name: /^Часть/ });
    expect(parts.map((button) => button.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'Часть 1: стажёры 1–10 000',
      'Часть 2: стажёры 10 001–20 000',
      'Часть 3: стажёры 20 001–25 000',
    ]);
    await user.click(parts[1]!);
    await waitFor(() => expect(savedAs).toEqual([fileName]));
    expect(calls).toEqual(['/api/v1/imports/change-file?part=2']);
  });
});

describe('ChangeFileButton, an operator’s', () => {
  /** Opens the dialog and picks the SRO. */
  async function chooseSro(user: ReturnType<typeof renderButton>['user']) {
    await user.click(downloadButton());
    const dialog = screen.getByRole('dialog', { name: changeFileTexts.dialogTitle });
    await user.click(within(dialog).getByRole('combobox', { name: /^СРО/ }));
    await user.paste('Када');
    await user.click(await screen.findByRole('option', { name: sro.Name }));
    return dialog;
  }

  it('asks for the SRO in a dialog before downloading anything', async () => {
    const calls = stubChangeFile(fileResponse);
    const { user } = renderButton('operator');
    // The representative's line says «your trainees»; an operator has none of their own.
    expect(screen.queryByText(changeFileTexts.hint)).not.toBeInTheDocument();

    await user.click(downloadButton());
    const dialog = screen.getByRole('dialog', { name: changeFileTexts.dialogTitle });
    expect(within(dialog).getByText(changeFileTexts.operatorHint)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: changeFileTexts.download }));
    expect(await within(dialog).findByText(texts.required)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('downloads the chosen SRO’s file and closes', async () => {
    const calls = stubChangeFile(fileResponse);
    const { user } = renderButton('operator');
    const dialog = await chooseSro(user);
    await user.click(within(dialog).getByRole('button', { name: changeFileTexts.download }));

    await waitFor(() => expect(savedAs).toEqual([fileName]));
    expect(calls).toEqual([`/api/v1/imports/change-file?organizationId=${sro.Id}`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the server’s refusal in it', async () => {
    stubChangeFile(() => jsonResponse(404, { ErrorMessage: 'СРО не найдена', ErrorId: 'e-4' }));
    const { user } = renderButton('operator');
    const dialog = await chooseSro(user);
    await user.click(within(dialog).getByRole('button', { name: changeFileTexts.download }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('СРО не найдена');
    expect(screen.getByRole('dialog', { name: changeFileTexts.dialogTitle })).toBeInTheDocument();
    expect(savedAs).toEqual([]);
  });
});
