import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicInternSchema, type PublicIntern } from '@registry/shared';
import { renderWithProviders } from '@/test/render';
import { PublicInternCard } from './public-intern-card';

/** Matches the innermost element whose whole text is `text`, though parts of it are elements of their own. */
const byTextContent = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

/** A public trainee as the server sends it; the schema fills in what a test leaves out. */
function publicIntern(overrides: Partial<Record<keyof PublicIntern, unknown>> = {}): PublicIntern {
  return PublicInternSchema.parse({
    Id: 5,
    FullName: 'Фёдоров Артём Ильич',
    Status: 2,
    RegistrationNumbers: [
      { Organization: { Id: 3, Name: 'СРО «Северо-Запад»' }, Number: 'СЗО-17', Status: 3 },
    ],
    PersonalInfo: [{ Id: 1, LastName: 'Фёдоров', FirstName: 'Артём', PatronymicName: 'Ильич' }],
    Supervisors: [
      { Id: 2, LastName: 'Кузнецов', FirstName: 'Олег', PatronymicName: null, CadastreNumber: '77-11-123' },
    ],
    Internships: [
      {
        Id: 3,
        Organization: { Id: 3, Name: 'СРО «Северо-Запад»' },
        RegistryNumber: 'СЗО-17',
        StartedAt: '2024-03-01',
        Status: 3,
        Duration: 24,
        EndBasis: null,
        PauseInfo: [
          {
            PausedAt: '2024-06-01',
            PauseDuration: '2 мес.',
            PauseBasis: 'Заявление стажёра',
            Requisites: { Number: '5', Date: '2024-05-30' },
          },
        ],
      },
    ],
    InternshipSteps: [
      {
        Id: 4,
        EntryStep: { StartedAt: '2024-03-01', EndedAt: '2024-03-31', HasPassed: true, HasMaterials: false },
        SupervisorStatement: { UnstructuredValue: 'Заключение б/н' },
        HasPassed: true,
      },
    ],
    ...overrides,
  });
}

function renderCard(intern: PublicIntern, section?: string) {
  const onSectionChange = vi.fn();
  const rendered = renderWithProviders(
    <PublicInternCard intern={intern} section={section} onSectionChange={onSectionChange} />,
  );
  return { onSectionChange, ...rendered };
}

