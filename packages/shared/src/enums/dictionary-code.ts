/**
 * The dictionaries an operator keeps, by the code that appears in `/api/v1/dictionaries/{code}` and in the
 * screen's URL. A new dictionary (for example holidays) is one more code here with its title; the server then
 * refuses to compile until it says where that dictionary's entries live.
 */
export const dictionaryCodes = ['addresses', 'schools', 'termination-reasons', 'organizations'] as const;
export type DictionaryCode = (typeof dictionaryCodes)[number];

/** The title of each dictionary's screen and menu item. */
export const dictionaryTitles: Record<DictionaryCode, string> = {
  addresses: 'Адреса',
  schools: 'Учебные заведения',
  'termination-reasons': 'Основания прекращения стажировки',
  organizations: 'СРО',
};

export function isDictionaryCode(code: string): code is DictionaryCode {
  return (dictionaryCodes as readonly string[]).includes(code);
}
