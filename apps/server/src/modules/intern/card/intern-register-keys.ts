import { formatSnils, texts } from '@registry/shared';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import type { InternCardRepository } from './intern-card.repository.js';

/** The unique indexes of migration 0020: one SNILS, one trainee; an internship number once in its SRO. */
const SNILS_KEY = 'interns_snils_key';
const INTERNSHIP_NUMBER_KEY = 'internship_numbers_key';

/**
 * Runs the writes that give a trainee their SNILS and internship numbers (a save's projection, a restore)
 * and takes the trainee's numbers anew, in a savepoint. The database's unique indexes decide, so that two
 * operators or two app processes cannot both give one key to two trainees; the loser's refusal becomes a
 * 409 naming the trainee who holds the key. The savepoint is what lets the transaction still ask who that
 * is after the failed statement (PostgreSQL refuses every query of a failed transaction).
 */
export async function claimRegisterKeys(
  tx: Db,
  repo: InternCardRepository,
  trainee: { id: number; snils: string | null },
  write: (savepoint: Db) => Promise<unknown>,
): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      await write(savepoint);
      await repo.replaceNumbers(savepoint, trainee.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, SNILS_KEY)) throw await snilsTaken(tx, repo, trainee);
    if (isUniqueViolation(error, INTERNSHIP_NUMBER_KEY)) throw await internshipNumberTaken(tx, repo, trainee);
    throw error;
  }
}

async function snilsTaken(tx: Db, repo: InternCardRepository, trainee: { id: number; snils: string | null }) {
  const holder = trainee.snils ? await repo.snilsHolder(tx, trainee.snils, trainee.id) : null;
  // The holder may have been deleted or changed between the refusal and this read: the save still lost a race.
  if (!holder) return new AppError(409, texts.staleIntern);
  return AppError.namingIntern(409, texts.snilsTaken(formatSnils(trainee.snils!), holder.FullName), holder);
}

async function internshipNumberTaken(tx: Db, repo: InternCardRepository, trainee: { id: number }) {
  const holder = await repo.internshipNumberHolder(tx, trainee.id);
  if (!holder) return new AppError(409, texts.staleIntern);
  const { Id, FullName, number, organization } = holder;
  return AppError.namingIntern(409, texts.internshipNumberTaken(number ?? '', organization, FullName), {
    Id,
    FullName,
  });
}
