import { labelled } from './statuses.js';

/*
 * The audit journal (issue #22): who looked at, exported and changed personal data. The codes are stored in
 * `audit_events.action`, so a code once used keeps its meaning; new actions take new codes.
 */

/** What was done. */
export const AuditAction = {
  SignIn: 1,
  SignInFailed: 2,
  PasswordGenerated: 3,
  AccountCreated: 4,
  AccountChanged: 5,
  RoleChanged: 6,
  InternsExported: 7,
  FileDownloaded: 8,
  RejectedRowsDownloaded: 9,
  CardOpened: 10,
  CardSaved: 11,
  InternDeleted: 12,
  InternRestored: 13,
  RowAccepted: 14,
  RowUndone: 15,
  JournalExported: 16,
  ChangeFileExported: 17,
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];
export const auditActions = labelled({
  1: 'Вход в систему',
  2: 'Неудачная попытка входа',
  3: 'Отправка нового пароля',
  4: 'Создание учётной записи',
  5: 'Изменение учётной записи',
  6: 'Изменение роли учётной записи',
  7: 'Выгрузка списка стажёров',
  8: 'Скачивание загруженного файла',
  9: 'Скачивание файла отклонённых строк',
  10: 'Просмотр карточки стажёра',
  11: 'Сохранение карточки стажёра',
  12: 'Удаление стажёра',
  13: 'Восстановление стажёра',
  14: 'Внесение строки импорта',
  15: 'Отмена внесения строки импорта',
  16: 'Выгрузка журнала',
  17: 'Выгрузка файла для изменений',
});

/** The role of the account that acted, when it acted; none for a sign-in attempt on an unknown login. */
export const AuditRole = { Operator: 0, Representative: 1 } as const;
export type AuditRole = (typeof AuditRole)[keyof typeof AuditRole];
export const auditRoles = labelled({ 0: 'Оператор', 1: 'Представитель СРО' });

/** What an action was done to: a trainee, an account, an import or a stored file. */
export const auditObjectKinds = {
  intern: 'Стажёр',
  account: 'Учётная запись',
  import: 'Импорт',
  file: 'Файл',
} as const;
export type AuditObjectKind = keyof typeof auditObjectKinds;
