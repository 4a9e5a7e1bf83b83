import { internSectionKeys, internSections, type InternSectionKey } from '@registry/shared';
import type { EntryRow } from './intern-card.repository.js';

/** An entry of any section as the contract shapes it. */
export type Entry = Record<string, unknown> & { Id: number };

function parseEntry(section: InternSectionKey, row: Pick<EntryRow, 'id' | 'position' | 'data'>): Entry {
  return internSections[section].schema.parse({ ...row.data, Id: row.id, Entry_Id: row.position }) as Entry;
}

/** Stored entries as the contract's sections: every section present, each entry parsed by its schema. */
export function groupBySection(rows: EntryRow[]): Record<InternSectionKey, Entry[]> {
  const grouped = Object.fromEntries(internSectionKeys.map((key) => [key, [] as Entry[]])) as Record<
    InternSectionKey,
    Entry[]
  >;
  for (const row of rows) {
    const section = row.section as InternSectionKey;
    if (section in grouped) grouped[section].push(parseEntry(section, row));
  }
  return grouped;
}
