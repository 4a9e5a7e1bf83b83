import {
  internSectionKeys,
  sectionEntrySchemas,
  type InternSectionKey,
  type InternSections,
  type SectionEntry,
} from '@registry/shared';
import type { EntryRow } from './intern-card.repository.js';

/** An entry's stored data with its identity and place: what the database gives before any schema. */
export type StoredEntry = Record<string, unknown> & { Id: number; Entry_Id: number | null };

function parseEntry<K extends InternSectionKey>(
  section: K,
  row: Pick<EntryRow, 'id' | 'position' | 'data'>,
): SectionEntry<K> {
  return sectionEntrySchemas[section].parse({ ...row.data, Id: row.id, Entry_Id: row.position });
}

function addEntry<K extends InternSectionKey>(grouped: InternSections, section: K, row: EntryRow) {
  grouped[section].push(parseEntry(section, row));
}

/** Stored entries as the contract's sections: every section present, each entry parsed by its schema. */
export function groupBySection(rows: EntryRow[]): InternSections {
  const grouped = Object.fromEntries(
    internSectionKeys.map((key) => [key, [] as SectionEntry[]]),
  ) as InternSections;
  for (const row of rows) {
    const section = row.section as InternSectionKey;
    if (section in grouped) addEntry(grouped, section, row);
  }
  return grouped;
}

/**
 * Stored entries taken as their sections' entries as they are, not parsed again: a save stores them back
 * unchanged (an undo restoring what was there). The database keeps an entry as JSON it cannot type; each was
 * written from its section's schema's output by a save (intern-save.ts).
 */
export function storedSections(sections: Partial<Record<InternSectionKey, StoredEntry[]>>) {
  return sections as Partial<InternSections>;
}
