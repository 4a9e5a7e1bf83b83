/** The three Russian plural forms: for 1 (one), for 2–4 (few), for 5–20 and 0 (many). */
export type PluralForms = readonly [one: string, few: string, many: string];

/** Picks the Russian plural form for n: 1 стажёр, 2 стажёра, 5 стажёров, 11 стажёров, 21 стажёр. */
export function pluralRu(n: number, forms: PluralForms): string {
  const abs = Math.abs(Math.trunc(n));
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** "5 дней", "1 день": the number followed by its plural form. */
export function countRu(n: number, forms: PluralForms): string {
  return `${n} ${pluralRu(n, forms)}`;
}

/** строка, строки, строк: rows of a change file. */
export const rowForms: PluralForms = ['строка', 'строки', 'строк'];

/** запись, записи, записей: rows of an import, as the review counts them. */
export const recordForms: PluralForms = ['запись', 'записи', 'записей'];

/** стажёр, стажёра, стажёров: the trainees an export holds. */
export const traineeForms: PluralForms = ['стажёр', 'стажёра', 'стажёров'];

/** часть, части, частей: the parts an SRO's change file is split into (в 1 часть, в 3 части, в 5 частей). */
export const partForms: PluralForms = ['часть', 'части', 'частей'];

/** After «не более», «не менее»: 1 символа, 2 символов, 5 символов, 21 символа. */
export const charactersAfterLimit: PluralForms = ['символа', 'символов', 'символов'];
