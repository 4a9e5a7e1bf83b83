import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DictionaryEntryRequestSchema,
  dictionaryValueRules,
  nullableDate,
  texts,
  type DictionaryEntry,
  type DictionaryEntryRequest,
} from '@registry/shared';
import { FormDateField } from '@/components/form-date-field';
import { FormDialog, useFormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { maxLengthOf } from '@/lib/schema-limits';
import { useSaveDictionaryEntry } from '../api/save-dictionary-entry';
import { entryTextsOf, type EntryDictionaryCode } from './entry-texts';

const valueLimit = maxLengthOf(DictionaryEntryRequestSchema.shape.Value);

/**
 * A day of a dictionary of days: a whole date, `yyyy-MM-dd`, which the date field gives, and the rule the
 * server puts on that dictionary's days (a working day by transfer is a Saturday or a Sunday), under the field.
 */
function dateEntrySchema(code: EntryDictionaryCode) {
  const rule = dictionaryValueRules[code];
  return z.object({
    Value: nullableDate
      .refine((value) => value !== null, texts.required)
      .refine((value) => value === null || !rule || rule.test(value), rule?.message),
  });
}

type DictionaryEntryDialogProps = {
  code: EntryDictionaryCode;
  /** The entry to edit, or null for a new one. */
  entry: DictionaryEntry | null;
  onClose: () => void;
};

/** The save of an entry, new or edited. */
function useSaveEntry(code: EntryDictionaryCode, entry: DictionaryEntry | null) {
  const save = useSaveDictionaryEntry(code);
  return (request: DictionaryEntryRequest) => save.mutateAsync({ id: entry?.Id ?? null, request });
}

/** Adds or edits one day of a dictionary of days (holidays, working days by transfer) in the date field. */
function DateEntryDialog({ code, entry, onClose }: DictionaryEntryDialogProps) {
  const words = entryTextsOf(code);
  const schema = useMemo(() => dateEntrySchema(code), [code]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { Value: entry?.Value ?? null },
  });
  const save = useSaveEntry(code, entry);
  const dialog = useFormDialog(form, ({ Value }) => save({ Value: Value ?? '' }), onClose);

  return (
    <FormDialog title={entry ? words.editTitle : words.addTitle} {...dialog}>
      <FormDateField control={form.control} name="Value" label={words.label} required />
    </FormDialog>
  );
}

/** Adds or edits one value of a dictionary of text values. */
function TextEntryDialog({ code, entry, onClose }: DictionaryEntryDialogProps) {
  const words = entryTextsOf(code);
  const form = useForm({
    resolver: zodResolver(DictionaryEntryRequestSchema),
    defaultValues: { Value: entry?.Value ?? '' },
  });
  const dialog = useFormDialog(form, useSaveEntry(code, entry), onClose);

  return (
    <FormDialog title={entry ? words.editTitle : words.addTitle} {...dialog}>
      <FormTextField
        control={form.control}
        name="Value"
        label={words.label}
        maxLength={valueLimit}
        required
        multiline
      />
    </FormDialog>
  );
}

/** Adds or edits one value of a dictionary: a day in the date field, any other value as text. */
export function DictionaryEntryDialog(props: DictionaryEntryDialogProps) {
  const Dialog = entryTextsOf(props.code).isDate ? DateEntryDialog : TextEntryDialog;
  return <Dialog {...props} />;
}
