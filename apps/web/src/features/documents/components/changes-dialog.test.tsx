import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubApi } from '@/test/render';
import { ChangesDialog, noChangesText } from './changes-dialog';
import { importedLetter, letterChanges, manualLetter } from './test-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The changes of the list, without the lines of their changed values. */
async function findChanges() {
  const list = await screen.findByRole('list', { name: 'Изменения по документу' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

function renderDialog(document = manualLetter, changes = letterChanges) {
  const fetchMock = stubApi(() => jsonResponse(200, { Document: document, Changes: changes }));
  const rendered = renderRoute('/', '/', <ChangesDialog document={document} onClose={() => {}} />);
  return { fetchMock, ...rendered };
}

describe('ChangesDialog', () => {
  it('lists every change on the document: trainee, section, entry, kind, who and when', async () => {
    const { fetchMock } = renderDialog();
    const [initial, change, ...more] = await findChanges();
    expect(more).toEqual([]);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/archives/documents/11/changes', expect.anything());
    expect(within(initial!).getByRole('link', { name: 'Белова Елена Викторовна' })).toHaveAttribute(
      'href',
      '/interns/5',
    );
    expect(initial).toHaveTextContent('Персональные данные, запись №101: Первичное внесение');
    expect(initial).toHaveTextContent('Орлова Светлана Игоревна, 2025.03.16 10:00');
    expect(change).toHaveTextContent('Персональные данные, запись №102: Изменение');
    expect(change).toHaveTextContent('Орлова Светлана Игоревна, 2025.03.16 11:30');
  });

  it('shows what changed as before → after, with the fields’ labels, and only the changed fields', async () => {
    renderDialog();
    const [initial, change] = await findChanges();

    // A first entry: what it was given, from nothing.
    expect(initial).toHaveTextContent('Фамилия: — → Белова');
    expect(initial).toHaveTextContent('Дата рождения: — → 1990.04.02');
    expect(initial).not.toHaveTextContent('СНИЛС');

    expect(change).toHaveTextContent('Фамилия: Петрова → Яковлева');
    expect(change).not.toHaveTextContent('Имя:');
    expect(change).not.toHaveTextContent('СНИЛС');
  });

  it('shows the document’s source and trainees, and says when it holds no changes', async () => {
    renderDialog(importedLetter, []);
    const dialog = screen.getByRole('dialog', { name: 'Изменения по документу № 345-вх от 2025.09.01' });
    expect(await within(dialog).findByText(noChangesText)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Импорт №41' })).toHaveAttribute('href', '/imports/41');
    expect(within(dialog).getByRole('link', { name: 'Зуева Мария Сергеевна' })).toHaveAttribute(
      'href',
      '/interns/7',
    );
    expect(dialog).toHaveTextContent('Исходящий: № 88 от 2025.08.28');
  });
});
