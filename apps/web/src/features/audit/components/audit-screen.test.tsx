import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditAction, auditActions, texts, type AuditEvent } from '@registry/shared';
import { paths } from '@/config/paths';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { AuditScreen } from './audit-screen';
import { emptyJournalText, moreText, notFoundText } from './audit-table';
import { filterLabels } from './audit-filters';

afterEach(() => {
  vi.unstubAllGlobals();
});

const operator = { Id: 1, FullName: 'Петрова Анна Сергеевна', Login: 'petrova@example.org' };

const cardSaved: AuditEvent = {
  Id: 31,
  At: '2026-11-26T09:15:00.123Z',
  Account: operator,
  Role: 0,
  Organization: null,
  Action: AuditAction.CardSaved,
  Object: { Kind: 'intern', Id: 12 },
  Protocol: { Id: 7, Number: '17-П', Date: '2026-11-25' },
  Address: '10.0.0.7',
  Detail: { ProtocolId: 7 },
};

const fileDownloaded: AuditEvent = {
  Id: 30,
  At: '2026-11-26T08:00:00.000Z',
  Account: { Id: 2, FullName: 'Сидоров Олег', Login: 'sidorov@sro.example' },
  Role: 1,
  Organization: { Id: 4, Name: 'СРО «Северное объединение»' },
  Action: AuditAction.FileDownloaded,
  Object: { Kind: 'file', Id: 55 },
  Protocol: null,
  Address: '192.0.2.1',
  Detail: { ImportId: 3, FileName: 'протокол.pdf' },
};

const failedUnknown: AuditEvent = {
  Id: 29,
  At: '2026-11-25T21:00:00.000Z',
  Account: null,
  Role: null,
  Organization: null,
  Action: AuditAction.SignInFailed,
  Object: null,
  Protocol: null,
  Address: '198.51.100.9',
  Detail: { Login: 'guess@example.org' },
};

function stubJournal(pages: Record<string, { Results: AuditEvent[]; Next: string | null }>) {
  return stubApi(({ url }) => {
    if (url.startsWith('/api/v1/audit')) {
      const before = new URL(url, 'http://x').searchParams.get('before') ?? '';
      return jsonResponse(200, pages[before] ?? { Results: [], Next: null });
    }
    return jsonResponse(404, { ErrorMessage: 'нет', ErrorId: 'x' });
  });
}

const renderScreen = () => renderRoute(paths.audit.path, '/audit', <AuditScreen />);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('AuditScreen', () => {
  it('shows who did what to which object, when, from where, with the protocol a change wrote', async () => {
    stubJournal({ '': { Results: [cardSaved, fileDownloaded, failedUnknown], Next: null } });
    renderScreen();

    const saved = await rowOf('Петрова Анна Сергеевна');
    // The times are Moscow's, and the journal says so (issue #34).
    expect(screen.getByRole('columnheader', { name: 'Время, МСК' })).toBeInTheDocument();
    expect(saved).toHaveTextContent('2026.11.26 12:15');
    expect(saved).toHaveTextContent('petrova@example.org, оператор');
    expect(saved).toHaveTextContent(auditActions.label(AuditAction.CardSaved));
    expect(saved).toHaveTextContent('Протокол № 17-П от 2026.11.25');
    expect(saved).toHaveTextContent('10.0.0.7');
    expect(within(saved).getByRole('link', { name: 'Стажёр №12' })).toHaveAttribute('href', '/interns/12');

    const file = await rowOf('Сидоров Олег');
    expect(file).toHaveTextContent('представитель сро');
    expect(file).toHaveTextContent('СРО «Северное объединение»');
    expect(file).toHaveTextContent('Файл «протокол.pdf»');
    expect(within(file).getByRole('link', { name: 'Файл №55' })).toHaveAttribute(
      'href',
      '/imports/3/files/55',
    );

    expect(await rowOf('guess@example.org (нет такой учётной записи)')).toHaveTextContent(
      auditActions.label(AuditAction.SignInFailed),
    );
    expect(screen.queryByRole('button', { name: moreText })).not.toBeInTheDocument();
  });

  it('reads older events after the last one shown', async () => {
    const fetchMock = stubJournal({
      '': { Results: [cardSaved], Next: '1764148500123_31' },
      '1764148500123_31': { Results: [fileDownloaded], Next: null },
    });
    const { user } = renderScreen();

    await screen.findByText('Петрова Анна Сергеевна');
    await user.click(screen.getByRole('button', { name: moreText }));
    expect(await screen.findByText('Сидоров Олег')).toBeInTheDocument();
    expect(screen.getByText('Петрова Анна Сергеевна')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/audit?before=1764148500123_31', expect.anything());
    await waitFor(() => expect(screen.queryByRole('button', { name: moreText })).not.toBeInTheDocument());
  });

  it('asks for the action picked, keeps it in the URL, and says when nothing matches', async () => {
    const fetchMock = stubJournal({ '': { Results: [], Next: null } });
    const { user, router } = renderScreen();
    expect(await screen.findByText(emptyJournalText)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: filterLabels.action }));
    await user.click(screen.getByRole('option', { name: auditActions.label(AuditAction.CardOpened) }));
    expect(await screen.findByText(notFoundText)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/audit?action=${AuditAction.CardOpened}`,
      expect.anything(),
    );
    expect(router.state.location.search).toBe(`?action=${AuditAction.CardOpened}`);
  });

  it('opens with the filters its URL names, the pickers showing them, and ignores what it cannot read', async () => {
    const fetchMock = stubJournal({ '': { Results: [fileDownloaded], Next: null } });
    const query = new URLSearchParams({
      account: '2',
      accountName: 'Сидоров Олег',
      accountEmail: 'sidorov@sro.example',
      action: String(AuditAction.FileDownloaded),
      org: '4',
      orgName: 'СРО «Северное объединение»',
      from: '2026-11-01',
      to: '2026-10-01',
    });
    renderRoute(paths.audit.path, `/audit?${query.toString()}`, <AuditScreen />);

    await rowOf('Сидоров Олег');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/audit?account=2&action=${AuditAction.FileDownloaded}&org=4&from=2026-11-01`,
      expect.anything(),
    );
    expect(screen.getByRole('combobox', { name: filterLabels.account })).toHaveValue(
      'Сидоров Олег (sidorov@sro.example)',
    );
    expect(screen.getByRole('combobox', { name: filterLabels.organization })).toHaveValue(
      'СРО «Северное объединение»',
    );
  });

  it('says when the journal could not be read', async () => {
    stubApi(() => jsonResponse(500, { ErrorMessage: 'сбой', ErrorId: 'e1' }));
    renderScreen();
    expect(await screen.findByText(texts.listLoadFailed)).toBeInTheDocument();
  });
});
