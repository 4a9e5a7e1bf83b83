import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { undoBasisNumber } from '@registry/shared';
import { HistoryDialog, importBasisText } from './history-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const protocol = {
  Id: 7,
  Import: { Id: 41, Organization: { Id: 3, Name: 'СРО «Кадастр»' }, ChangeId: 301 },
  Requisites: { Number: '345-вх', Date: '2026-11-21' },
  OutgoingRequisites: { Number: null, Date: null },
  IsCorrection: false,
  OperatorName: 'Оператор Анна',
  CreatedAt: '2026-11-22T07:00:00Z',
};

describe('importBasisText', () => {
  it('names the import’s incoming requisites, and an undo of its row by the undo’s own number', () => {
    expect(importBasisText({ Number: '345-вх', Date: '2026-11-21' })).toBe('Импорт №345-вх от 2026.11.21');
    expect(importBasisText({ Number: undoBasisNumber('345-вх'), Date: '2026-11-25' })).toBe(
      'Отмена внесения по импорту №345-вх от 2026.11.25',
    );
  });
});

describe('HistoryDialog', () => {
  it('shows a change accepted from an import as the operator’s, on the basis of the import', async () => {
    stubApi(() =>
      jsonResponse(200, [
        {
          Id: 1,
          Kind: 'change',
          KindName: 'Изменение',
          OperatorName: 'Оператор Анна',
          CreatedAt: '2026-11-22T07:00:00Z',
          Protocol: protocol,
          Data: { Id: 11, LastName: 'Иванов', FirstName: 'Пётр' },
          PreviousData: { Id: 11, LastName: 'Иванов', FirstName: 'Петр' },
        },
      ]),
    );
    renderRoute(
      '/',
      '/',
      <HistoryDialog internId={5} section="PersonalInfo" entryId={11} onClose={() => {}} />,
    );
    const versions = await screen.findByRole('list', { name: 'Версии записи' });
    const version = within(versions).getAllByRole('listitem')[0]!;
    expect(version).toHaveTextContent('Оператор Анна, 2026.11.22 10:00');
    expect(version).toHaveTextContent('Основание: Импорт №345-вх от 2026.11.21, СРО «Кадастр»');
    expect(within(version).getByRole('link', { name: 'Импорт №345-вх от 2026.11.21' })).toHaveAttribute(
      'href',
      '/imports/41',
    );
  });

  it('links each version to the card as of its day in Moscow time, and closes on the way there', async () => {
    stubApi(() =>
      jsonResponse(200, [
        {
          Id: 1,
          Kind: 'initial',
          KindName: 'Первичное внесение',
          OperatorName: 'Оператор Анна',
          // 01:30 of 2026.11.22 in Moscow, still the 21st in UTC.
          CreatedAt: '2026-11-21T22:30:00Z',
          Protocol: { ...protocol, Import: null },
          Data: { Id: 11, LastName: 'Иванов', FirstName: 'Пётр' },
          PreviousData: null,
        },
      ]),
    );
    const handleClose = vi.fn();
    const { user, router } = renderRoute(
      '/interns/:id/:page?',
      '/interns/5/personal-info',
      <HistoryDialog internId={5} section="PersonalInfo" entryId={11} onClose={handleClose} />,
    );
    const link = await screen.findByRole('link', { name: 'Карточка на эту дату' });
    expect(link).toHaveAttribute('href', '/interns/5/personal-info?asOf=2026-11-22');
    await user.click(link);
    expect(router.state.location.search).toBe('?asOf=2026-11-22');
    expect(handleClose).toHaveBeenCalled();
  });
});
