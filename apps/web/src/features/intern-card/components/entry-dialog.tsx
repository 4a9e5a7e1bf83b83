import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { internSections } from '@registry/shared';
import { FormDialog, useFormDialog } from '@/components/form-dialog';
import { sectionFields, type EditableSectionKey, type Entry } from '@/lib/section-fields';
import { FieldGrid } from './form-fields';

/** What an entry dialog does with its entry. */
export type EntryAction = 'add' | 'edit' | 'correct';

const titles: Record<EntryAction, string> = {
  add: 'Добавить новую запись',
  edit: 'Редактирование записи',
  correct: 'Корректировка записи',
};

type EntryDialogProps = {
  section: EditableSectionKey;
  action: EntryAction;
  entry: Entry;
  /** Show the entry's problems at once (the card could not be saved with them). */
  isCheckedAtOnce?: boolean;
  onApply: (entry: Entry) => void;
  onClose: () => void;
};

/**
 * An entry's form in a dialog: the section's fields, checked by its shared schema (which also trims and
 * formats them). Applying puts the entry into the session; nothing is sent until the card is saved.
 */
export function EntryDialog({ section, action, entry, isCheckedAtOnce, onApply, onClose }: EntryDialogProps) {
  // The fields are the section's, known only when the code runs: the form holds plain values, and the
  // schema makes them the entry.
  const form = useForm<FieldValues, unknown, Entry>({
    resolver: zodResolver<FieldValues, unknown, Entry>(internSections[section].schema),
    defaultValues: entry,
    mode: 'onTouched',
  });
  const dialog = useFormDialog(form, async (values) => onApply(values), onClose);
  const { trigger } = form;

  useEffect(() => {
    if (isCheckedAtOnce) void trigger();
  }, [isCheckedAtOnce, trigger]);

  return (
    <FormDialog
      title={titles[action]}
      submitLabel="Применить"
      maxWidth={section === 'Internships' || section === 'InternshipSteps' ? 'md' : 'sm'}
      {...dialog}
    >
      <FieldGrid fields={sectionFields[section].fields} prefix="" control={form.control} />
    </FormDialog>
  );
}
