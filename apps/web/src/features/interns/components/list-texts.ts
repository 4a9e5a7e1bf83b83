/** The trainee lists' search box, the operator's and the public's alike. */
export const internSearchLabel = 'Поиск по ФИО или СНИЛС';