/** The value shown against a label within an element. */
function valueOf(container: HTMLElement, label: string): string | null {
  const term = within(container).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

const region = (name: string) => screen.getByRole('region', { name });
const sectionNav = () => screen.getByRole('navigation', { name: 'Разделы карточки' });

const scrollIntoView = vi.fn();
beforeEach(() => {
  // jsdom lays nothing out and has no scrolling.
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  scrollIntoView.mockReset();
});

describe('PublicInternCard', () => {
  it('heads the card with the name, the status and the registration numbers', () => {
    renderCard(publicIntern());
    expect(screen.getByRole('heading', { level: 1, name: 'Фёдоров Артём Ильич' })).toBeInTheDocument();
    expect(screen.getByText('Аттестован')).toBeInTheDocument();
    expect(screen.getAllByText(byTextContent('СРО «Северо-Запад» — СЗО-17'))).toHaveLength(1);
  });

  it('shows every public section that has entries, one after another, each in the navigation', () => {
    renderCard(publicIntern());
    const titles = ['Персональные данные', 'Руководитель стажировки', 'Стажировка', 'Этапы стажировки'];
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
      titles,
    );
    expect(
      within(sectionNav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(titles);
    expect(within(sectionNav()).getByRole('link', { name: 'Стажировка' })).toHaveAttribute(
      'href',
      '/public/5/internships',
    );
  });

  it('leaves out the sections without entries', () => {
    renderCard(publicIntern({ Supervisors: [], InternshipSteps: [] }));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Персональные данные',
      'Стажировка',
    ]);
    expect(within(sectionNav()).queryByRole('link', { name: 'Этапы стажировки' })).not.toBeInTheDocument();
  });

  it('names the fields as the shared labels do, with dates as yyyy.MM.dd', () => {
    renderCard(publicIntern());
    expect(valueOf(region('Персональные данные'), 'Фамилия')).toBe('Фёдоров');
    // An empty patronymic is left out rather than shown blank.
    expect(within(region('Руководитель стажировки')).queryByText('Отчество', { selector: 'dt' })).toBeNull();
    expect(valueOf(region('Руководитель стажировки'), 'Уникальный регистрационный номер')).toBe('77-11-123');

    const internship = region('Стажировка');
    expect(valueOf(internship, 'СРО')).toBe('СРО «Северо-Запад»');
    expect(valueOf(internship, 'Уникальный идентификационный номер')).toBe('СЗО-17');
    expect(valueOf(internship, 'Дата начала стажировки')).toBe('2024.03.01');
    expect(valueOf(internship, 'Статус стажировки')).toBe('Завершена');
    expect(valueOf(internship, 'Продолжительность стажировки, мес.')).toBe('24');
    expect(within(internship).getByRole('heading', { name: 'Приостановления' })).toBeInTheDocument();
    expect(valueOf(internship, 'Дата приостановления')).toBe('2024.06.01');
    expect(valueOf(internship, 'Решение о приостановлении')).toBe('№ 5 от 2024.05.30');
    expect(within(internship).queryByRole('heading', { name: 'Возобновления' })).toBeNull();
  });

  it('shows the five stages with their dates and flags, the statement and whether the internship passed', () => {
    renderCard(publicIntern());
    const steps = region('Этапы стажировки');
    const rows = within(steps).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ЭтапДата началаДата окончанияПройденМатериалы представлены',
      'Вводный этап2024.03.012024.03.31ДаНет',
      'Этап 1——НетНет',
      'Этап 2——НетНет',
      'Этап 3——НетНет',
      'Заключительный этап——НетНет',
    ]);
    expect(valueOf(steps, 'Заключение руководителя стажировки: текст')).toBe('Заключение б/н');
    expect(valueOf(steps, 'Стажировка пройдена')).toBe('Да');
  });

  it('warns about an internship with minimal or merged information', () => {
    const minimal = publicIntern({
      Internships: [{ Id: 3, Organization: { Id: 3, Name: 'СРО' }, IsEmpty: true }],
    });
    const { unmount } = renderCard(minimal);
    expect(
      screen.getByText('Данная запись содержит минимальную информацию о стажировке.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/объединённые данные/)).not.toBeInTheDocument();
    unmount();

    renderCard(
      publicIntern({ Internships: [{ Id: 3, Organization: { Id: 3, Name: 'СРО' }, IsCumulative: true }] }),
    );
    expect(
      screen.getByText(
        'Для данного КИ не удалось однозначно распознать информацию о стажировке. Данная запись содержит объединённые данные по всем стажировкам.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/минимальную информацию/)).not.toBeInTheDocument();
  });

  it('opens at the section its URL names', () => {
    renderCard(publicIntern(), 'internships');
    expect(scrollIntoView.mock.contexts).toEqual([region('Стажировка')]);
    expect(within(sectionNav()).getByRole('link', { name: 'Стажировка' })).toHaveAttribute(
      'aria-current',
      'location',
    );
  });

  it('scrolls to a section chosen in the navigation, marks it and reports it', async () => {
    const { onSectionChange, user } = renderCard(publicIntern());
    const nav = sectionNav();
    expect(within(nav).getByRole('link', { name: 'Персональные данные' })).toHaveAttribute(
      'aria-current',
      'location',
    );

    await user.click(within(nav).getByRole('link', { name: 'Этапы стажировки' }));
    expect(scrollIntoView.mock.contexts).toEqual([region('Этапы стажировки')]);
    expect(onSectionChange).toHaveBeenLastCalledWith('internship-steps');
    expect(within(nav).getByRole('link', { name: 'Этапы стажировки' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    expect(within(nav).getByRole('link', { name: 'Персональные данные' })).not.toHaveAttribute(
      'aria-current',
    );
  });
});
