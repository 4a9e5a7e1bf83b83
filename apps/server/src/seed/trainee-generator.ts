/*
 * Demo trainees: a story for each (ongoing, paused, ended, moved, admitted, certified…) and the saves that
 * lead to it, built from the seeded generators of generate.ts.
 */
import {
  addDays,
  addMonths,
  createRegistryNumbers,
  generatePersonName,
  workday,
  type PersonName,
  type Random,
  type SeedReferences,
} from './generate.js';
import {
  personalInfo,
  phone,
  requisites,
  supervisor,
  uniqueSnils,
  type Json,
  type TraineeContext,
} from './trainee-people.js';

/** A story a trainee's record tells: it sets the internships, steps and exam results, and so the status. */
export type TraineeStory =
  | 'ongoing'
  | 'paused'
  | 'resumed'
  | 'terminated'
  | 'admitted'
  | 'failed-exam'
  | 'certified'
  | 'certified-after-appeal'
  | 'transfer';

const stories: readonly (readonly [TraineeStory, number])[] = [
  ['ongoing', 40],
  ['paused', 5],
  ['resumed', 5],
  ['terminated', 5],
  ['admitted', 15],
  ['failed-exam', 5],
  ['certified', 17],
  ['certified-after-appeal', 3],
  ['transfer', 5],
];

function pickStory(random: Random): TraineeStory {
  let target = random.next() * stories.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [story, weight] of stories) if ((target -= weight) < 0) return story;
  return 'ongoing';
}

/** One save of the trainee's card: the whole state of the sections it sends. */
export interface SeedSave {
  isCorrecting: boolean;
  /** Sections in the save payload's shape; entries are matched to stored ones by their place. */
  sections: Record<string, Json[]>;
  protocol: { number: string; date: string; outgoingNumber: string | null; outgoingDate: string | null };
}

/** A generated trainee: the saves that build the record, oldest first. */
export interface SeedTrainee {
  person: PersonName;
  snils: string;
  story: TraineeStory;
  saves: SeedSave[];
}

/** Builds the generator of demo trainees for the given reference data, as of `today`. */
export function createTraineeGenerator(random: Random, references: SeedReferences, today: string) {
  let document = 0;
  const context: TraineeContext = {
    today,
    references,
    registryNumber: createRegistryNumbers(),
    usedSnils: new Set(),
    nextDocument: () => ++document,
  };
  return () => generateTrainee(random, context);
}

/** Five stages over the internship's months; those before `until` are done (passed, materials in). */
function internshipSteps(startedAt: string, months: number, until: string, statementDate: string | null) {
  const stageDays = Math.floor((months * 30) / 5);
  const keys = ['EntryStep', 'Step1', 'Step2', 'Step3', 'ClosingStep'];
  const steps: Json = { Id: -1 };
  keys.forEach((key, index) => {
    const started = addDays(startedAt, index * stageDays);
    const ended = addDays(started, stageDays - 1);
    const isDone = ended <= until;
    steps[key] =
      started > until
        ? {}
        : { StartedAt: started, EndedAt: isDone ? ended : null, HasPassed: isDone, HasMaterials: isDone };
  });
  steps.SupervisorStatement = statementDate
    ? requisites(`З-${statementDate.slice(0, 4)}`, statementDate)
    : {};
  steps.HasPassed = statementDate !== null;
  return steps;
}

/** What a trainee's story decides before any section is written. The draws keep the seed's order. */
function planTrainee(random: Random, context: TraineeContext) {
  const story = pickStory(random);
  const person = generatePersonName(random);
  const snils = uniqueSnils(random, context.usedSnils);
  const isCompleted = ['admitted', 'failed-exam', 'certified', 'certified-after-appeal'].includes(story);
  const months = story === 'transfer' ? random.pick([12, 18, 24]) : random.pick([6, 12, 12, 18, 24]);
  // Completed and ended internships began long enough ago to have ended; ongoing ones within their length.
  const startedAt = workday(
    isCompleted || story === 'terminated'
      ? addDays(context.today, -(months * 31 + random.int(30, 700)))
      : story === 'transfer'
        ? addDays(context.today, -random.int(120, 300))
        : addDays(context.today, -random.int(20, months * 30 - 10)),
  );
  const organization = random.pick(context.references.organizations);
  return {
    story,
    person,
    snils,
    isCompleted,
    months,
    startedAt,
    endedAt: addMonths(startedAt, months),
    organization,
  };
}
type Plan = ReturnType<typeof planTrainee>;

