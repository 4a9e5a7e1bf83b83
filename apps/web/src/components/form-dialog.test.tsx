import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FormDateField } from './form-date-field';
import { FormDialog, useFormDialog } from './form-dialog';
import { FormTextField } from './form-text-field';

type Values = { Date: string | null; Number: string; Reason: string };

/** A dialog of a date, a number and a reason, in that order, its cursor in `initialFocus` if named. */
function Dialog({ initialFocus, isDateFirst }: { initialFocus?: string; isDateFirst: boolean }) {
  const form = useForm<Values>({ defaultValues: { Date: null, Number: '', Reason: '' } });
  const dialog = useFormDialog(form, vi.fn(), vi.fn());
  const date = <FormDateField key="date" control={form.control} name="Date" label="Дата" />;
  return (
    <FormDialog title="Реквизиты" initialFocus={initialFocus} {...dialog}>
      {isDateFirst && date}
      <FormTextField control={form.control} name="Number" label="Номер" />
      {!isDateFirst && date}
      <FormTextField control={form.control} name="Reason" label="Основание" multiline />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('opens with the cursor in its first field, ready to type (issue #34)', () => {
    renderWithProviders(<Dialog isDateFirst={false} />);
    expect(screen.getByRole('textbox', { name: 'Номер' })).toHaveFocus();
  });

  it('opens with the cursor in the year of a date that comes first', () => {
    renderWithProviders(<Dialog isDateFirst />);
    expect(screen.getAllByRole('spinbutton', { name: 'Год' })[0]).toHaveFocus();
  });

  it('opens with the cursor in the field the dialog is there for, when it names one', () => {
    renderWithProviders(<Dialog isDateFirst={false} initialFocus="Reason" />);
    expect(screen.getByRole('textbox', { name: 'Основание' })).toHaveFocus();
  });
});
