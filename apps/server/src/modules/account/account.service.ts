import type { FastifyBaseLogger } from 'fastify';
import { AuditAction, texts, type AccountStats, type SessionInfo } from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import { noJournal, type AuditRecorder } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { generatePassword, hashToken, newSessionToken } from '../../lib/tokens.js';
import type { CurrentAccount } from '../../lib/session.js';
import type { AccountRepository, AccountRow } from './account.repository.js';
import { claimLoginAttempt, type LoginThrottleSettings } from './login-throttle.js';

/** What the accounts need of the settings (config.ts): the first operator, sessions' lifetimes, the throttle. */
export interface AccountSettings {
  admin: { login: string; password: string } | null;
  session: { idleMs: number; maxMs: number };
  loginThrottle: LoginThrottleSettings;
}

// A session's last-seen time is written at most this often, so that reads do not turn into writes.
const TOUCH_INTERVAL_MS = 60_000;

/** Counters of other areas, for the menu badges. */
export interface MenuCounters {
  internsCount(): Promise<number>;
  pendingImportsCount(): Promise<number>;
}

const noCounters: MenuCounters = { internsCount: async () => 0, pendingImportsCount: async () => 0 };

/** The first operator as `ensureFirstOperator` created it, with the password to hand over. */
export interface FirstOperator {
  login: string;
  password: string;
  /** The password was generated (no ADMIN_PASSWORD), so only this process knows it. */
  generated: boolean;
}

/**
 * Makes sure a new installation can be entered: with no accounts at all, creates the first operator from
 * ADMIN_LOGIN/ADMIN_PASSWORD, or with a generated password that is printed once (unless `print` is false:
 * the demo seed prints it with its other accounts). With accounts already there, ADMIN_LOGIN/ADMIN_PASSWORD
 * change nothing, and a warning says so: logging in with them would only answer 'Неверный пароль'.
 * Answers the operator it created, or null.
 */
export async function ensureFirstOperator(
  repo: AccountRepository,
  config: AccountSettings,
  log: FastifyBaseLogger,
  options: { print?: boolean } = {},
): Promise<FirstOperator | null> {
  const existing = await repo.countAll();
  if (existing > 0) {
    if (config.admin) {
      const loginExists = (await repo.findByEmail(config.admin.login)) !== null;
      log.warn(
        { login: config.admin.login, loginExists, accounts: existing },
        'ADMIN_LOGIN and ADMIN_PASSWORD are ignored: the database already has accounts, and they only create ' +
          'the first operator of an empty one (no password is changed). Log in as an existing operator: the ' +
          'one printed at the first start or by `npm run seed:demo`; an operator can give others a new ' +
          'password. Or start on an empty database (another DATA_DIR or DATABASE_URL).',
      );
    }
    return null;
  }
  const login = config.admin?.login ?? 'admin@localhost';
  const password = config.admin?.password ?? generatePassword();
  try {
    await repo.insert({
      fullName: 'Администратор',
      emailAddress: login,
      passwordHash: await hashPassword(password),
    });
  } catch (error) {
    // Processes started together on an empty database: another one created the first operator first.
    if (!isUniqueViolation(error, 'accounts_email_lower_key')) throw error;
    log.info({ login }, 'the first operator was created by another process');
    return null;
  }
  if (config.admin) {
    log.info({ login }, 'first operator created from ADMIN_LOGIN');
  } else if (options.print ?? true) {
    // Printed to the console on purpose, once: there is no other way to hand over the first password. On
    // stderr, for the person at the terminal: stdout carries only the log's JSON lines, for log collectors.
    process.stderr.write(
      `\nСоздан первый оператор реестра.\n  Логин:  ${login}\n  Пароль: ${password}\n` +
        'Сохраните пароль: он показывается один раз.\n\n',
    );
  }
  return { login, password, generated: !config.admin };
}

/**
 * Notes a sign-in, or a failed one with the login typed. Only checked attempts: those the throttle refuses
 * (429) are not, so that guessing cannot flood the journal.
 */
async function journalSignIn(
  audit: AuditRecorder,
  attempt: { account: AccountRow | null; address: string; login: string; succeeded: boolean },
) {
  const { account, address } = attempt;
  await audit.record(null, account && { ...account, address }, {
    action: attempt.succeeded ? AuditAction.SignIn : AuditAction.SignInFailed,
    ...(account ? { object: { kind: 'account', id: account.id } } : {}),
    ...(attempt.succeeded ? {} : { detail: { Login: attempt.login.trim().slice(0, 200) } }),
    address,
  });
}

export function createAccountService(
  repo: AccountRepository,
  config: AccountSettings,
  counters: MenuCounters = noCounters,
  clock: () => Date = () => new Date(),
  audit: AuditRecorder = noJournal,
) {
  const { session, loginThrottle } = config;

  return {
    /**
     * Checks the e-mail and password and opens a session. Every failure says only 'Неверный пароль'; an
     * attempt past its keys' free failures is refused with 429 before any check (`claimLoginAttempt`).
     */
    async login(email: string, password: string, address: string) {
      const now = clock();
      const account = await repo.findByEmail(email.trim());
      const attempt = await claimLoginAttempt(repo, loginThrottle, { email, address, account, now });
      const passwordHash = account?.passwordHash ?? (await decoyHash);
      const valid = await verifyPassword(passwordHash, password);
      if (!account?.passwordHash || !valid) {
        await journalSignIn(audit, { account, address, login: email, succeeded: false });
        throw new AppError(401, texts.wrongPassword);
      }
      await attempt.succeeded(account.id);
      const token = newSessionToken();
      await repo.insertSession({
        tokenHash: hashToken(token),
        accountId: account.id,
        expiresAt: new Date(now.getTime() + session.maxMs),
      });
      await journalSignIn(audit, { account, address, login: email, succeeded: true });
      const { passwordHash: _omitted, ...current } = account;
      return { token, account: current };
    },

    async logout(token: string | undefined) {
      if (token) await repo.deleteSession(hashToken(token));
    },

    /** The account behind a session cookie, or null; keeps the session alive while it is used. */
    async resolveSession(token: string | undefined): Promise<CurrentAccount | null> {
      if (!token) return null;
      const found = await repo.findLiveSession(hashToken(token), new Date(Date.now() - session.idleMs));
      if (!found) return null;
      if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
        await repo.touchSession(found.sessionId);
      const { passwordHash: _omitted, ...account } = found.account;
      return { ...account, sessionId: found.sessionId };
    },

    sessionInfo(account: Omit<CurrentAccount, 'sessionId'> | null): SessionInfo {
      if (!account) return { IsAuthenticated: false, IsOperator: false, Organization: null, FullName: null };
      return {
        IsAuthenticated: true,
        IsOperator: account.organization === null,
        Organization: account.organization
          ? { Id: account.organization.id, Name: account.organization.name }
          : null,
        FullName: account.fullName,
      };
    },

    /** Menu counters: trainees in the register (not deleted) and imports waiting for an operator. */
    async stats(): Promise<AccountStats> {
      const [InternsCount, PendingImportsCount] = await Promise.all([
        counters.internsCount(),
        counters.pendingImportsCount(),
      ]);
      return { InternsCount, PendingImportsCount };
    },

    /** With no accounts at all, creates the first operator (see `ensureFirstOperator`). */
    ensureFirstOperator: ensureFirstOperator.bind(null, repo, config),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
