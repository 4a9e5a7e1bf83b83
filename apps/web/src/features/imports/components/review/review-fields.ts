import type { ComponentType } from 'react';
import { valueAt } from '@/lib/value-at';
import {
  isEmptyValue,
  isSameValue,
  sectionTitle,
  reviewSectionKeys,
  type ComparedEntry,
  type Entry,
  type ReviewSectionKey,
  type Side,
} from './review-model';

/*
 * What the review borrows from the trainee card, which another feature owns: the route hands it in, so that
 * a field is labelled, written and corrected here exactly as on the card.
 */

/** A field of a section shown as one value: its dotted path, its label, how the card writes a value. */
export type ReviewField = { path: string; label: string; format: (value: unknown) => string };

export type EntryEditorProps = {
  section: ReviewSectionKey;
  entry: Entry;
  /** Show the entry's problems at once (it could not be sent with them). */
  isCheckedAtOnce: boolean;
  onApply: (entry: Entry) => void;
  onClose: () => void;
};

export type CardKit = {
  /** The fields of a section, in the card's order. */
  fieldsOf: (section: ReviewSectionKey) => ReviewField[];
  /** The card's form of an entry, with its masks and checks, in a dialog. */
  EntryEditor: ComponentType<EntryEditorProps>;
};

/** A field of an entry as the review shows it: the record's value, the file's, and what will be sent. */
export type FieldRow = {
  path: string;
  label: string;
  old: string;
  new: string;
  result: string;
  /** The file changes the field. */
  isChanged: boolean;
  /** Which value will be sent: the record's, the file's, or one the operator entered ('corrected'). */
  choice: Side | 'corrected';
  /** The file would replace who the trainee is: the record's value stays until the operator decides. */
  isUndecided: boolean;
};

/**
 * The fields of an entry that hold anything on either side, or in what the operator will send; `undecided`
 * names those awaiting the operator's decision.
 */
export function fieldRows(
  fields: ReviewField[],
  entry: ComparedEntry,
  result: Entry | null,
  undecided: readonly string[] = [],
): FieldRow[] {
  return fields.flatMap(({ path, label, format }) => {
    const [oldValue, newValue, resultValue] = [entry.Old, entry.New, result ?? entry.New].map((source) =>
      valueAt(source, path),
    );
    if ([oldValue, newValue, resultValue].every(isEmptyValue)) return [];
    let choice: FieldRow['choice'] = 'corrected';
    if (isSameValue(resultValue, newValue)) choice = 'new';
    else if (isSameValue(resultValue, oldValue)) choice = 'old';
    return [
      {
        path,
        label,
        old: format(oldValue),
        new: format(newValue),
        result: format(resultValue),
        isChanged: entry.New !== null && !isSameValue(oldValue, newValue),
        choice,
        isUndecided: undecided.includes(path),
      },
    ];
  });
}

/** How many fields the file changes, and in which sections. */
export function changeSummary(
  entries: ComparedEntry[],
  fieldsOf: (section: ReviewSectionKey) => ReviewField[],
): { count: number; sections: ReviewSectionKey[] } {
  const counts = new Map<ReviewSectionKey, number>();
  for (const entry of entries) {
    const changed = fieldRows(fieldsOf(entry.section), entry, null).filter((row) => row.isChanged).length;
    if (changed > 0) counts.set(entry.section, (counts.get(entry.section) ?? 0) + changed);
  }
  const sections = reviewSectionKeys.filter((section) => counts.has(section));
  return { count: [...counts.values()].reduce((sum, count) => sum + count, 0), sections };
}

/** «Изменено полей: 3 в разделах: Персональные данные, Стажировка», or that nothing changes. */
export function summaryText({ count, sections }: { count: number; sections: ReviewSectionKey[] }): string {
  if (count === 0) return 'Изменений нет';
  const where = sections.length === 1 ? 'в разделе' : 'в разделах';
  return `Изменено полей: ${count} ${where}: ${sections.map(sectionTitle).join(', ')}`;
}

/** The labels of the fields still awaiting the operator's decision. */
export function undecidedLabels(
  undecided: { entry: ComparedEntry; path: string }[],
  fieldsOf: (section: ReviewSectionKey) => ReviewField[],
): string[] {
  return undecided.map(
    ({ entry, path }) => fieldsOf(entry.section).find((field) => field.path === path)?.label ?? path,
  );
}
