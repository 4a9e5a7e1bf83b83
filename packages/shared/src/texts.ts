import { charactersAfterLimit, countRu, partForms, pluralRu } from './format/plural.js';

/** What a capped list shows (accusative): 'первые 20 страниц', 'первую 1 страницу'. */
const firstPages = (pages: number) =>
  `${pluralRu(pages, ['первую', 'первые', 'первые'])} ${countRu(pages, ['страницу', 'страницы', 'страниц'])}`;

/** What a capped list shows (nominative): 'Показаны первые 20 страниц', 'Показана первая 1 страница'. */
const shownFirstPages = (pages: number) =>
  `${pluralRu(pages, ['Показана первая', 'Показаны первые', 'Показаны первые'])} ${countRu(pages, ['страница', 'страницы', 'страниц'])}`;

/**
 * Russian texts that both the server and the web show. Screen-only texts live with their screens;
 * whatever two places must say identically lives here.
 */
export const texts = {
  appTitle: 'Реестр стажёров',
  appFullTitle: 'Реестр стажёров помощников кадастровых инженеров',
  required: 'Данное поле обязательно для заполнения',
  invalidEmail: 'Неверный адрес электронной почты',
  tooLong: (max: number) => `Не более ${countRu(max, charactersAfterLimit)}`,
  wrongPassword: 'Неверный пароль',
  loginThrottled: 'Слишком много неудачных попыток входа. Повторите попытку позже.',
  notAuthenticated: 'Требуется вход в систему',
  forbidden: 'Недостаточно прав для выполнения операции',
  notFound: 'Запрошенный ресурс не найден',
  invalidRequest: 'Проверьте правильность заполнения полей',
  invalidId: 'Ожидается номер записи: целое положительное число',
  invalidPage: 'Ожидается номер страницы: целое число от 0 до 100000',
  periodReversed: 'Дата окончания периода раньше даты начала',
  organizationNotFound: 'СРО не найдено',
  changeFileOrganizationRequired: 'Выберите СРО, стажёров которой выгрузить в файл для изменений',
  changeFilePartMissing: (part: number, parts: number) =>
    `Части ${part} файла для изменений нет: стажёры СРО помещаются в ${countRu(parts, partForms)}`,
  /** What narrows a capped list's query (`listPagesBeyond`, `listCapped`), list by list. */
  narrowTrainees: 'фамилию, имя или СНИЛС',
  narrowDocuments: 'номер документа, СРО или период',
  narrowProtocols: 'номер протокола или СРО',
  listPagesBeyond: (pages: number, narrowBy: string) =>
    `Список показывает ${firstPages(pages)}: уточните запрос — ${narrowBy}`,
  listCapped: (pages: number, narrowBy: string) =>
    `${shownFirstPages(pages)} списка: уточните запрос — ${narrowBy}`,
  /** PostgreSQL cannot store the character, and no honest text has it. */
  nulCharacter: 'Текст не может содержать нулевой символ (U+0000)',
  inputTooDeep: (levels: number) =>
    `Данные запроса вложены слишком глубоко: допускается не более ${countRu(levels, ['уровня', 'уровней', 'уровней'])}`,
  crossSiteRefused: 'Запрос отклонён: он отправлен не со страницы реестра',
  unexpectedErrorTitle: 'Произошла непредвиденная ошибка',
  unexpectedErrorText: 'При выполнении операции произошла непредвиденная ошибка',
  errorCode: 'Код ошибки',
  underConstruction: 'Раздел в разработке',
  listLoadFailed: 'Не удалось загрузить список',
  /** The titles of the error dialog, by operation (docs/screens.md#titles-by-operation). */
  errorTitles: {
    save: 'При сохранении данных произошла ошибка',
    export: 'При экспорте произошла ошибка',
    restore: 'При восстановлении произошла ошибка',
    remove: 'При удалении произошла ошибка',
    reject: 'При отклонении произошла ошибка',
    saveRow: 'При сохранении произошла ошибка',
  },
  /**
   * Notices on an internship entry (docs/screens.md#notices-on-an-internship), by the flag that raises them.
   */
  internshipNotices: {
    IsEmpty: 'Данная запись содержит минимальную информацию о стажировке.',
    IsCumulative:
      'Для данного КИ не удалось однозначно распознать информацию о стажировке. Данная запись содержит объединённые данные по всем стажировкам.',
  },
  invalidName: 'Допустимы буквы, пробел, дефис и апостроф',
  invalidDate: 'Неверная дата',
  invalidTime: 'Неверное время: ожидается ЧЧ:ММ',
  invalidSnilsFormat: 'СНИЛС состоит из 11 цифр: ###-###-### ##',
  invalidSnilsChecksum: 'Неверная контрольная сумма СНИЛС',
  invalidPassportSeries: 'Серия паспорта: 4 цифры (## ##)',
  invalidPassportNumber: 'Номер паспорта: 6 цифр (### ###)',
  wholeNumber: 'Ожидается целое неотрицательное число',
  internNotFound: 'Стажёр не найден',
  internNotAsOf: 'На эту дату стажёра в реестре ещё не было',
  staleIntern:
    'Карточку стажёра уже сохранил другой пользователь. Ваши изменения не сохранены: обновите карточку и внесите их снова.',
  versionRequired: 'Не указана версия карточки, от которой сделаны изменения',
  nothingToSave: 'Нет изменений для сохранения',
  personalInfoRequired: 'Заполните персональные данные стажёра',
  editingInCorrection: 'Редактирование невозможно в режиме корректировки',
  correctingInEditing: 'Корректировка невозможна в режиме редактирования',
  addingInCorrection: 'Добавление записей невозможно в режиме корректировки',
  removingInCorrection: 'Удаление записей невозможно в режиме корректировки',
  entryNotFound: (section: string, id: number) => `Запись ${id} не найдена в разделе «${section}»`,
  unknownReference: (what: string, id: number) => `${what} с кодом ${id} не найдено в справочнике`,
  snilsTaken: (snils: string, fullName: string) =>
    `СНИЛС ${snils} уже принадлежит стажёру ${fullName}: у одного СНИЛС в реестре один стажёр`,
  openNamedIntern: (fullName: string) => `Открыть карточку стажёра ${fullName} (в новой вкладке)`,
  internshipNumberTaken: (number: string, organization: string, fullName: string) =>
    `Регистрационный номер стажировки ${number} в СРО «${organization}» уже принадлежит стажёру ${fullName}: номер в СРО не повторяется`,
  /**
   * A row's SNILS another trainee holds, said on the row ('Как новый', a chosen trainee): the parts of the
   * sentence before and after the holder's name, which the screen links to their card.
   */
  rowSnilsTaken: [
    'СНИЛС из файла уже принадлежит стажёру ',
    ': запись с этим СНИЛС не сохранить. Сравните её с этим стажёром, исправьте СНИЛС или отклоните запись.',
  ] as const,
  /** Why 'Сохранить' waits on a row the register would refuse (docs/row-review.md «The register's two keys»). */
  rowRefusal: (key: 'snils' | 'internshipNumber', fullName: string) =>
    `Запись не сохранить: ${key === 'snils' ? 'СНИЛС' : 'регистрационный номер стажировки'} из файла уже принадлежит стажёру ${fullName}.`,
  /** An upload's state while the server checks its file (GET /imports/uploads/{uploadId}). */
  uploadStates: { queued: 'Файл в очереди на проверку', checking: 'Файл проверяется…' },
  invalidUploadId: 'Ожидается идентификатор загрузки: UUID',
  uploadIdInUse: 'Загрузка с этим идентификатором уже идёт',
  /** The same change file (the same bytes) uploaded again for the same SRO; `when` as the screens show it. */
  duplicateUpload: (importId: number, when: string) =>
    `Этот файл уже загружен для СРО: импорт № ${importId} от ${when}. Повторная загрузка того же файла отклонена.`,
  auditUnknownAction: 'Неизвестное действие журнала',
  auditBadCursor: 'Неверная отметка страницы журнала: откройте журнал с первой страницы',
  registryNumberFormat: 'Номер в государственном реестре СРО — три цифры, например 007',
} as const;
