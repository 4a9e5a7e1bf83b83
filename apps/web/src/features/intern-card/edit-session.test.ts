import { describe, expect, it } from 'vitest';
import { texts } from '@registry/shared';
import { internFixture } from '@/test/intern-fixture';
import {
  addEntry,
  carryOverVersion,
  changedCount,
  changedSections,
  clearSession,
  correctEntry,
  editEntry,
  entryStatus,
  firstInvalidEntry,
  isBlankNewIntern,
  isModified,
  isNewIntern,
  isSameEntry,
  rollbackEntry,
  rollbackMissing,
  savePayload,
  startSession,
  type EditSession,
  type Transition,
} from './edit-session';
import { emptyEntry, type Entry } from '@/lib/section-fields';

const person: Entry = {
  ...emptyEntry('PersonalInfo', 11),
  Entry_Id: 1,
  LastName: 'Иванов',
  FirstName: 'Пётр',
  Snils: '112-233-445 95',
};
const supervisor: Entry = {
  ...emptyEntry('Supervisors', 21),
  Entry_Id: 1,
  LastName: 'Орлов',
  FirstName: 'Ян',
};
const otherSupervisor: Entry = { ...supervisor, Id: 22, Entry_Id: 2, LastName: 'Соколов' };

const intern = internFixture({
  Version: 3,
  PersonalInfo: [person],
  Supervisors: [supervisor, otherSupervisor],
});

const protocol = { number: '15-вх', date: '2026-11-20' };

/** The session a transition gave; fails the test when it was refused. */
function next(transition: Transition): EditSession {
  if (transition.refusal !== undefined) throw new Error(`Refused: ${transition.refusal}`);
  return transition.session;
}

const edited = (session: EditSession) =>
  next(editEntry(session, 'Supervisors', { ...supervisor, LastName: 'Орлова' }));
const corrected = (session: EditSession) =>
  next(correctEntry(session, 'PersonalInfo', { ...person, FirstName: 'Петр' }));

describe('starting a session', () => {
  it('reads a saved card untouched, at its version', () => {
    const session = startSession(intern);
    expect(session.mode).toBe('untouched');
    expect(session.version).toBe(3);
    expect(isModified(session)).toBe(false);
    expect(isNewIntern(session)).toBe(false);
    expect(session.sections.Supervisors).toEqual([supervisor, otherSupervisor]);
    expect(changedSections(session)).toEqual([]);
  });

  it('starts a new trainee edited, with one empty personal-info entry under a temporary id', () => {
    const session = startSession(null);
    expect(session.mode).toBe('edited');
    expect(isNewIntern(session)).toBe(true);
    expect(session.sections.PersonalInfo).toEqual([emptyEntry('PersonalInfo', -1)]);
    expect(entryStatus(session, 'PersonalInfo', session.sections.PersonalInfo[0]!)).toBe('created');
    expect(changedCount(session, 'PersonalInfo')).toBe(1);
    expect(session.sections.Internships).toEqual([]);
    expect(isBlankNewIntern(session)).toBe(true);
  });

  it('tells a new trainee with something entered from a blank one', () => {
    const fresh = startSession(null);
    const named = next(
      editEntry(fresh, 'PersonalInfo', { ...fresh.sections.PersonalInfo[0]!, LastName: 'Ли' }),
    );
    expect(isBlankNewIntern(named)).toBe(false);
    expect(isBlankNewIntern(next(addEntry(fresh, 'Reissues', emptyEntry('Reissues', 0))))).toBe(false);
    expect(isBlankNewIntern(startSession(intern))).toBe(false);
  });
});

describe('adding', () => {
  it('gives new entries temporary negative ids, one after another, and moves to edited', () => {
    const first = next(addEntry(startSession(intern), 'Supervisors', emptyEntry('Supervisors', 0)));
    const second = next(addEntry(first, 'Supervisors', emptyEntry('Supervisors', 0)));
    expect(second.mode).toBe('edited');
    expect(second.sections.Supervisors.map((entry) => entry.Id)).toEqual([21, 22, -1, -2]);
    expect(entryStatus(second, 'Supervisors', second.sections.Supervisors[3]!)).toBe('created');
    expect(entryStatus(second, 'Supervisors', supervisor)).toBe('untouched');
    expect(changedCount(second, 'Supervisors')).toBe(2);
  });

  it('is refused in correction mode', () => {
    const transition = addEntry(corrected(startSession(intern)), 'Supervisors', emptyEntry('Supervisors', 0));
    expect(transition.refusal).toBe(texts.addingInCorrection);
    expect(texts.addingInCorrection).toBe('Добавление записей невозможно в режиме корректировки');
  });
});

