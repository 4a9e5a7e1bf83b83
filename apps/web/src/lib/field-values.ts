import { formatDate } from '@registry/shared';
import { sectionFields, type EditableSectionKey, type Field } from './section-fields';
import { valueAt } from './value-at';

/*
 * The values of trainee entries as the register shows them
 * (docs/register-rules.md#how-values-are-written-and-shown), and what changed between two versions of an
 * entry: the card, its history and the documents screen say it alike.
 */

/** '№ 12-П от 2025.01.10', or the requisites' text as given when they have no number or date. */
export function formatRequisites(value: unknown): string {
  const requisites = (value ?? {}) as {
    Number?: string | null;
    Date?: string | null;
    UnstructuredValue?: string | null;
  };
  const parts = [
    requisites.Number && `№ ${requisites.Number}`,
    requisites.Date && `от ${formatDate(requisites.Date)}`,
  ];
  const text = parts.filter(Boolean).join(' ');
  return text || (requisites.UnstructuredValue ?? '');
}

/** A field's value as the card shows it; '' when it is empty. */
export function formatValue(field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'date':
      return formatDate(value as string);
    case 'number':
      return String(value);
    case 'flag':
      return value ? 'Да' : 'Нет';
    case 'select':
      return field.options.find((option) => option.value === value)?.label ?? String(value);
    case 'picker': {
      const ref = value as { Name?: string; Value?: string };
      return ref.Name ?? ref.Value ?? '';
    }
    case 'requisites':
      return formatRequisites(value);
    case 'list':
      return (value as Record<string, unknown>[])
        .map((item) =>
          leaves(field.fields)
            .map((leaf) => formatValue(leaf.field, valueAt(item, leaf.path)))
            .filter(Boolean)
            .join(', '),
        )
        .filter(Boolean)
        .join('; ');
    case 'group':
      return '';
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** A field the card shows as one value: groups are opened into their fields, lists and requisites are not. */
export type Leaf = { path: string; field: Field };

/** The fields shown as one value each, with their dotted paths. */
export function leaves(fields: Field[], prefix = ''): Leaf[] {
  return fields.flatMap((field) => {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    return field.kind === 'group' ? leaves(field.fields, path) : [{ path, field }];
  });
}

/** A filled value of an entry with its label, as the card lists it. */
export type LabelledValue = { path: string; label: string; value: string };

/** The filled values of `fields` in `value`, each labelled: groups are opened into their fields. */
export function labelledValues(fields: Field[], value: unknown): LabelledValue[] {
  return leaves(fields)
    .map(({ path, field }) => ({ path, label: field.label, value: formatValue(field, valueAt(value, path)) }))
    .filter(({ value: text }) => text !== '');
}

/** The items of a list field, each as its labelled filled values; items with nothing filled are left out. */
export function listItemValues(
  field: Extract<Field, { kind: 'list' }>,
  value: unknown,
): { position: number; values: LabelledValue[] }[] {
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  return items
    .map((item, index) => ({ position: index + 1, values: labelledValues(field.fields, item) }))
    .filter(({ values }) => values.length > 0);
}

/** One changed value of an entry, as the history shows it. */
export type ValueChange = { label: string; before: string; after: string };

/** What differs between two states of an entry, field by field, as the card would show each. */
export function valueChanges(section: EditableSectionKey, before: unknown, after: unknown): ValueChange[] {
  return leaves(sectionFields[section].fields).flatMap(({ path, field }) => {
    const was = formatValue(field, valueAt(before, path));
    const is = formatValue(field, valueAt(after, path));
    return was === is ? [] : [{ label: field.label, before: was, after: is }];
  });
}

/** True for a section whose entries the card edits field by field, so that their changes can be listed. */
export function isEditableSection(section: string): section is EditableSectionKey {
  return Object.hasOwn(sectionFields, section);
}
