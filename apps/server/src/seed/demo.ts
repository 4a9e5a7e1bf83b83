import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { asc, count, eq, isNull } from 'drizzle-orm';
import { pino, type Logger } from 'pino';
import { SaveInternSchema, toDateValue, type InternSectionKey, type InternSections } from '@registry/shared';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { noJournal } from '../lib/audit.js';
import { hashPassword } from '../lib/passwords.js';
import { generatePassword } from '../lib/tokens.js';
import { createAccountRepository } from '../modules/account/account.repository.js';
import { createAccountService } from '../modules/account/account.service.js';
import { createInternModule } from '../modules/intern/intern.module.js';
import type { SaveRequest } from '../modules/intern/intern.service.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { accounts, dictionaryEntries, interns, organizations, schools } from '../db/schema/index.js';
import {
  createRandom,
  fullName,
  generateAddresses,
  generatePersonName,
  transliterate,
  type SeedReferences,
} from './generate.js';
import { seedImports } from './demo-imports.js';
import { createTraineeGenerator, type SeedSave } from './trainee-generator.js';
import { organizationNames, schoolNames } from './names.js';

export interface SeedDemoOptions {
  /** How many trainees to create (300 by default). */
  trainees?: number;
  /** The seed of the generator: the same seed gives the same people. */
  seed?: number;
  /** The day the data is made as of, `yyyy-MM-dd`: internships are ongoing or finished relative to it. */
  today: string;
  /** The moment the imports' upload times and deadlines count from (now by default). */
  now?: Date;
  log?: Logger;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedDemoResult {
  organizations: number;
  schools: number;
  addresses: number;
  trainees: number;
  deleted: number;
  /** Accounts of SRO representatives, with the passwords generated for them. */
  representatives: { organization: string; login: string; password: string }[];
  /** The operator the seed acted as; the password only when the seed created the account. */
  operator: { login: string; password: string | null };
  /** The imports made, by status (ImportStatus: 0 pending, 1 being processed, 2 processed, 3 rejected). */
  imports: Record<number, number>;
}

/** The database already holds data the demo would duplicate; nothing was written. */
export class SeedRefusedError extends Error {}

const ORGANIZATIONS = 12;
const ADDRESSES = 40;
const REPRESENTED_ORGANIZATIONS = 2;
/** One trainee in this many ends deleted, so that the list shows that deleted ones are hidden. */
const DELETED_EVERY = 150;

async function countRows(db: Db) {
  const [[trainees], [sros], [schoolRows], [addresses]] = await Promise.all([
    db.select({ n: count() }).from(interns),
    db.select({ n: count() }).from(organizations),
    db.select({ n: count() }).from(schools),
    db.select({ n: count() }).from(dictionaryEntries).where(eq(dictionaryEntries.code, 'addresses')),
  ]);
  return { trainees: trainees!.n, sros: sros!.n, schools: schoolRows!.n, addresses: addresses!.n };
}

/** Refuses a database that holds trainees or reference data: the demo would duplicate them. */
async function ensureEmpty(db: Db) {
  const rows = await countRows(db);
  const found = [
    rows.trainees > 0 && `стажёров: ${rows.trainees}`,
    rows.sros > 0 && `СРО: ${rows.sros}`,
    rows.schools > 0 && `учебных заведений: ${rows.schools}`,
    rows.addresses > 0 && `адресов: ${rows.addresses}`,
  ].filter(Boolean);
  if (found.length > 0) {
    throw new SeedRefusedError(
      `База данных не пуста (${found.join(', ')}). Демонстрационные данные заполняют только пустую базу, ` +
        'чтобы ничего не задвоить: укажите другую базу (DATABASE_URL или DATA_DIR) или удалите текущую.',
    );
  }
}

async function insertReferences(db: Db, random: ReturnType<typeof createRandom>): Promise<SeedReferences> {
  const organizationRows = await db
    .insert(organizations)
    .values(
      organizationNames.slice(0, ORGANIZATIONS).map(([name, registryNumber]) => ({
        name,
        registryNumber,
        emailAddress: `sro${registryNumber}@example.org`,
      })),
    )
    .returning({
      id: organizations.id,
      name: organizations.name,
      registryNumber: organizations.registryNumber,
    });
  const schoolRows = await db
    .insert(schools)
    .values(schoolNames.map((name) => ({ name })))
    .returning({ id: schools.id, name: schools.name });
  const addressRows = await db
    .insert(dictionaryEntries)
    .values(generateAddresses(random, ADDRESSES).map((value) => ({ code: 'addresses', value })))
    .returning({ id: dictionaryEntries.id, value: dictionaryEntries.value });
  const terminationReasons = await db
    .select({ id: dictionaryEntries.id, value: dictionaryEntries.value })
    .from(dictionaryEntries)
    .where(eq(dictionaryEntries.code, 'termination-reasons'));
  return {
    organizations: organizationRows.map((row) => ({ ...row, registryNumber: row.registryNumber! })),
    schools: schoolRows,
    addresses: addressRows,
    terminationReasons,
  };
}

/** A representative account for each of the first SROs, with a generated password, as an operator would make. */
async function insertRepresentatives(
  db: Db,
  random: ReturnType<typeof createRandom>,
  references: SeedReferences,
) {
  const representatives: (SeedDemoResult['representatives'][number] & {
    accountId: number;
    registryNumber: string;
  })[] = [];
  for (const organization of references.organizations.slice(0, REPRESENTED_ORGANIZATIONS)) {
    const person = generatePersonName(random);
    const login = `${transliterate(person.lastName)}.sro${organization.registryNumber}@example.org`;
    const password = generatePassword();
    const [account] = await db
      .insert(accounts)
      .values({
        fullName: fullName(person),
        emailAddress: login,
        organizationId: organization.id,
        passwordHash: await hashPassword(password),
      })
      .returning({ id: accounts.id });
    representatives.push({
      organization: organization.name,
      login,
      password,
      accountId: account!.id,
      registryNumber: organization.registryNumber,
    });
  }
  return representatives;
}

/**
 * The first operator (as `npm start` would create it, from ADMIN_LOGIN/ADMIN_PASSWORD or with a generated
 * password, printed with the seed's other accounts), or the first existing one: the author of the demo's saves.
 */
async function firstOperator(db: Db, config: Config, log: Logger) {
  const created = await createAccountService(createAccountRepository(db), config).ensureFirstOperator(log, {
    print: false,
  });
  const [operator] = await db
    .select({ id: accounts.id, login: accounts.emailAddress })
    .from(accounts)
    .where(isNull(accounts.organizationId))
    .orderBy(asc(accounts.id))
    .limit(1);
  return { id: operator!.id, login: operator!.login, password: created?.password ?? null };
}

/**
 * The service's request for one generated save, its sections validated by the same schema as the API's:
 * entries get the ids of the stored entries at their place, or new (negative) ids.
 */
function toSaveRequest(
  save: SeedSave,
  stored: { id: number; version: number; sections: InternSections } | null,
  operator: number,
): SaveRequest {
  const sections = Object.fromEntries(
    Object.entries(save.sections).map(([key, entries]) => [
      key,
      entries.map((entry, index) => ({
        ...entry,
        Id: stored?.sections[key as InternSectionKey]?.[index]?.Id ?? -(index + 1),
      })),
    ]),
  );
  const { Version, ...parsed } = SaveInternSchema.shape.Intern.parse({
    ...sections,
    Version: stored?.version,
  });
  return {
    internId: stored?.id ?? null,
    version: Version,
    isCorrecting: save.isCorrecting,
    sections: parsed,
    protocol: save.protocol,
    operatorId: operator,
  };
}

/**
 * Fills an empty database with demo data: SROs, schools, addresses, two SRO representatives and trainees
 * entered through the trainee service, so that history, change protocols and list columns are the real ones;
 * then the representatives' imports, uploaded and partly reviewed through the services (demo-imports.ts).
 */
export async function seedDemo(
  database: Database,
  config: Config,
  options: SeedDemoOptions,
): Promise<SeedDemoResult> {
  const { db } = database;
  const log = options.log ?? pino({ level: 'silent' });
  const total = options.trainees ?? 300;
  const random = createRandom(options.seed ?? 20261122);
  await ensureEmpty(db);

  const operator = await firstOperator(db, config, log);
  const references = await insertReferences(db, random);
  const representatives = await insertRepresentatives(db, random, references);
  // The seed only saves cards; reading one would ask the imports for its waiting rows.
  const service = createInternModule({ db, audit: noJournal, pendingRowsNaming: async () => [] }).interns;
  const nextTrainee = createTraineeGenerator(random, references, options.today);

  let deleted = 0;
  for (let done = 0; done < total; done++) {
    const trainee = nextTrainee();
    let stored = null;
    for (const save of trainee.saves) {
      const id = await service.save(toSaveRequest(save, stored, operator.id));
      const card = await service.get(id);
      stored = { id, version: card.Version, sections: card };
    }
    if (done % DELETED_EVERY === DELETED_EVERY / 2) {
      await service.setDeleted(stored!.id, true);
      deleted++;
    }
    options.onProgress?.(done + 1, total);
  }
  const imports = await seedImports(database, config, {
    random,
    today: options.today,
    now: options.now ?? new Date(),
    operatorId: operator.id,
    representatives,
    log,
  });

  const rows = await countRows(db);
  return {
    organizations: rows.sros,
    schools: rows.schools,
    addresses: rows.addresses,
    trainees: rows.trainees,
    deleted,
    representatives: representatives.map(({ organization, login, password }) => ({
      organization,
      login,
      password,
    })),
    operator: { login: operator.login, password: operator.password },
    imports: imports.byStatus,
  };
}

const importStatusNames = ['ожидают обработки', 'в обработке', 'обработаны', 'отклонены'];

/** What the seed made, and the accounts to log in with: the operator's and the representatives'. */
function summary(result: SeedDemoResult, kind: string): string {
  const imports = importStatusNames.map((name, status) => `${name} — ${result.imports[status] ?? 0}`);
  const { operator } = result;
  return (
    `\nДемонстрационные данные внесены (${kind}): СРО — ${result.organizations}, ` +
    `учебных заведений — ${result.schools}, адресов — ${result.addresses}, ` +
    `стажёров — ${result.trainees} (из них удалённых — ${result.deleted}); ` +
    `импорты: ${imports.join(', ')}.\n\n` +
    'Вход в реестр (пароли показываются один раз):\n' +
    `  Оператор реестра\n    Логин:  ${operator.login}\n` +
    `    Пароль: ${operator.password ?? 'прежний: учётная запись уже была в базе'}\n` +
    result.representatives
      .map((r) => `  Представитель ${r.organization}\n    Логин:  ${r.login}\n    Пароль: ${r.password}\n`)
      .join('') +
    '\n'
  );
}

/** `npm run seed:demo [-- --trainees N --seed N]`: the configured database, as `npm start` would open it. */
async function main() {
  const { values } = parseArgs({ options: { trainees: { type: 'string' }, seed: { type: 'string' } } });
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    const result = await seedDemo(database, config, {
      trainees: values.trainees ? Number(values.trainees) : undefined,
      seed: values.seed ? Number(values.seed) : undefined,
      today: toDateValue(new Date()),
      log: pino({ level: config.logLevel }),
      onProgress: (done, total) => {
        if (done % 50 === 0 || done === total) process.stdout.write(`Стажёры: ${done} из ${total}\n`);
      },
    });
    process.stdout.write(summary(result, database.kind));
  } catch (error) {
    if (!(error instanceof SeedRefusedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
