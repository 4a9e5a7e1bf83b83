import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { EditableSectionKey, Entry } from '@/lib/section-fields';
import { EntryCard } from './entry-card';

const noRequisites = { Number: null, Date: null, UnstructuredValue: null };

const internship: Entry = {
  Id: 7,
  Entry_Id: 1,
  Organization: { Id: 3, Name: 'СРО «Кадастр»' },
  RegistryNumber: 'К-12',
  StartedAt: '2025-02-01',
  Status: 0,
  Duration: 12,
  EndBasis: null,
  MiscInfo: [
    {
      EndedAt: '2026-02-01',
      Address: { Id: 4, Value: 'Москва, ул. Тверская, 7' },
      AdmissionRequisites: { Number: '12-П', Date: '2025-01-10', UnstructuredValue: null },
      ModificationRequisites: noRequisites,
    },
    {
      EndedAt: null,
      Address: null,
      AdmissionRequisites: noRequisites,
      ModificationRequisites: { Number: null, Date: null, UnstructuredValue: 'Приказ б/н' },
    },
  ],
  PauseInfo: [
    {
      PausedAt: '2025-06-01',
      PauseDuration: '2 месяца',
      PauseBasis: 'Заявление',
      Requisites: noRequisites,
    },
  ],
  ResumeInfo: [],
  ContractInfo: [
    { ContractEndsAt: '2026-03-01', Requisites: { Number: 'Д-5', Date: null, UnstructuredValue: null } },
  ],
  IsEmpty: false,
  IsCumulative: false,
};

const stage = (
  StartedAt: string | null,
  EndedAt: string | null,
  HasPassed: boolean,
  HasMaterials = false,
) => ({
  StartedAt,
  EndedAt,
  HasPassed,
  HasMaterials,
});

const steps: Entry = {
  Id: 9,
  Entry_Id: 1,
  EntryStep: stage('2025-02-01', '2025-03-01', true, true),
  Step1: stage('2025-03-02', null, false),
  Step2: stage(null, null, false),
  Step3: stage(null, null, false),
  ClosingStep: stage(null, null, false),
  SupervisorStatement: { Number: '3', Date: '2026-01-20', UnstructuredValue: null },
  HasPassed: true,
};

function renderEntry(section: EditableSectionKey, entry: Entry) {
  return renderWithProviders(
    <EntryCard
      section={section}
      entry={entry}
      position={1}
      status="untouched"
      onEdit={vi.fn()}
      onCorrect={vi.fn()}
      onHistory={vi.fn()}
      onRollback={vi.fn()}
    />,
  );
}

/** The value a labelled grid gives `label`. */
function valueOf(container: HTMLElement, label: string): string | null {
  const term = within(container)
    .getAllByText(label)
    .find((element) => element.tagName === 'DT');
  return term?.nextElementSibling?.textContent ?? null;
}

describe('EntryCard of an internship', () => {
  it("shows each list item's fields under their labels, the list under its shared label", () => {
    renderEntry('Internships', internship);
    const misc = screen.getByRole('region', { name: 'Сведения об окончании и месте стажировки' });
    const [first, second] = within(misc).getAllByRole('group');
    expect(within(misc).getAllByRole('group')).toHaveLength(2);
    expect(first).toHaveAccessibleName('Сведения 1');
    expect(valueOf(first!, 'Дата окончания стажировки')).toBe('2026.02.01');
    expect(valueOf(first!, 'Место стажировки')).toBe('Москва, ул. Тверская, 7');
    expect(valueOf(first!, 'Приказ о допуске к стажировке')).toBe('№ 12-П от 2025.01.10');
    // Empty values are left out of an item.
    expect(within(first!).queryByText('Приказ об изменении')).not.toBeInTheDocument();
    expect(valueOf(second!, 'Приказ об изменении')).toBe('Приказ б/н');

    const pauses = screen.getByRole('region', { name: 'Приостановления' });
    expect(valueOf(pauses, 'Дата приостановления')).toBe('2025.06.01');
    expect(valueOf(pauses, 'Срок приостановления')).toBe('2 месяца');
    expect(valueOf(pauses, 'Основание приостановления')).toBe('Заявление');
    expect(valueOf(screen.getByRole('region', { name: 'Договоры' }), 'Договор')).toBe('№ Д-5');
    // A list without items is not shown at all.
    expect(screen.queryByRole('region', { name: 'Возобновления' })).not.toBeInTheDocument();
  });

  it('keeps the internship’s own fields as labelled rows, never a joined line', () => {
    const { container } = renderEntry('Internships', internship);
    expect(valueOf(container, 'Уникальный идентификационный номер')).toBe('К-12');
    expect(valueOf(container, 'Дата начала стажировки')).toBe('2025.02.01');
    expect(container).not.toHaveTextContent('2026.02.01, Москва');
  });
});

describe('EntryCard of internship steps', () => {
  it('shows the five stages as a table, then the statement and whether the internship passed', () => {
    const { container } = renderEntry('InternshipSteps', steps);
    const table = screen.getByRole('table', { name: 'Этапы стажировки' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ЭтапДата началаДата окончанияПройденМатериалы представлены',
      'Вводный этап2025.02.012025.03.01ДаДа',
      'Этап 12025.03.02—НетНет',
      'Этап 2——НетНет',
      'Этап 3——НетНет',
      'Заключительный этап——НетНет',
    ]);
    // The stages are not repeated as rows of label and value.
    expect(within(container).queryByText('Вводный этап: дата начала')).not.toBeInTheDocument();
    expect(valueOf(container, 'Заключение руководителя стажировки')).toBe('№ 3 от 2026.01.20');
    expect(valueOf(container, 'Стажировка пройдена')).toBe('Да');
  });
});
