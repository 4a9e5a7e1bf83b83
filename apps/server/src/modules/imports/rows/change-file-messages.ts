import { countRu, rowForms, type PluralForms } from '@registry/shared';

/*
 * What the change-file reader tells a clerk, in one place so that tests and later screens quote the same
 * words. A refusal says what the file is and how to fix it; a cell problem is written after
 * `Строка 12, «СНИЛС»: ` and so starts with a small letter.
 */

// «его» for a file, «её» for a book or a table: the advice follows the word it is said of.
const saveAsXlsx = (it: 'его' | 'её') => `откройте ${it} в Excel и сохраните как «Книга Excel (.xlsx)»`;
const rows = rowForms;
const columns: PluralForms = ['столбец', 'столбца', 'столбцов'];
const errors: PluralForms = ['ошибка', 'ошибки', 'ошибок'];
const values: PluralForms = ['значение', 'значения', 'значений'];

export const fileMessages = {
  empty: 'Файл пустой (0 байт): выберите файл с заполненным шаблоном',
  tooLarge: (sizeMb: string, limitMb: number) =>
    `Файл занимает ${sizeMb} МБ, а допускается не более ${limitMb} МБ: разделите строки на несколько файлов`,
  notExcel: (fileName: string, what: string) =>
    `Файл «${fileName}» не является книгой Excel — это ${what}: ${saveAsXlsx('его')}`,
  macros:
    'Книга с макросами (.xlsm) не принимается: откройте её в Excel и сохраните как «Книга Excel (.xlsx)» — макросы при этом отбросятся',
  binaryWorkbook: `Двоичная книга Excel (.xlsb) не поддерживается: ${saveAsXlsx('её')}`,
  openDocument: 'Таблица OpenDocument (.ods) не поддерживается: сохраните её как «Книга Excel (.xlsx)»',
  spreadsheetXml: `XML-таблица Excel 2003 не поддерживается: ${saveAsXlsx('её')}`,
  oldExcel: `Книга старого формата Excel (до Excel 97) не поддерживается: ${saveAsXlsx('её')}`,
  encrypted:
    'Книга защищена паролем: откройте её в Excel, снимите пароль (Файл → Сведения → Защитить книгу → Зашифровать с использованием пароля) и сохраните',
  damaged: `Файл повреждён и не читается: ${saveAsXlsx('его')}; если Excel его не откроет, выгрузите данные заново`,
  unpackedTooLarge: (sizeMb: string, limitMb: number) =>
    `После распаковки книга заняла бы ${sizeMb} МБ при допустимых ${limitMb} МБ — так устроены «zip-бомбы», файл отклонён. Удалите из книги лишнее (картинки, другие листы) и сохраните её заново`,
  unsafeXml:
    'Книга содержит XML-объявления (DTD), которых не бывает в файлах Excel, и отклонена как небезопасная: откройте её в Excel и сохраните заново',
  noSheets: 'В книге нет ни одного листа: заполните лист «Данные» по шаблону',
  noDataSheet: 'Лист «Данные» не является таблицей (это диаграмма или макрос): заполните его по шаблону',
  /** No sheet «Данные», and the first sheet, read in its place, is a chart, a dialog or macros. */
  firstSheetNotTable:
    'В книге нет листа «Данные», а её первый лист — не таблица (это диаграмма, диалоговое окно или макрос): добавьте лист «Данные» и заполните его по шаблону',
  tooManyRows: (count: number, limit: number) =>
    `На листе ${countRu(count, rows)}, а допускается не более ${countRu(limit, rows)} данных: разделите их на несколько файлов`,
  /** The sheet's own account of its size, which counts empty rows that kept their formatting. */
  sheetTooTall: (count: number, limit: number) =>
    `Лист занимает ${countRu(count, rows)}, а допускается не более ${countRu(limit, rows)} данных: если данных меньше, удалите пустые строки под таблицей (в них осталось оформление, и Excel считает их занятыми), иначе разделите данные на несколько файлов`,
  rowBeyondLimit: (row: number, limit: number) =>
    `На листе заполнена строка ${row}, а допускается не более ${countRu(limit, rows)} данных под заголовком: разделите их на несколько файлов`,
  columnBeyondLimit: (column: string, limit: number) =>
    `На листе заполнен столбец ${column}, а допускается не более ${limit} столбцов: удалите лишние столбцы`,
  tooManyColumns: (count: number, limit: number) =>
    `Лист занимает ${countRu(count, columns)}, а допускается не более ${limit}: удалите лишние столбцы, в том числе пустые с оформлением справа от таблицы`,
  cellTextTooLong: (row: number, column: string, limit: number) =>
    `Строка ${row}, столбец ${column}: в ячейке больше ${limit.toLocaleString('ru-RU')} символов — больше, чем вмещает ячейка Excel, файл отклонён: сократите текст и загрузите файл снова`,
  /** The shared-string table past its bounds (formats/xlsx-shared-strings.ts), refused while it is read. */
  tooManyTexts: (count: number, characters: number) =>
    `В книге больше ${count.toLocaleString('ru-RU')} разных текстов или больше ${characters.toLocaleString('ru-RU')} символов в них — больше, чем бывает в файле изменений, файл отклонён: удалите из книги другие листы и лишние данные и сохраните её заново`,
  noHeader:
    'Не найдена строка заголовков: в первых десяти строках листа нет строки со столбцами «Фамилия» и «СНИЛС». Заполните файл по шаблону',
  missingColumn: (header: string) => `Нет обязательного столбца «${header}»`,
  duplicateColumn: (header: string, columns: string[]) =>
    `Столбец «${header}» встречается несколько раз (${columns.join(', ')}): оставьте один`,
  noRows: 'В файле нет строк с данными: заполните строки под заголовками',
  timeout: (seconds: number) =>
    `Файл не удалось прочитать за ${seconds} с, чтение остановлено: разделите строки на несколько файлов или сохраните книгу заново как .xlsx`,
  outOfMemory: (limitMb: number) =>
    `Для чтения файла не хватило отведённой памяти (${limitMb} МБ): разделите строки на несколько файлов или удалите из книги лишнее`,
  moreProblems: (count: number) =>
    `…и ещё ${countRu(count, errors)}: исправьте перечисленные и загрузите файл снова`,
};

