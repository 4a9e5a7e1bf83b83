import { AuditAction, texts, type Operator, type OperatorRequest, type SearchQuery } from '@registry/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AuditRecorder } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { toPaged } from '../../lib/search.js';
import { generatePassword } from '../../lib/tokens.js';
import type { MailMessage, Mailer } from '../../mail/mailer.js';
import type { OperatorRepository, OperatorRow, OperatorValues } from './operator.repository.js';

/** What the accounts screen needs of the settings: the address the password letters link to. */
export interface OperatorSettings {
  publicUrl: string;
}

const accountNotFound = 'Учётная запись не найдена';

/** A second request for a password to the same address within this time sends nothing. */
export const RESEND_AFTER_MS = 30_000;
export const passwordJustSent = (email: string) =>
  `Новый пароль только что отправлен на ${email}: дождитесь письма. Следующий можно отправить через полминуты.`;

export const firstPasswordNotSent = (email: string) =>
  `Учётная запись создана, но письмо с паролем на ${email} отправить не удалось: отправьте пароль позже кнопкой «Сгенерировать пароль».`;

function toOperator(row: OperatorRow): Operator {
  return {
    Id: row.id,
    FullName: row.fullName,
    EmailAddress: row.emailAddress,
    Organization: row.organization ? { Id: row.organization.id, Name: row.organization.name } : null,
    MorningDigest: row.morningDigest,
  };
}

/** The letter that hands a new password to its owner: the only place the password ever leaves the server. */
export function passwordMail(account: OperatorRow, password: string, publicUrl: string): MailMessage {
  return {
    to: account.emailAddress,
    subject: 'Доступ к реестру стажёров',
    text: [
      `Здравствуйте, ${account.fullName}!`,
      '',
      `Для вас подготовлен доступ к реестру стажёров помощников кадастровых инженеров${
        account.organization ? ` как представителя ${account.organization.name}` : ''
      }.`,
      '',
      `Адрес: ${publicUrl}`,
      `Логин: ${account.emailAddress}`,
      `Пароль: ${password}`,
      '',
      'Ранее выданный пароль больше не действует.',
      'Если вы не ожидали этого письма, сообщите об этом оператору реестра.',
      '',
    ].join('\n'),
  };
}

/**
 * Gives the account a new random password, sent to its e-mail and stored only as a hash; its open
 * sessions end. The letter goes first: if it cannot be sent, the old password keeps working rather than
 * the account being left with a password nobody knows. The account stays locked meanwhile, and a request
 * that finds a password sent to the same address moments ago sends nothing: two clicks at once (or two
 * operators) must not mail two passwords of which only the last works.
 */
async function sendNewPassword(
  deps: { db: Db; repo: OperatorRepository; mailer: Mailer; config: OperatorSettings; audit: AuditRecorder },
  id: number,
  actor: Actor,
): Promise<void> {
  const { db, repo, mailer, config } = deps;
  await db.transaction(async (tx) => {
    const sent = await repo.lockForPassword(tx, id);
    if (!sent) throw new AppError(404, accountNotFound);
    const account = await repo.findById(id, tx);
    if (!account) throw new AppError(404, accountNotFound);
    if (
      sent.sentTo === account.emailAddress &&
      sent.sentAt !== null &&
      Date.now() - sent.sentAt.getTime() < RESEND_AFTER_MS
    ) {
      throw new AppError(409, passwordJustSent(account.emailAddress));
    }
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    try {
      await mailer.send(passwordMail(account, password, config.publicUrl));
    } catch (error) {
      throw Object.assign(
        new AppError(
          502,
          'Не удалось отправить письмо с паролем. Пароль не изменён, повторите попытку позже.',
        ),
        { cause: error },
      );
    }
    await repo.replacePassword(tx, id, passwordHash, account.emailAddress);
    await deps.audit.record(tx, actor, {
      action: AuditAction.PasswordGenerated,
      object: { kind: 'account', id },
      organizationId: account.organization?.id ?? null,
    });
  });
}

