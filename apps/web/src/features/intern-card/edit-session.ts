import { internSections, texts, type Intern, type ProtocolInput, type SaveIntern } from '@registry/shared';
import { editableSectionKeys, emptyEntry, type EditableSectionKey, type Entry } from '@/lib/section-fields';

/*
 * The card's edit session (docs/screens.md#the-cards-edit-session): what the operator has changed since the
 * card was read, and in which mode. Pure functions over a plain value, so that every transition and refusal
 * is tested without a screen.
 */

/** Untouched: nothing to save. Edited: new versions of entries. Corrected: amendments of current versions. */
export type SessionMode = 'untouched' | 'edited' | 'corrected';

/** How an entry differs from the saved card. */
export type EntryStatus = 'untouched' | 'created' | 'edited' | 'corrected';

export type Sections = Record<EditableSectionKey, Entry[]>;

export type EditSession = {
  mode: SessionMode;
  /** The version of the card the session started from; null for a trainee not saved yet. */
  version: number | null;
  /** The sections as saved. */
  base: Sections;
  /** The sections as the operator has them now. */
  sections: Sections;
  /** The temporary id the next new entry gets: -1, -2, … */
  nextId: number;
};

/** A transition either gives the next session or says in Russian why it is refused. */
export type Transition = { session: EditSession; refusal?: undefined } | { refusal: string };

export const rollbackMissing = 'Не удалось найти запись для отката';

/** A string where the operator's spacing and the masks' punctuation do not count. */
const MASKED_PATHS = new Set(['Snils', 'Passport.Series', 'Passport.Number', 'HeldAtTime']);

/** The entry as change detection sees it: trimmed text, empty as null, digits only in masked fields. */
function comparable(value: unknown, path: string): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const text = value.replace(/\s+/g, ' ').trim();
    const kept = MASKED_PATHS.has(path) ? text.replace(/\D/g, '') : text;
    return kept === '' ? null : kept;
  }
  if (Array.isArray(value)) return value.map((item) => comparable(item, path));
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      // The identity and the place of an entry are not its content.
      .filter(([key]) => path !== '' || (key !== 'Id' && key !== 'Entry_Id'))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, item]) => [key, comparable(item, path ? `${path}.${key}` : key)]);
    return Object.fromEntries(entries);
  }
  return value;
}

/** True when two states of an entry hold the same data. */
export function isSameEntry(a: Entry, b: Entry): boolean {
  return JSON.stringify(comparable(a, '')) === JSON.stringify(comparable(b, ''));
}

function sectionsOf(intern: Intern | null): Sections {
  return Object.fromEntries(
    editableSectionKeys.map((key) => [key, intern ? (intern[key] as Entry[]) : []]),
  ) as Sections;
}

/**
 * A session over a card as read; a new trainee (null) starts edited with one empty personal-info entry for the
 * operator to fill in.
 */
export function startSession(intern: Intern | null): EditSession {
  const base = sectionsOf(intern);
  if (intern) return { mode: 'untouched', version: intern.Version, base, sections: base, nextId: -1 };
  return {
    mode: 'edited',
    version: null,
    base,
    sections: { ...base, PersonalInfo: [emptyEntry('PersonalInfo', -1)] },
    nextId: -2,
  };
}

export function isNewIntern(session: EditSession): boolean {
  return session.version === null;
}

/** True for a new trainee's card as it started, before the operator has entered anything. */
export function isBlankNewIntern(session: EditSession): boolean {
  const fresh = startSession(null);
  return (
    isNewIntern(session) &&
    editableSectionKeys.every(
      (key) =>
        session.sections[key].length === fresh.sections[key].length &&
        session.sections[key].every((entry, index) => isSameEntry(entry, fresh.sections[key][index]!)),
    )
  );
}

/** True while there is something to save or to clear. */
export function isModified(session: EditSession): boolean {
  return session.mode !== 'untouched';
}

/** How an entry of the current sections differs from the saved card. */
export function entryStatus(session: EditSession, section: EditableSectionKey, entry: Entry): EntryStatus {
  if (entry.Id < 0) return 'created';
  const saved = session.base[section].find((item) => item.Id === entry.Id);
  if (!saved) return 'created';
  if (isSameEntry(saved, entry)) return 'untouched';
  return session.mode === 'corrected' ? 'corrected' : 'edited';
}

/** How many entries of a section differ from the saved card (the side menu's '+N'). */
export function changedCount(session: EditSession, section: EditableSectionKey): number {
  return session.sections[section].filter((entry) => entryStatus(session, section, entry) !== 'untouched')
    .length;
}

/** The sections that differ from the saved card. */
export function changedSections(session: EditSession): EditableSectionKey[] {
  return editableSectionKeys.filter(
    (key) =>
      changedCount(session, key) > 0 ||
      // An entry created and then rolled back leaves nothing; one removed would shorten the list.
      session.sections[key].length !== session.base[key].length,
  );
}

