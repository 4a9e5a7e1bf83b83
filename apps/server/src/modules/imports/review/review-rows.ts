import { texts, type InternSectionKey } from '@registry/shared';
import type { Db } from '../../../db/client.js';
import type { Outbox } from '../../../mail/outbox.js';
import { AppError } from '../../../lib/app-error.js';
import type { InternMatchingService, InternService } from '../../intern/intern.service.js';
import type { SchoolService } from '../../school/school.service.js';
import type { ImportsService } from '../imports.service.js';
import type { RecordSections, RowSections } from './merge.js';
import type { ReviewRepository } from './review.repository.js';

/** What the review works with: its rows, and the imports and trainees modules through their services. */
export interface ReviewDeps {
  db: Db;
  repo: ReviewRepository;
  imports: ImportsService;
  interns: InternService;
  matching: InternMatchingService;
  schools: Pick<SchoolService, 'findSameName'>;
  outbox: Pick<Outbox, 'enqueueForImport'>;
}

export const reviewTexts = {
  changeNotFound: 'Запись импорта не найдена',
  alreadyHandled: 'Эта запись уже обработана: обновите страницу импорта',
  importRejected: 'Импорт отклонён: его записи больше не обрабатываются',
  requisitesMissing:
    'У импорта не указаны входящий номер и дата: укажите их (карандаш в карточке импорта), они станут основанием изменений',
  internDeleted: 'Стажёр удалён из реестра: восстановите его или выберите другого стажёра',
  newWithExisting: 'Новый стажёр не может содержать записей существующего стажёра',
  rowWithoutData: 'Запись импорта не содержит данных для сравнения',
  handledBy: (name: string) => `Эта запись уже обработана оператором ${name}`,
  claimedBy: (name: string, until: string) =>
    `Эту запись сейчас обрабатывает ${name} (до ${until} МСК): её можно открыть для просмотра или забрать`,
} as const;

/** The sections a row speaks of, in the card's terms. */
const reviewedSections: InternSectionKey[] = [
  'PersonalInfo',
  'Supervisors',
  'Internships',
  'InternshipSteps',
];

export const emptyRecord: RecordSections = {
  PersonalInfo: [],
  Supervisors: [],
  Internships: [],
  InternshipSteps: [],
};

/**
 * Whether a stored row holds its sections. The column is JSON text the database cannot type: the reader
 * stores a row's four sections as the shared schemas shape them (reader/row-reader.ts), and a row with none
 * has nothing to compare.
 */
const hasSections = (data: Record<string, unknown>): data is RowSections => Boolean(data.PersonalInfo);

/** A row of the import with its four sections; another import's row is not found. */
export async function findChange(deps: ReviewDeps, importId: number, changeId: number) {
  const change = await deps.repo.findChange(importId, changeId);
  if (!change) throw new AppError(404, reviewTexts.changeNotFound);
  if (!hasSections(change.data)) throw new AppError(409, reviewTexts.rowWithoutData);
  return { ...change, sections: change.data };
}

/** The trainee's current four sections, and the card's version they were read at. */
export async function recordOf(deps: ReviewDeps, internId: number) {
  const found = await deps.interns.sectionsOf(internId, reviewedSections);
  if (!found) throw new AppError(404, texts.internNotFound);
  const sections: RecordSections = found.sections;
  return { version: found.intern.version, sections };
}