/** What an edit changes of an account, by the contract's names: the journal notes them. */
function changedProperties(before: OperatorRow, after: OperatorValues): string[] {
  const changed: string[] = [];
  if (before.fullName !== after.fullName) changed.push('FullName');
  if (before.emailAddress !== after.emailAddress) changed.push('EmailAddress');
  if ((before.organization?.id ?? null) !== after.organizationId) changed.push('Organization');
  return changed;
}

/**
 * Notes an account created (no `before`) or changed, in the transaction that writes it; an edit that changes
 * nothing is not noted. A representative made an operator, or moved to another SRO, is a change of role.
 */
async function journalAccount(
  audit: AuditRecorder,
  tx: Db,
  actor: Actor,
  change: { id: number; before: OperatorRow | null; after: OperatorValues },
) {
  const { id, before, after } = change;
  const object = { kind: 'account', id } as const;
  if (!before) {
    await audit.record(tx, actor, {
      action: AuditAction.AccountCreated,
      object,
      organizationId: after.organizationId,
    });
    return;
  }
  const changed = changedProperties(before, after);
  if (changed.length === 0) return;
  await audit.record(tx, actor, {
    action: changed.includes('Organization') ? AuditAction.RoleChanged : AuditAction.AccountChanged,
    object,
    organizationId: after.organizationId ?? before.organization?.id ?? null,
    detail: { Changed: changed },
  });
}

export function createOperatorService(
  db: Db,
  repo: OperatorRepository,
  mailer: Mailer,
  config: OperatorSettings,
  audit: AuditRecorder,
) {
  const passwordDeps = { db, repo, mailer, config, audit };
  async function findOrFail(id: number) {
    const row = await repo.findById(id);
    if (!row) throw new AppError(404, accountNotFound);
    return row;
  }

  async function toValues(request: OperatorRequest): Promise<OperatorValues> {
    const organizationId = request.Organization?.Id ?? null;
    if (organizationId !== null && !(await repo.organizationExists(organizationId))) {
      throw new AppError(400, texts.invalidRequest, ['«Organization»: СРО не найдено']);
    }
    const values = { fullName: request.FullName, emailAddress: request.EmailAddress, organizationId };
    return request.MorningDigest === undefined ? values : { ...values, morningDigest: request.MorningDigest };
  }

  /** Writes an account; an e-mail another account already logs in with is a 409. */
  async function save(values: OperatorValues, write: (tx: Db) => Promise<number>): Promise<Operator> {
    try {
      return toOperator(await findOrFail(await db.transaction(write)));
    } catch (error) {
      if (isUniqueViolation(error, 'accounts_email_lower_key')) {
        throw new AppError(409, `Учётная запись с адресом ${values.emailAddress} уже существует`);
      }
      throw error;
    }
  }

  return {
    async search(query: SearchQuery) {
      return toPaged(await repo.search(query.term, query.page), toOperator);
    },

    /** Creates the account and mails it its first password, so that its owner can log in at once. */
    async create(request: OperatorRequest, actor: Actor): Promise<Operator> {
      const values = await toValues(request);
      const created = await save(values, async (tx) => {
        const id = await repo.insert(values, tx);
        await journalAccount(audit, tx, actor, { id, before: null, after: values });
        return id;
      });
      try {
        await sendNewPassword(passwordDeps, created.Id, actor);
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 502) throw error;
        throw Object.assign(new AppError(502, firstPasswordNotSent(created.EmailAddress)), { cause: error });
      }
      return created;
    },

    async update(caller: Actor, id: number, request: OperatorRequest): Promise<Operator> {
      const before = await findOrFail(id);
      const values = await toValues(request);
      // Otherwise an operator could lock the last operator out by mistake, and nobody could undo it.
      if (id === caller.id && values.organizationId !== null) {
        throw new AppError(409, 'Нельзя лишить прав оператора собственную учётную запись');
      }
      return save(values, async (tx) => {
        if (!(await repo.update(id, values, tx))) throw new AppError(404, accountNotFound);
        await journalAccount(audit, tx, caller, { id, before, after: values });
        return id;
      });
    },

    /** Mails the account a new password (see `sendNewPassword`). */
    sendNewPassword: (id: number, actor: Actor) => sendNewPassword(passwordDeps, id, actor),
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