/** An internship in an SRO from a day, with its place and the decision that admitted the trainee. */
function newInternship(
  random: Random,
  context: TraineeContext,
  plan: Plan,
  id: number,
  sro: { id: number; registryNumber: string },
  started: string,
): Json {
  return {
    Id: id,
    StartedAt: started,
    Organization: { Id: sro.id, Name: '' },
    Duration: plan.months,
    Status: 0,
    RegistryNumber: context.registryNumber(sro, started.slice(0, 4)),
    MiscInfo: [
      {
        EndedAt: null,
        Address: { Id: random.pick(context.references.addresses).id, Value: '' },
        AdmissionRequisites: requisites(`П-${random.int(10, 999)}`, started),
      },
    ],
  };
}

const reasonRef = (context: TraineeContext, value: string) => {
  const found = context.references.terminationReasons.find((entry) => entry.value === value)!;
  return { Id: found.id, Value: '' };
};

/** A pause, and for a resumed story the resumption; returns the day the stages stopped, if they did. */
function pause(random: Random, plan: Plan, first: Json): string | null {
  const pausedAt = addDays(plan.startedAt, random.int(10, 60));
  first.Status = plan.story === 'paused' ? 1 : 0;
  first.PauseInfo = [
    {
      PausedAt: pausedAt,
      PauseDuration: `${random.int(1, 6)} мес.`,
      PauseBasis: random.pick([
        'Заявление стажёра',
        'Временная нетрудоспособность',
        'Отпуск по уходу за ребёнком',
      ]),
      Requisites: requisites(`ПР-${random.int(1, 300)}`, pausedAt),
    },
  ];
  if (plan.story === 'paused') return pausedAt;
  const resumedAt = addDays(pausedAt, random.int(5, 20));
  first.ResumeInfo = [
    { ResumedAt: resumedAt, Requisites: requisites(`ВЗ-${random.int(1, 300)}`, resumedAt) },
  ];
  return null;
}

/** What the story does to the first internship (and a second one for a transfer); the stages' span. */
function applyStory(random: Random, context: TraineeContext, plan: Plan, internships: Json[]) {
  const first = internships[0]!;
  const misc = (first.MiscInfo as Json[])[0]!;
  const span = { from: plan.startedAt, until: context.today };
  if (plan.story === 'paused' || plan.story === 'resumed')
    span.until = pause(random, plan, first) ?? span.until;
  if (plan.story === 'terminated') {
    first.Status = 2;
    first.EndBasis = reasonRef(
      context,
      random.pick(['Заявление стажёра', 'Невыполнение программы стажировки']),
    );
    misc.EndedAt = span.until = addDays(plan.startedAt, random.int(40, plan.months * 25));
  }
  if (plan.story === 'transfer') {
    // The trainee left one SRO for another: the first internship ends on that ground, a second begins.
    const other = random.pick(
      context.references.organizations.filter((sro) => sro.id !== plan.organization.id),
    );
    const movedAt = workday(addDays(plan.startedAt, random.int(30, 90)));
    first.Status = 2;
    first.EndBasis = reasonRef(context, 'Переход в другую СРО');
    misc.EndedAt = movedAt;
    span.from = addDays(movedAt, 1);
    internships.push(newInternship(random, context, plan, -2, other, span.from));
  }
  if (plan.isCompleted) {
    first.Status = 3;
    misc.EndedAt = span.until = plan.endedAt;
    misc.ModificationRequisites = requisites(`ЗВ-${random.int(10, 999)}`, plan.endedAt);
  }
  return span;
}

