/*
 * The demo's imports: each SRO representative uploads change files made from the demo's own trainees (with a
 * protocol and a cover letter), through the upload service the API uses, so that the files are read and
 * their rows stored exactly as a real upload's; then the operator handles some of them through the review
 * and imports services the API uses. Each representative ends with one import waiting, one partly
 * processed, one processed (with a rejected row) and one rejected as a whole.
 */
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DeltaUploadDataSchema, SubmitChangeSchema, toDateValue, type ChangeReview } from '@registry/shared';
import { createServices } from '../api.js';
import type { Config } from '../config.js';
import type { CurrentAccount } from '../lib/session.js';
import { sheetOf, xlsxOf } from '../fixtures/change-file-book.js';
import type { Database, Db } from '../db/client.js';
import { accounts, imports, organizations } from '../db/schema/index.js';
import { createRowMaker, createUnknownSnils, sroTrainees, type RowKind } from './demo-change-rows.js';
import { demoPdf } from './demo-pdf.js';
import type { Random } from './generate.js';

type Outcome = 'pending' | 'partly' | 'processed' | 'rejected';

interface ImportPlan {
  outcome: Outcome;
  /** Days before now the file was uploaded: the deadline counts from then. */
  uploadedDaysAgo: number;
  kinds: RowKind[];
  /** The deadline is set to a day from now (see `setNearDeadline`). */
  nearDeadline?: boolean;
}

/**
 * Each representative's files. Deadlines of the open ones: the first SRO's partly processed file is overdue
 * and its waiting one has two weeks ahead; the second SRO's waiting file has a day left and its partly
 * processed one more than a week. Processed and rejected files were handled within their deadlines.
 */
const PLANS: ImportPlan[][] = [
  [
    // A month back, so that it is overdue whenever the demo is made: 20 days held fewer than the deadline's ten
    // working days across the New Year and May holidays of the production calendar (63 days of 2024–2027).
    { outcome: 'partly', uploadedDaysAgo: 30, kinds: ['snils', 'snils', 'name', 'new', 'conflict'] },
    { outcome: 'processed', uploadedDaysAgo: 6, kinds: ['snils', 'name', 'new', 'snils'] },
    { outcome: 'rejected', uploadedDaysAgo: 5, kinds: ['snils', 'new'] },
    { outcome: 'pending', uploadedDaysAgo: 0, kinds: ['snils', 'name', 'new', 'conflict'] },
  ],
  [
    {
      outcome: 'pending',
      uploadedDaysAgo: 12,
      kinds: ['snils', 'snils', 'name', 'new', 'conflict'],
      nearDeadline: true,
    },
    { outcome: 'processed', uploadedDaysAgo: 4, kinds: ['snils', 'new', 'name', 'snils'] },
    { outcome: 'rejected', uploadedDaysAgo: 3, kinds: ['new', 'snils'] },
    { outcome: 'partly', uploadedDaysAgo: 2, kinds: ['snils', 'name', 'new', 'conflict', 'snils'] },
  ],
];

const DAY_MS = 86_400_000;
const IMPORT_REJECTION =
  'Протокол не подписан уполномоченным лицом СРО. Направьте изменения повторно с подписанным протоколом.';
const ROW_REJECTION = 'Сведения о стажировке не подтверждены протоколом заседания СРО, приложенным к файлу.';

export interface DemoImportsResult {
  /** Imports by status (ImportStatus: 0 pending … 3 rejected). */
  byStatus: Record<number, number>;
}

/** An account as a request of theirs would carry it: the seed acts through the services, without a session. */
async function actingAs(db: Db, id: number): Promise<CurrentAccount> {
  const [row] = await db
    .select({
      id: accounts.id,
      fullName: accounts.fullName,
      emailAddress: accounts.emailAddress,
      organizationId: organizations.id,
      organizationName: organizations.name,
    })
    .from(accounts)
    .leftJoin(organizations, eq(organizations.id, accounts.organizationId))
    .where(eq(accounts.id, id));
  const { organizationId, organizationName, ...account } = row!;
  return {
    ...account,
    organization: organizationId === null ? null : { id: organizationId, name: organizationName! },
    sessionId: 0,
  };
}

/** The services of the API over the seeded database, the imports' upload service on a clock the seed sets. */
function createDemoServices(database: Database, config: Config, log: Logger) {
  const clock = { now: new Date() };
  const services = createServices({
    database,
    config,
    // The seed sends no mail: an operator's password is the only thing the services would mail.
    mailer: { send: async () => {} },
    // A line per file read would only interleave with the seed's own report; refusals still show.
    logger: log.child({}, { level: 'warn' }),
    clock: () => clock.now,
  });
  return { services, uploads: services.imports.uploads, reader: services.imports.reader, clock };
}
type DemoServices = ReturnType<typeof createDemoServices>;

interface Representative {
  account: CurrentAccount;
  registryNumber: string;
  rowsOf: (kinds: RowKind[]) => ReturnType<ReturnType<typeof createRowMaker>>;
}