/** The mode once a change is made: the change's own mode while anything differs, else untouched. */
function settle(session: EditSession, mode: SessionMode): EditSession {
  if (isNewIntern(session)) return { ...session, mode: 'edited' };
  return { ...session, mode: changedSections(session).length > 0 ? mode : 'untouched' };
}

function withSection(session: EditSession, section: EditableSectionKey, entries: Entry[]): EditSession {
  return { ...session, sections: { ...session.sections, [section]: entries } };
}

/** Why adding an entry is refused now, or null. */
export function addRefusal(session: EditSession): string | null {
  return session.mode === 'corrected' ? texts.addingInCorrection : null;
}

/** Why editing an entry is refused now, or null. */
export function editRefusal(session: EditSession): string | null {
  return session.mode === 'corrected' ? texts.editingInCorrection : null;
}

/** Why correcting an entry is refused now, or null: only saved entries are corrected, and not amid edits. */
export function correctRefusal(session: EditSession): string | null {
  return session.mode === 'edited' ? texts.correctingInEditing : null;
}

/** A new entry at the end of its section, with the next temporary id. */
export function addEntry(session: EditSession, section: EditableSectionKey, entry: Entry): Transition {
  const refusal = addRefusal(session);
  if (refusal) return { refusal };
  const created = { ...entry, Id: session.nextId, Entry_Id: null };
  const next = withSection(session, section, [...session.sections[section], created]);
  return { session: { ...next, mode: 'edited', nextId: session.nextId - 1 } };
}

function replaceEntry(
  session: EditSession,
  section: EditableSectionKey,
  entry: Entry,
  mode: SessionMode,
): Transition {
  const entries = session.sections[section];
  if (!entries.some((item) => item.Id === entry.Id))
    return { refusal: texts.entryNotFound(internSections[section].title, entry.Id) };
  const next = withSection(
    session,
    section,
    entries.map((item) => (item.Id === entry.Id ? entry : item)),
  );
  return { session: settle(next, mode) };
}

/** The entry's new state, as a new version once saved. */
export function editEntry(session: EditSession, section: EditableSectionKey, entry: Entry): Transition {
  const refusal = editRefusal(session);
  return refusal ? { refusal } : replaceEntry(session, section, entry, 'edited');
}

/** The entry's amended state, a correction of its current version once saved. */
export function correctEntry(session: EditSession, section: EditableSectionKey, entry: Entry): Transition {
  const refusal = correctRefusal(session);
  return refusal ? { refusal } : replaceEntry(session, section, entry, 'corrected');
}

/** Undoes the operator's changes of one entry: a new one goes, a changed one is as saved again. */
export function rollbackEntry(session: EditSession, section: EditableSectionKey, id: number): Transition {
  const entries = session.sections[section];
  if (!entries.some((item) => item.Id === id)) return { refusal: rollbackMissing };
  if (id < 0) {
    const next = withSection(
      session,
      section,
      entries.filter((item) => item.Id !== id),
    );
    return { session: settle(next, session.mode) };
  }
  const saved = session.base[section].find((item) => item.Id === id);
  if (!saved) return { refusal: rollbackMissing };
  return replaceEntry(session, section, saved, session.mode);
}

/** Drops every change: the card as saved (a new trainee's card as it started). */
export function clearSession(session: EditSession): EditSession {
  if (isNewIntern(session)) return startSession(null);
  return { ...session, mode: 'untouched', sections: session.base, nextId: -1 };
}

/**
 * The session carried over a change of the card's version that did not touch its sections (a delete or a
 * restore), so that the operator's own later save is not taken for someone else's.
 */
export function carryOverVersion(session: EditSession, from: number, to: number): EditSession {
  return session.version === from ? { ...session, version: to } : session;
}

/** The first changed entry the shared schema refuses, for the operator to put right before saving. */
export function firstInvalidEntry(
  session: EditSession,
): { section: EditableSectionKey; entry: Entry } | null {
  for (const section of changedSections(session)) {
    const entry = session.sections[section].find(
      (item) =>
        entryStatus(session, section, item) !== 'untouched' &&
        !internSections[section].schema.safeParse(item).success,
    );
    if (entry) return { section, entry };
  }
  return null;
}

/** The save request of the session: every changed section as its whole new list of entries. */
export function savePayload(session: EditSession, protocol: ProtocolInput): SaveIntern {
  const sections = Object.fromEntries(changedSections(session).map((key) => [key, session.sections[key]]));
  return {
    IsCorrecting: session.mode === 'corrected',
    Intern: {
      ...(session.version === null ? {} : { Version: session.version }),
      ...sections,
    } as SaveIntern['Intern'],
    Protocol: protocol,
  };
}