/** The exam of a story that reached one, with its result and, for some, a granted appeal. */
function addExam(random: Random, plan: Plan, sections: Record<string, Json[]>) {
  const heldAt = workday(addDays(plan.endedAt, random.int(20, 90)));
  const passed = plan.story === 'certified';
  sections.Examinations = [
    {
      Id: -1,
      HeldAt: heldAt,
      HeldAtTime: random.pick(['10:00', '11:00', '14:00']),
      GroupNumber: String(random.int(1, 40)),
      CommissionName: 'Экзаменационная комиссия Росреестра',
      DecisionRequisites: requisites(`Р-${random.int(100, 999)}`, addDays(heldAt, 3)),
    },
  ];
  sections.ExaminationResults = [
    { Id: -1, CorrectAnswersNumber: passed ? random.int(64, 80) : random.int(40, 63), HasPassed: passed },
  ];
  if (plan.story !== 'certified-after-appeal') return;
  // The appeal was granted: the recount passed the exam.
  const appliedAt = addDays(heldAt, random.int(3, 10));
  sections.ExaminationAppeals = [
    {
      Id: -1,
      HasBeenAppealed: true,
      HasApplicationPassed: true,
      ApplicationRequisites: requisites(`А-${random.int(1, 200)}`, appliedAt),
      DecisionRequisistes: requisites(`РА-${random.int(1, 200)}`, addDays(appliedAt, 14)),
    },
  ];
  sections.ExaminationResults[0]!.HasPassed = true;
}

/** Everything a trainee's record holds, in the order an SRO would report it. */
function generateTrainee(random: Random, context: TraineeContext): SeedTrainee {
  const plan = planTrainee(random, context);
  const first = newInternship(random, context, plan, -1, plan.organization, plan.startedAt);
  const sections: Record<string, Json[]> = {
    PersonalInfo: [personalInfo(random, context, plan.person, plan.snils)],
    Supervisors: [supervisor(random, -1)],
    Internships: [first],
  };
  // The stages are those of the current internship, done up to the day it stopped or today.
  const span = applyStory(random, context, plan, sections.Internships!);
  const statement = plan.isCompleted ? addDays(plan.endedAt, 3) : null;
  sections.InternshipSteps = [internshipSteps(span.from, plan.months, span.until, statement)];
  if (['failed-exam', 'certified', 'certified-after-appeal'].includes(plan.story))
    addExam(random, plan, sections);
  if (random.chance(0.3)) {
    sections.Documents = [{ Id: -1, Requisites: requisites(`Д-${random.int(100, 9999)}`, plan.startedAt) }];
  }
  return {
    person: plan.person,
    snils: plan.snils,
    story: plan.story,
    saves: history(random, context, sections, plan.startedAt),
  };
}

/**
 * The saves that lead to the final state. Most records are entered once; some first as an ongoing internship
 * and later completed (an edit), some get a new phone number (an edit) or a typo fixed (a correction).
 */
function history(random: Random, context: TraineeContext, final: Record<string, Json[]>, startedAt: string) {
  let date = workday(addDays(startedAt, random.int(3, 20)));
  const saves: SeedSave[] = [];
  const save = (sections: Record<string, Json[]>, isCorrecting = false) => {
    const number = context.nextDocument();
    saves.push({
      isCorrecting,
      sections: structuredClone(sections),
      protocol: {
        number: `${date.slice(0, 4)}/${String(number).padStart(5, '0')}`,
        date,
        outgoingNumber: random.chance(0.7) ? `Исх-${random.int(1, 2000)}` : null,
        outgoingDate: null,
      },
    });
  };

  if (final.Internships![0]!.Status === 3 && random.chance(0.4)) {
    // Entered when the internship began; the completion, steps and exam came in a later report.
    const early = structuredClone(final);
    const internship = early.Internships![0]!;
    const misc = (internship.MiscInfo as Json[])[0]!;
    internship.Status = 0;
    misc.EndedAt = null;
    delete misc.ModificationRequisites;
    for (const section of ['InternshipSteps', 'Examinations', 'ExaminationResults', 'ExaminationAppeals']) {
      delete early[section];
    }
    save(early);
    date = addDays(date, 200);
  }
  save(final);

  let personal = final.PersonalInfo!;
  if (random.chance(0.05)) {
    personal = structuredClone(personal);
    (personal[0]!.Contacts as Json).PhoneNumber = phone(random);
    date = addDays(date, 30);
    save({ PersonalInfo: personal });
  }
  if (random.chance(0.03)) {
    // A passport number was entered wrong; a correction amends it as if it had been right.
    personal = structuredClone(personal);
    (personal[0]!.Passport as Json).Number = `${random.int(100, 999)} ${random.int(100, 999)}`;
    date = addDays(date, 10);
    save({ PersonalInfo: personal }, true);
  }
  return saves;
}