describe('editing', () => {
  it('moves to edited and marks the entry edited', () => {
    const session = edited(startSession(intern));
    expect(session.mode).toBe('edited');
    expect(entryStatus(session, 'Supervisors', session.sections.Supervisors[0]!)).toBe('edited');
    expect(changedCount(session, 'Supervisors')).toBe(1);
    expect(changedCount(session, 'PersonalInfo')).toBe(0);
    expect(changedSections(session)).toEqual(['Supervisors']);
  });

  it('keeps editing while edited', () => {
    const session = next(
      editEntry(edited(startSession(intern)), 'Supervisors', { ...otherSupervisor, FirstName: 'Ия' }),
    );
    expect(session.mode).toBe('edited');
    expect(changedCount(session, 'Supervisors')).toBe(2);
  });

  it('is refused in correction mode', () => {
    const transition = editEntry(corrected(startSession(intern)), 'Supervisors', supervisor);
    expect(transition.refusal).toBe('Редактирование невозможно в режиме корректировки');
  });

  it('counts no change when only spacing or the masks’ punctuation differ', () => {
    const session = next(
      editEntry(startSession(intern), 'PersonalInfo', {
        ...person,
        LastName: '  Иванов ',
        Snils: '11223344595',
      }),
    );
    expect(session.mode).toBe('untouched');
    expect(entryStatus(session, 'PersonalInfo', session.sections.PersonalInfo[0]!)).toBe('untouched');
  });

  it('says which entry it could not find', () => {
    const transition = editEntry(startSession(intern), 'Supervisors', { ...supervisor, Id: 99 });
    expect(transition.refusal).toBe('Запись 99 не найдена в разделе «Руководитель стажировки»');
  });

  it('returns to untouched when an edit puts the entry back as it was', () => {
    const session = next(editEntry(edited(startSession(intern)), 'Supervisors', supervisor));
    expect(session.mode).toBe('untouched');
  });
});

describe('correcting', () => {
  it('moves to corrected and marks the entry corrected', () => {
    const session = corrected(startSession(intern));
    expect(session.mode).toBe('corrected');
    expect(entryStatus(session, 'PersonalInfo', session.sections.PersonalInfo[0]!)).toBe('corrected');
    expect(changedCount(session, 'PersonalInfo')).toBe(1);
  });

  it('keeps correcting while corrected', () => {
    const session = next(
      correctEntry(corrected(startSession(intern)), 'Supervisors', { ...supervisor, FirstName: 'Ия' }),
    );
    expect(session.mode).toBe('corrected');
    expect(changedSections(session)).toEqual(['PersonalInfo', 'Supervisors']);
  });

  it('is refused while edited, and on a new trainee', () => {
    expect(correctEntry(edited(startSession(intern)), 'PersonalInfo', person).refusal).toBe(
      'Корректировка невозможна в режиме редактирования',
    );
    const fresh = startSession(null);
    expect(correctEntry(fresh, 'PersonalInfo', fresh.sections.PersonalInfo[0]!).refusal).toBe(
      texts.correctingInEditing,
    );
  });
});

describe('rolling back', () => {
  it('puts an edited entry back as saved and returns to untouched when no edits remain', () => {
    const session = next(rollbackEntry(edited(startSession(intern)), 'Supervisors', 21));
    expect(session.sections.Supervisors).toEqual([supervisor, otherSupervisor]);
    expect(session.mode).toBe('untouched');
  });

  it('stays edited while other edits remain', () => {
    const twice = next(addEntry(edited(startSession(intern)), 'Reissues', emptyEntry('Reissues', 0)));
    const session = next(rollbackEntry(twice, 'Supervisors', 21));
    expect(session.mode).toBe('edited');
    expect(changedSections(session)).toEqual(['Reissues']);
  });

  it('removes a created entry', () => {
    const added = next(addEntry(startSession(intern), 'Reissues', emptyEntry('Reissues', 0)));
    const session = next(rollbackEntry(added, 'Reissues', -1));
    expect(session.sections.Reissues).toEqual([]);
    expect(session.mode).toBe('untouched');
  });

  it('stays corrected while other corrections remain, and returns to untouched after the last', () => {
    const both = next(
      correctEntry(corrected(startSession(intern)), 'Supervisors', { ...supervisor, FirstName: 'Ия' }),
    );
    const one = next(rollbackEntry(both, 'Supervisors', 21));
    expect(one.mode).toBe('corrected');
    expect(next(rollbackEntry(one, 'PersonalInfo', 11)).mode).toBe('untouched');
  });

  it('says so when the entry is gone', () => {
    expect(rollbackEntry(startSession(intern), 'Supervisors', 99).refusal).toBe(
      'Не удалось найти запись для отката',
    );
    expect(rollbackEntry(startSession(intern), 'Supervisors', -5).refusal).toBe(rollbackMissing);
  });

  it('keeps a new trainee edited', () => {
    const session = next(rollbackEntry(startSession(null), 'PersonalInfo', -1));
    expect(session.mode).toBe('edited');
    expect(session.sections.PersonalInfo).toEqual([]);
  });
});