/** Uploads one file as the representative at the plan's time, with its protocol and cover letter. */
async function upload(demo: DemoServices, rep: Representative, plan: ImportPlan, now: Date, serial: number) {
  const uploadedAt = new Date(now.getTime() - plan.uploadedDaysAgo * DAY_MS - (serial % 5) * 3_600_000);
  const day = toDateValue(uploadedAt);
  const rows = rep.rowsOf(plan.kinds);
  const number = `${serial}-${rep.registryNumber}`;
  const data = DeltaUploadDataSchema.parse({ Number: `Исх-${number}`, Date: day });
  const pdf = (title: string) =>
    demoPdf(title, [
      `No. ${number} of ${day}`,
      `Self-regulatory organization of cadastral engineers, registry number ${rep.registryNumber}`,
      `Changes in the records of ${rows.length} trainees`,
    ]);
  const files = new Map([
    [
      'file',
      { name: `Изменения ${rep.registryNumber} от ${day}.xlsx`, content: await xlsxOf(sheetOf(rows)) },
    ],
    ['protocol', { name: `Протокол ${number}.pdf`, content: pdf('Protocol of the SRO board meeting') }],
    ['letter', { name: `Сопроводительное письмо ${number}.pdf`, content: pdf('Cover letter') }],
  ]);
  demo.clock.now = uploadedAt;
  const created = await demo.uploads.uploadByOrganization(
    rep.account,
    { Number: data.Number, Date: data.Date! },
    files,
  );
  return { id: created.Id, day };
}

/** Accepts a row as the review proposes it: into the trainee it matched, or as a new one. */
async function acceptRow(
  demo: DemoServices,
  ids: { importId: number; changeId: number },
  operator: CurrentAccount,
) {
  const review: ChangeReview = await demo.services.imports.review.open(ids, {}, operator);
  const body = SubmitChangeSchema.parse({
    PersonalInfo: review.PersonalInfo.New,
    Supervisors: review.Supervisors.flatMap((supervisor) => (supervisor.New ? [supervisor.New] : [])),
    Internship: review.Internship.New,
    InternshipSteps: review.InternshipSteps.New,
    InternVersion: review.Intern?.Version,
  });
  await demo.services.imports.review.submit(ids, review.Intern?.Id ?? 'new', body, operator);
}

/**
 * The operator's work on an import: a rejected one is refused whole; otherwise the incoming requisites are
 * entered (a row cannot be accepted without them), then the first row is accepted (partly processed) or
 * every row, the last one rejected with a reason (processed).
 */
async function handle(
  demo: DemoServices,
  importId: number,
  plan: ImportPlan,
  operator: CurrentAccount,
  incoming: { number: string; date: string },
) {
  const { imports: importsService, review } = demo.services.imports;
  if (plan.outcome === 'pending') return;
  if (plan.outcome === 'rejected') {
    await importsService.reject(importId, IMPORT_REJECTION, operator);
    return;
  }
  await importsService.edit(importId, { Number: incoming.number, Date: incoming.date }, operator);
  // A demo file has a few rows: its waiting ones are all on the first page.
  const { Results: pending } = await importsService.changes(
    importId,
    { state: 'pending', page: 0 },
    operator,
  );
  const rows = plan.outcome === 'partly' ? pending.slice(0, 1) : pending;
  for (const [index, row] of rows.entries()) {
    const ids = { importId, changeId: row.Id };
    if (plan.outcome === 'processed' && index === rows.length - 1) {
      await review.reject(ids, ROW_REJECTION, operator);
    } else {
      await acceptRow(demo, ids, operator);
    }
  }
}

/**
 * The deadline counts working days from the upload and ends at the end of a Moscow day, so no upload day
 * gives exactly a day left when today is a weekend. The demo sets that one deadline directly, as plain SQL,
 * so that the list always shows a file about to be overdue.
 */
async function setNearDeadline(db: Db, importId: number, now: Date) {
  await db
    .update(imports)
    .set({ deadlineAt: new Date(now.getTime() + DAY_MS / 2) })
    .where(eq(imports.id, importId));
}

/**
 * Uploads and handles the demo's imports for the given representatives (account ids, in the order of
 * PLANS), as of `today` for the files' contents and `now` for their upload times.
 */
export async function seedImports(
  database: Database,
  config: Config,
  options: {
    random: Random;
    today: string;
    now: Date;
    operatorId: number;
    representatives: { accountId: number; registryNumber: string }[];
    log: Logger;
  },
): Promise<DemoImportsResult> {
  const { db } = database;
  const demo = createDemoServices(database, config, options.log);
  try {
    const operator = await actingAs(db, options.operatorId);
    const reps: Representative[] = [];
    const unknownSnils = createUnknownSnils();
    for (const { accountId, registryNumber } of options.representatives) {
      const account = await actingAs(db, accountId);
      const sro = await sroTrainees(db, demo.services.intern.interns, account.organization!.id);
      const rowsOf = createRowMaker(
        options.random,
        options.today,
        { registryNumber, numbersInUse: sro.numbers, trainees: sro.trainees },
        unknownSnils,
      );
      reps.push({ account, registryNumber, rowsOf });
    }
    // Oldest first, as they would have come in.
    const uploads = reps
      .flatMap((rep, index) => (PLANS[index] ?? []).map((plan) => ({ rep, plan })))
      .sort((a, b) => b.plan.uploadedDaysAgo - a.plan.uploadedDaysAgo);
    const byStatus: Record<number, number> = {};
    for (const [index, { rep, plan }] of uploads.entries()) {
      const { id, day } = await upload(demo, rep, plan, options.now, index + 1);
      if (plan.nearDeadline) await setNearDeadline(db, id, options.now);
      await handle(demo, id, plan, operator, { number: `${index + 1}-вх`, date: day });
      const { Status: status } = await demo.services.imports.imports.summary(id, operator);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    }
    return { byStatus };
  } finally {
    await demo.reader.close();
  }
}
