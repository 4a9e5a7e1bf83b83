import { countRu, recordForms } from '@registry/shared';

/*
 * The words of the row review (docs/screens.md#row-processing, docs/screens.md#row-warnings), in one place
 * for the screen and its tests.
 */

export const reviewTexts = {
  newInternTitle: 'Внесение нового стажёра',
  asNew: 'Как новый',
  otherIntern: 'Другой стажёр',
  findIntern: 'Найти стажёра вручную',
  automatic: 'Сопоставить автоматически',
  chooseTitle: 'Выбор стажёра',
  chooseLabel: 'ФИО или СНИЛС стажёра',
  choose: 'Изменить',
  internshipChoice: 'Стажировка, в которую внести запись',
  internshipChoiceHint:
    'Номер стажировки в файле не указывает, какая из стажировок стажёра в СРО имеется в виду',
  save: 'Сохранить',
  reject: 'Отклонить',
  rejectTitle: 'Отклонение записи',
  next: 'Следующая запись',
  toImport: 'Вернуться к импорту',
  goNext: 'Перейти к следующему',
  savedTitle: 'Изменения успешно внесены',
  rejectedTitle: 'Изменения успешно отклонены',
  previousValue: (value: string) => `Предыдущее значение: ${value}`,
  wasEmpty: 'Поле ранее не заполнено',
  keep: 'В реестре',
  take: 'Из файла',
  correct: 'Исправить',
  corrected: (value: string) => `Исправлено: ${value || '—'}`,
  include: 'Внести запись',
  newRecord:
    'Стажёр в реестре не найден: сведения строки будут внесены в реестр отдельной записью о новом стажёре.',
  noData: 'В файле нет сведений для этого раздела',
  noChanges: 'Изменений нет',
  loadFailed: 'Не удалось загрузить запись импорта',
  // The register refuses a second holder of an SRO's internship number (docs/row-review.md «The register's two keys»).
  conflictingIntern: (isNew: boolean) =>
    [
      'Регистрационный номер стажировки из файла в этом СРО принадлежит стажёру ',
      `: запись нельзя внести ${isNew ? 'как нового стажёра' : 'в этого стажёра'}. Сравните её с ним, исправьте номер или отклоните запись.`,
    ] as const,
  compareWithHolder: 'Сравнить с этим стажёром',
  foundByFullName: 'Существующий стажёр найден по ФИО. Возможно совпадение.',
  conflictingOrganization: (name: string) =>
    `У данного стажёра имеется действующая стажировка в другом СРО: ${name}.`,
  candidates: 'Возможные совпадения',
  compare: 'Сравнить',
  noRequisites:
    'У импорта не заполнены входящие реквизиты. Они станут документом-основанием изменений в реестре: заполните их, чтобы сохранить запись.',
  fillRequisites: 'Заполнить реквизиты',
  importRejected: 'Импорт отклонён: записи его не вносятся в реестр и не отклоняются по одной.',
  deletedIntern: 'Стажёр удалён из реестра: изменения будут внесены в карточку удалённого стажёра.',
  needsDecision: 'Требуется решение',
  takeFromFile: 'Принять из файла',
  keepFromRegister: 'Оставить из реестра',
  takeAllFromFile: 'Принять всё из файла',
  unknownSchool: (name: string) =>
    `Учебного заведения «${name}» нет в справочнике: выберите заведение из справочника, добавьте это в справочник или оставьте без учебного заведения.`,
  schoolTitle: 'Учебное заведение',
  schoolPicker: 'Учебное заведение из справочника',
  addSchool: 'Добавить в справочник',
  leaveWithoutSchool: 'Оставить без учебного заведения',
  keepRegisterSchool: 'Оставить как в реестре',
  schoolChosen: (name: string) => `Будет сохранено: ${name}`,
  noSchool: 'Учебное заведение не будет указано',
  schoolDecision: 'учебное заведение',
  takeOver: 'Забрать',
  undo: 'Отменить',
  noneFree: 'Других свободных записей в импорте нет: остальные обрабатывают другие операторы.',
  startProcessing: 'Начать обработку',
  noFreeToStart: 'Свободных записей нет: все ожидающие записи сейчас обрабатывают другие операторы.',
  // A pre-filled file's row read three ways (docs/row-review.md, «Since the download»).
  conflictSinceExport: (day: string, fields: string) =>
    `Конфликт: после выгрузки файла ${day} и файл, и реестр изменили ${fields}. Пока решение не принято, остаётся значение реестра.`,
  changedInRegister: (day: string, fields: string) =>
    `Изменено в реестре после выгрузки файла ${day}: ${fields}. Файл эти поля не менял, остаются значения реестра.`,
  clearedInFile: (fields: string) =>
    `Файл очистил ${fields}. Пустая ячейка сама ничего не удаляет: значения реестра сохранены. Чтобы удалить значение, выберите пустое значение из файла.`,
  changedInRegisterMark: 'изменено в реестре после выгрузки',
  clearedMark: 'очищено в файле',
  conflictMark: 'Конфликт',
  identityChanged: (fields: string) =>
    `Файл меняет сведения, по которым узнают стажёра: ${fields}. Пока решение не принято, остаётся значение реестра.`,
} as const;

