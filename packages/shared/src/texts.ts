/**
 * Russian texts that both the server and the web show. Screen-only texts live with their screens;
 * whatever two places must say identically lives here.
 */
export const texts = {
  appTitle: 'Реестр стажёров',
  appFullTitle: 'Реестр стажёров помощников кадастровых инженеров',
  required: 'Данное поле обязательно для заполнения',
  invalidEmail: 'Неверный адрес электронной почты',
  tooLong: (max: number) => `Не более ${max} символов`,
  wrongPassword: 'Неверный пароль',
  loginThrottled: 'Слишком много неудачных попыток входа. Повторите попытку позже.',
  notAuthenticated: 'Требуется вход в систему',
  forbidden: 'Недостаточно прав для выполнения операции',
  notFound: 'Запрошенный ресурс не найден',
  invalidRequest: 'Проверьте правильность заполнения полей',
  crossSiteRefused: 'Запрос отклонён: он отправлен не со страницы реестра',
  unexpectedErrorTitle: 'Произошла непредвиденная ошибка',
  unexpectedErrorText: 'При выполнении операции произошла непредвиденная ошибка',
  errorCode: 'Код ошибки',
  underConstruction: 'Раздел в разработке',
  invalidName: 'Допустимы буквы, пробел, дефис и апостроф',
  invalidDate: 'Неверная дата',
  invalidTime: 'Неверное время: ожидается ЧЧ:ММ',
  invalidSnilsFormat: 'СНИЛС состоит из 11 цифр: ###-###-### ##',
  invalidSnilsChecksum: 'Неверная контрольная сумма СНИЛС',
  invalidPassportSeries: 'Серия паспорта: 4 цифры (## ##)',
  invalidPassportNumber: 'Номер паспорта: 6 цифр (### ###)',
  wholeNumber: 'Ожидается целое неотрицательное число',
  registryNumberFormat: 'Номер в государственном реестре СРО — три цифры, например 007',
} as const;
