import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicInternSchema } from '@registry/shared';
import { paths } from '@/config/paths';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { PublicCardRoute } from './public-card';

// The server sends its answer as PublicInternSchema outputs it, defaults filled (the app does not parse it).
const answer = (body: unknown) => PublicInternSchema.parse(body);

const intern = answer({
  Id: 5,
  FullName: 'Фёдоров Артём Ильич',
  Status: 0,
  RegistrationNumbers: [],
  PersonalInfo: [{ Id: 1, LastName: 'Фёдоров', FirstName: 'Артём', PatronymicName: 'Ильич' }],
  Supervisors: [],
  Internships: [{ Id: 3, Organization: { Id: 3, Name: 'СРО «Северо-Запад»' } }],
  InternshipSteps: [],
});

const renderCard = (url: string) => renderRoute(paths.publicCard.path, url, <PublicCardRoute />);

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PublicCardRoute', () => {
  it('reads the public card of the trainee in its URL', async () => {
    const fetchMock = stubApi(() => jsonResponse(200, intern));
    renderCard('/public/5');
    expect(await screen.findByRole('heading', { level: 1, name: intern.FullName })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/interns/5/public']);
  });

  it('names the section chosen in the URL, replacing the history entry', async () => {
    stubApi(() => jsonResponse(200, intern));
    const { user, router } = renderCard('/public/5');
    await user.click(await screen.findByRole('link', { name: 'Стажировка' }));
    expect(router.state.location.pathname).toBe('/public/5/internships');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the internship steps as a table of the five stages', async () => {
    const stage = { StartedAt: null, EndedAt: null, HasPassed: false, HasMaterials: false };
    const steps = {
      Id: 8,
      EntryStep: { ...stage, StartedAt: '2025-02-01', HasPassed: true },
      Step1: stage,
      Step2: stage,
      Step3: stage,
      ClosingStep: stage,
      SupervisorStatement: { Number: null, Date: null, UnstructuredValue: null },
      HasPassed: false,
    };
    stubApi(() => jsonResponse(200, answer({ ...intern, Internships: [], InternshipSteps: [steps] })));
    renderCard('/public/5/internship-steps');
    const table = await screen.findByRole('table', { name: 'Этапы стажировки' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByRole('rowheader', { name: 'Вводный этап' }).parentElement).toHaveTextContent(
      'Вводный этап2025.02.01—ДаНет',
    );
  });

  it('says a missing or deleted trainee is not found, with a way back to the registry', async () => {
    stubApi(() => jsonResponse(404, { ErrorMessage: 'Стажёр не найден' }));
    renderCard('/public/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Стажёр не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К реестру стажёров' })).toHaveAttribute('href', '/public');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask for an id that is not a number', () => {
    const fetchMock = stubApi(() => jsonResponse(200, intern));
    renderCard('/public/abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Стажёр не найден' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the error dialog under the title of a failed export when the load fails', async () => {
    stubApi(() => jsonResponse(500, { ErrorMessage: 'База данных недоступна' }));
    renderCard('/public/5');
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'При экспорте произошла ошибка' })).toHaveTextContent(
        'База данных недоступна',
      ),
    );
  });
});
