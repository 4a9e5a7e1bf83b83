import { z } from 'zod';
import { texts } from '../texts.js';
import { IdSchema } from './common.js';
import { NamedRefSchema, nullableDate } from './fields.js';

/*
 * Statistics per SRO for a period (docs/screens.md#statistics; `GET /api/v1/stats/organizations` and
 * `/export`, docs/api.md#the-calls). What each figure counts is written in docs/statistics.md.
 */

const requiredDate = nullableDate.refine((value) => value !== null, texts.required);

/** The statistics form and query: the period (both days included) and, optionally, one SRO. */
export const StatsQuerySchema = z
  .object({
    from: requiredDate,
    to: requiredDate,
    org: z
      .union([z.literal(''), IdSchema])
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: texts.periodReversed,
    path: ['to'],
  });
export type StatsQuery = z.input<typeof StatsQuerySchema>;

/** The register's figures and the reviewers' (beyond the specification) of one SRO, or of all of them. */
const figures = {
  /** Internships begun in the period. */
  Accepted: z.number().int(),
  /** Pauses begun in the period. */
  Paused: z.number().int(),
  /** Internships 'Прекращена' whose end falls in the period. */
  Terminated: z.number().int(),
  /** Internships 'Завершена' whose end falls in the period. */
  Completed: z.number().int(),
  /** Trainees whose next internship, begun in the period, is in another SRO. */
  Migrated: z.number().int(),
  /** Change files uploaded in the period, and what became of them. */
  FilesReceived: z.number().int(),
  RowsReceived: z.number().int(),
  RowsAccepted: z.number().int(),
  RowsRejected: z.number().int(),
  FilesRejected: z.number().int(),
  /** The median time from an upload to its last row handled, in hours; null when none was handled. */
  MedianHandlingHours: z.number().nullable(),
  /** Files handled after their deadline, or still waiting past it. */
  PastDeadline: z.number().int(),
};

export const OrganizationStatsSchema = z.object({ Organization: NamedRefSchema, ...figures });
export type OrganizationStats = z.infer<typeof OrganizationStatsSchema>;

export const StatsResultSchema = z.object({
  From: z.string(),
  To: z.string(),
  /** The SRO asked for, or null for all. */
  Organization: NamedRefSchema.nullable(),
  Rows: z.array(OrganizationStatsSchema),
  Totals: z.object(figures),
});
export type StatsResult = z.infer<typeof StatsResultSchema>;

/** The columns of the table and of its export, with their Russian headers, in order. */
export const statsColumns = [
  ['Accepted', 'Принято на стажировку'],
  ['Paused', 'Приостановлено'],
  ['Terminated', 'Прекращено'],
  ['Completed', 'Завершено'],
  ['Migrated', 'Перешли в другое СРО'],
  ['FilesReceived', 'Получено файлов'],
  ['RowsReceived', 'Получено строк'],
  ['RowsAccepted', 'Внесено строк'],
  ['RowsRejected', 'Отклонено строк'],
  ['FilesRejected', 'Отклонено файлов целиком'],
  ['MedianHandlingHours', 'Медианное время обработки, ч'],
  ['PastDeadline', 'Просрочено'],
] as const satisfies readonly (readonly [keyof typeof figures, string])[];