export const cellMessages = {
  registerIdNotOurs: (id: number) =>
    `стажёр № ${id} не найден среди стажёров СРО в реестре: строка может быть из файла другой СРО, ` +
    'или стажёр удалён из реестра',
  registerId: (text: string) =>
    `«${text}» — не номер стажёра в реестре: этот столбец заполняет реестр при выгрузке, не меняйте его`,
  required: 'обязательное поле не заполнено',
  snilsDigits: (text: string) => `СНИЛС «${text}» — ожидается 11 цифр, например 112-233-445 95`,
  snilsChecksum: 'неверная контрольная сумма',
  date: (text: string) => `«${text}» — ожидается дата ДД.ММ.ГГГГ`,
  noSuchDate: (text: string) => `«${text}» — такой даты нет`,
  flag: (text: string) => `«${text}» — ожидается «Да» или «Нет»`,
  status: (text: string) =>
    `«${text}» — ожидается статус: Проводится, Приостановлена, Прекращена или Завершена`,
  employment: (text: string) => `«${text}» — ожидается «ИП» или «Работник юридического лица»`,
  wholeNumber: (text: string) => `«${text}» — ожидается целое число`,
  digits: (text: string) => `«${text}» — ожидаются только цифры`,
  passportSeries: (text: string) => `«${text}» — ожидается 4 цифры серии (## ##)`,
  passportNumber: (text: string) => `«${text}» — ожидается 6 цифр номера (### ###)`,
  educationCode: (text: string) => `«${text}» — ожидается код специальности вида 21.02.03`,
  requisitesDate: (text: string) => `«${text}» — неверная дата документа, ожидается ДД.ММ.ГГГГ`,
  formulaError: (code: string) => `ошибка формулы ${code} — исправьте формулу или впишите значение`,
  birthInFuture: 'дата рождения ещё не наступила',
  age: (years: number) => `возраст ${years} — ожидается от 16 до 100 лет`,
  issuedBeforeBirth: 'паспорт выдан раньше даты рождения',
  beforeStart: 'раньше даты начала стажировки',
  beforePause: 'раньше даты приостановления',
  beforeStepStart: 'раньше даты начала этапа',
  passedWithoutEnd: 'этап отмечен пройденным, но не указана дата его окончания',
  reasonRequired: 'обязательно при статусе «Прекращена»',
  supervisorRequired: 'обязательно, когда заполнены сведения о руководителе',
  juridicalNameRequired: 'обязательно для работника юридического лица',
  pauseDateRequired: 'обязательно, когда заполнены сведения о приостановлении',
  resumeDateRequired: 'обязательно, когда заполнены сведения о возобновлении',
  notInDictionary: (value: string, dictionary: string, count: number, closest: string | null) =>
    count === 0
      ? `«${value}» нет в справочнике ${dictionary}: справочник пуст, его заполняет оператор`
      : `«${value}» нет в справочнике ${dictionary} (в нём ${countRu(count, values)}` +
        (closest ? `; ближайшее — «${closest}»)` : ')'),
  duplicateSnils: (row: number) => `такой же СНИЛС в строке ${row}`,
  duplicateRegistryNumber: (row: number) => `такой же номер стажировки в строке ${row}`,
};

export const noticeMessages = {
  unknownHeader: (header: string) => `Столбец «${header}» не входит в шаблон и не прочитан`,
  schoolWillBeAdded: (name: string) => `Учебное заведение «${name}» будет добавлено в справочник`,
  schoolUnknown: (name: string) =>
    `Учебного заведения «${name}» нет в справочнике: название сохранено как текст, выберите заведение при обработке`,
  // A pre-filled file whose keys cannot be trusted: its rows are still keyed by «Номер в реестре», but each is
  // compared with the register now only, so an operator should know a change made since is not told apart.
  keysMissing:
    'В файле нет скрытого листа «Ключи» выгрузки: строки сопоставлены по «Номер в реестре», изменения в реестре после выгрузки не выделены',
  keysUnverified:
    'Скрытый лист «Ключи» изменён или относится к другой выгрузке: строки сопоставлены по «Номер в реестре», изменения в реестре после выгрузки не выделены',
};

/** `Строка 12, «СНИЛС»: неверная контрольная сумма` — one line of a file's problems. */
export function cellProblem(row: number, header: string, message: string): string {
  return `Строка ${row}, «${header}»: ${message}`;
}

/** Why the reader refused a whole file. */
export type RefusalKind = 'file-type' | 'too-large' | 'content';

/** Thrown anywhere in the reader to refuse the whole file; the reader turns it into its `ok: false` result. */
// «Every problem at once», within reason: a file with an error in every cell would otherwise answer with
// hundreds of thousands of lines. The clerk fixes the first thousand and sees the rest on the next upload.
export const MAX_PROBLEM_LINES = 1000;

export class ChangeFileRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly problems: string[],
    /** What went wrong inside, for the log; never shown to the clerk. */
    readonly detail?: string,
  ) {
    super(problems.join('\n'));
    this.name = 'ChangeFileRefusal';
  }
}

/** Refuses the file as damaged; `detail` says why, for the log. */
export function damaged(detail: string): ChangeFileRefusal {
  return new ChangeFileRefusal('content', [fileMessages.damaged], detail);
}