/** Why 'Сохранить' is unavailable: the decisions the row still waits for. */
export function saveBlockedText(fields: string[]): string {
  return `Чтобы сохранить запись, примите решение: ${fields.join(', ')}.`;
}

/** The counts of an import's rows that say where its review stands. */
type ImportCounts = { RowCount: number; PendingCount: number; RejectedCount: number; UnchangedCount: number };

/**
 * 'обработка записи [ 3 / 10 ]': the row's place among the rows handled so far, counting this one, of the rows
 * to review (the unchanged ones are not).
 */
export function progressText({
  RowCount,
  PendingCount,
  UnchangedCount,
}: Omit<ImportCounts, 'RejectedCount'>) {
  const toReview = RowCount - UnchangedCount;
  return `обработка записи [ ${toReview - PendingCount + 1} / ${toReview} ]`;
}

/**
 * Times on the review are Moscow's, where the registry works (docs/screens.md#formats-and-constants); the
 * zone is said, since the operator's own may be another.
 */
export const moscowZone = 'МСК';

/** 'Обрабатывает Петрова Анна Сергеевна до 14:32 МСК': another operator's claim on the row. */
export function claimedText(operatorName: string, until: string): string {
  return `Обрабатывает ${operatorName} до ${until} ${moscowZone}. Запись открыта только для просмотра.`;
}

/** A decision the screen could not make: someone else handled or holds the row; the screen moved on. */
export function lostRaceText(rowNumber: number, reason: string, hasMovedOn: boolean): string {
  // The refusal's advice after a colon (open it to view, refresh the import) is not the moved-on screen's.
  const said = `Строка ${rowNumber}: ${reason.replace(/:\s.*$/, '').replace(/[.\s]+$/, '')}.`;
  return `${said} ${hasMovedOn ? 'Открыта следующая свободная запись.' : reviewTexts.noneFree}`;
}

/** The short confirmation on the next row: what was done to the previous one. */
export function doneText(kind: 'saved' | 'rejected', name: string): string {
  return `${kind === 'saved' ? 'Внесено в реестр' : 'Отклонено'}: ${name}`;
}

/**
 * The last message of an import: how many of its rows were accepted and rejected, and were unchanged when any
 * were (neither accepted nor waiting), or who holds the rest.
 */
export function finalText(progress: ImportCounts): string {
  const accepted =
    progress.RowCount - progress.PendingCount - progress.RejectedCount - progress.UnchangedCount;
  const unchanged =
    progress.UnchangedCount > 0 ? `, без изменений — ${countRu(progress.UnchangedCount, recordForms)}` : '';
  const counts = `внесено в реестр — ${countRu(accepted, recordForms)}, отклонено — ${countRu(progress.RejectedCount, recordForms)}${unchanged}`;
  if (progress.PendingCount === 0) return `Все записи импорта обработаны: ${counts}.`;
  // The operators are who process, whatever the count of the rows: «обрабатывают» agrees with them.
  return `Свободных записей больше нет: ${counts}; другие операторы обрабатывают ещё ${countRu(progress.PendingCount, recordForms)}.`;
}

/** Who handled a row and when, and why it was rejected. */
export function handledText(
  status: 'finished' | 'rejected',
  by: string | null,
  at: string,
  reason: string | null,
): string {
  const who = [by, at].filter(Boolean).join(', ');
  if (status === 'finished') return `Запись уже внесена в реестр${who ? `: ${who}` : ''}.`;
  return `Запись отклонена${who ? `: ${who}` : ''}.${reason ? ` Основание: ${reason}` : ''}`;
}
