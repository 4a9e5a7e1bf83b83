import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DictionaryEntryRequestSchema, type DictionaryEntry } from '@registry/shared';
import { FormDialog, useFormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { maxLengthOf } from '@/lib/schema-limits';
import { useSaveDictionaryEntry } from '../api/save-dictionary-entry';
import { entryTextsOf, type EntryDictionaryCode } from './entry-texts';

const valueLimit = maxLengthOf(DictionaryEntryRequestSchema.shape.Value);

type DictionaryEntryDialogProps = {
  code: EntryDictionaryCode;
  /** The entry to edit, or null for a new one. */
  entry: DictionaryEntry | null;
  onClose: () => void;
};

/** Adds or edits one value of a dictionary. */
export function DictionaryEntryDialog({ code, entry, onClose }: DictionaryEntryDialogProps) {
  const words = entryTextsOf(code);
  const form = useForm({
    resolver: zodResolver(DictionaryEntryRequestSchema),
    defaultValues: { Value: entry?.Value ?? '' },
  });
  const save = useSaveDictionaryEntry(code);
  const dialog = useFormDialog(
    form,
    (request) => save.mutateAsync({ id: entry?.Id ?? null, request }),
    onClose,
  );

  return (
    <FormDialog title={entry ? words.editTitle : words.addTitle} {...dialog}>
      <FormTextField
        control={form.control}
        name="Value"
        label={words.label}
        hint={words.hint}
        maxLength={valueLimit}
        required
        multiline
      />
    </FormDialog>
  );
}