describe('clearing', () => {
  it('drops every change of a saved card', () => {
    const session = clearSession(
      next(addEntry(edited(startSession(intern)), 'Reissues', emptyEntry('Reissues', 0))),
    );
    expect(session).toEqual(startSession(intern));
  });

  it('starts a new trainee over', () => {
    const added = next(addEntry(startSession(null), 'Reissues', emptyEntry('Reissues', 0)));
    expect(clearSession(added)).toEqual(startSession(null));
  });
});

describe('saving', () => {
  it('sends the changed sections whole, with the version the session started from', () => {
    const session = next(addEntry(edited(startSession(intern)), 'Reissues', emptyEntry('Reissues', 0)));
    const payload = savePayload(session, protocol);
    expect(payload.IsCorrecting).toBe(false);
    expect(payload.Protocol).toEqual(protocol);
    expect(Object.keys(payload.Intern)).toEqual(['Version', 'Supervisors', 'Reissues']);
    expect(payload.Intern.Version).toBe(3);
    expect(payload.Intern.Supervisors).toHaveLength(2);
    expect(payload.Intern.Reissues).toEqual([{ ...emptyEntry('Reissues', -1) }]);
  });

  it('marks a correction as such', () => {
    const payload = savePayload(corrected(startSession(intern)), protocol);
    expect(payload.IsCorrecting).toBe(true);
    expect(Object.keys(payload.Intern)).toEqual(['Version', 'PersonalInfo']);
  });

  it('sends a new trainee without a version', () => {
    const payload = savePayload(startSession(null), protocol);
    expect(payload.Intern.Version).toBeUndefined();
    expect(payload.Intern.PersonalInfo).toHaveLength(1);
  });

  it('carries the session over a delete or restore of the card it started from', () => {
    const session = edited(startSession(intern));
    expect(carryOverVersion(session, 3, 4).version).toBe(4);
    expect(carryOverVersion(session, 2, 4).version).toBe(3);
  });
});

describe('checking before a save', () => {
  it('finds the first changed entry the schema refuses', () => {
    const fresh = startSession(null);
    expect(firstInvalidEntry(fresh)).toEqual({
      section: 'PersonalInfo',
      entry: fresh.sections.PersonalInfo[0],
    });
    const filled = next(editEntry(fresh, 'PersonalInfo', { ...person, Id: -1 }));
    expect(firstInvalidEntry(filled)).toBeNull();
    const wrong = next(editEntry(startSession(intern), 'Supervisors', { ...supervisor, FirstName: '' }));
    expect(firstInvalidEntry(wrong)?.entry.Id).toBe(21);
  });
});

describe('change detection', () => {
  it('trims text, treats empty as nothing and ignores the masks’ punctuation', () => {
    expect(isSameEntry(person, { ...person, FirstName: ' Пётр  ', PatronymicName: '' })).toBe(true);
    expect(isSameEntry(person, { ...person, Passport: { ...(person.Passport as object), Series: '' } })).toBe(
      true,
    );
    expect(isSameEntry(person, { ...person, Snils: '112 233 445-95' })).toBe(true);
    expect(isSameEntry(person, { ...person, Snils: '112-233-445 96' })).toBe(false);
    expect(isSameEntry(person, { ...person, FirstName: 'Петр' })).toBe(false);
    expect(isSameEntry(person, { ...person, Entry_Id: 5 })).toBe(true);
  });
});
