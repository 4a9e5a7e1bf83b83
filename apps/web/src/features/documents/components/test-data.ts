import type { BasisDocument, DocumentChange } from '@registry/shared';

/** A letter entered by hand for five trainees, of whom the row names two. */
export const manualLetter: BasisDocument = {
  Id: 11,
  Requisites: { Number: '17-П', Date: '2025-03-15' },
  OutgoingRequisites: { Number: null, Date: null },
  Organization: null,
  Import: null,
  Interns: [
    { Id: 5, FullName: 'Белова Елена Викторовна' },
    { Id: 6, FullName: 'Яковлева Елена Викторовна' },
  ],
  InternCount: 5,
  LastChangedAt: '2025-03-16T07:00:00Z',
};

/** A document of an SRO's import, with the SRO's outgoing requisites. */
export const importedLetter: BasisDocument = {
  Id: 12,
  Requisites: { Number: '345-вх', Date: '2025-09-01' },
  OutgoingRequisites: { Number: '88', Date: '2025-08-28' },
  Organization: { Id: 3, Name: 'СРО «Северное объединение»' },
  Import: { Id: 41 },
  Interns: [{ Id: 7, FullName: 'Зуева Мария Сергеевна' }],
  InternCount: 1,
  LastChangedAt: '2025-09-02T07:00:00Z',
};

/** The first entry of a trainee's personal info, and a later change of its surname. */
export const letterChanges: DocumentChange[] = [
  {
    Intern: { Id: 5, FullName: 'Белова Елена Викторовна' },
    Section: 'PersonalInfo',
    SectionTitle: 'Персональные данные',
    EntryId: 101,
    Kind: 'initial',
    KindName: 'Первичное внесение',
    OperatorName: 'Орлова Светлана Игоревна',
    CreatedAt: '2025-03-16T07:00:00Z',
    Data: { Id: 101, LastName: 'Белова', FirstName: 'Елена', DateOfBirth: '1990-04-02' },
    PreviousData: null,
  },
  {
    Intern: { Id: 6, FullName: 'Яковлева Елена Викторовна' },
    Section: 'PersonalInfo',
    SectionTitle: 'Персональные данные',
    EntryId: 102,
    Kind: 'change',
    KindName: 'Изменение',
    OperatorName: 'Орлова Светлана Игоревна',
    CreatedAt: '2025-03-16T08:30:00Z',
    Data: { Id: 102, LastName: 'Яковлева', FirstName: 'Елена', Snils: '112-233-445 95' },
    PreviousData: { Id: 102, LastName: 'Петрова', FirstName: 'Елена', Snils: '112-233-445 95' },
  },
];
