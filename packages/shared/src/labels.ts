import type { InternSectionKey } from './enums/intern-sections.js';

/*
 * Russian labels of the trainee fields, by section and field path ('Passport.Series'). The card's forms, the
 * full export and the review of import rows all name fields by these, so that a field is called the same
 * everywhere.
 */

const requisites = (prefix: string, title: string) => ({
  [`${prefix}.Number`]: `${title}: номер`,
  [`${prefix}.Date`]: `${title}: дата`,
  [`${prefix}.UnstructuredValue`]: `${title}: текст`,
});
const contacts = (prefix: string) => ({
  [`${prefix}.PhoneNumber`]: 'Телефон',
  [`${prefix}.PostalAddress`]: 'Почтовый адрес',
  [`${prefix}.EmailAddress`]: 'Адрес электронной почты',
});
const step = (key: string, title: string) => ({
  [`${key}.StartedAt`]: `${title}: дата начала`,
  [`${key}.EndedAt`]: `${title}: дата окончания`,
  [`${key}.HasPassed`]: `${title}: пройден`,
  [`${key}.HasMaterials`]: `${title}: материалы представлены`,
});

export const fieldLabels: Record<InternSectionKey, Record<string, string>> = {
  PersonalInfo: {
    LastName: 'Фамилия',
    FirstName: 'Имя',
    PatronymicName: 'Отчество',
    Snils: 'СНИЛС',
    DateOfBirth: 'Дата рождения',
    'Passport.Series': 'Паспорт: серия',
    'Passport.Number': 'Паспорт: номер',
    'Passport.IssuedAt': 'Паспорт: дата выдачи',
    'Passport.IssuedBy': 'Паспорт: кем выдан',
    ...contacts('Contacts'),
    'Education.Name': 'Образование: наименование',
    'Education.Code': 'Образование: код специальности',
    'Education.Qualification': 'Образование: квалификация',
    School: 'Учебное заведение',
  },
  Supervisors: {
    LastName: 'Фамилия',
    FirstName: 'Имя',
    PatronymicName: 'Отчество',
    CadastreNumber: 'Уникальный регистрационный номер',
    GrkiNumber: 'Номер в ГРКИ',
    ...contacts('Contacts'),
    EmploymentType: 'Форма занятости',
    JuridicalShortName: 'Сокращённое наименование юридического лица',
  },
  Internships: {
    Organization: 'СРО',
    RegistryNumber: 'Уникальный идентификационный номер',
    StartedAt: 'Дата начала стажировки',
    Status: 'Статус стажировки',
    Duration: 'Продолжительность стажировки, мес.',
    EndBasis: 'Основание прекращения',
    MiscInfo: 'Сведения об окончании и месте стажировки',
    PauseInfo: 'Приостановления',
    ResumeInfo: 'Возобновления',
    ContractInfo: 'Договоры',
  },
  InternshipSteps: {
    ...step('EntryStep', 'Вводный этап'),
    ...step('Step1', 'Этап 1'),
    ...step('Step2', 'Этап 2'),
    ...step('Step3', 'Этап 3'),
    ...step('ClosingStep', 'Заключительный этап'),
    ...requisites('SupervisorStatement', 'Заключение руководителя стажировки'),
    HasPassed: 'Стажировка пройдена',
  },
  Examinations: {
    HeldAt: 'Дата экзамена',
    HeldAtTime: 'Время экзамена',
    GroupNumber: 'Номер группы',
    CommissionName: 'Экзаменационная комиссия',
    ...requisites('DecisionRequisites', 'Решение'),
  },
  ExaminationResults: {
    CorrectAnswersNumber: 'Количество правильных ответов',
    HasPassed: 'Экзамен сдан',
  },
  ExaminationAppeals: {
    HasBeenAppealed: 'Подана апелляция',
    HasApplicationPassed: 'Заявление удовлетворено',
    ...requisites('ApplicationRequisites', 'Заявление'),
    ...requisites('DecisionRequisistes', 'Решение комиссии'),
  },
  Reissues: {
    ...requisites('ExaminationProtocol', 'Выписка из протокола экзаменационной комиссии'),
    ...requisites('AppealProtocol', 'Выписка из протокола апелляционной комиссии'),
  },
  Documents: {
    ...requisites('Requisites', 'Документ'),
  },
};
