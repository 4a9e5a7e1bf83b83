/** The 11 digits of a SNILS written in any formatting, or null when there are not exactly 11. */
export function snilsDigits(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 ? digits : null;
}

/** `###-###-### ##`, the way a SNILS is written. */
export function formatSnils(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 9)} ${digits.slice(9, 11)}`;
}

/**
 * The SNILS check number: weights 9…1 over the first nine digits; a sum below 100 is the check number,
 * 100 and 101 give 00, a larger sum is taken mod 101 (where 100 again gives 00). Numbers up to
 * 001-001-998 were issued before the check number existed and are not checked.
 */
export function isValidSnils(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const body = digits.slice(0, 9);
  return Number(body) <= 1_001_998 || snilsCheckNumber(body) === Number(digits.slice(9));
}

/** The check number of a SNILS's nine-digit body, by the rule above. */
function snilsCheckNumber(body: string): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * (9 - i);
  const check = sum < 100 ? sum : sum === 100 || sum === 101 ? 0 : sum % 101;
  return check === 100 ? 0 : check;
}

/** A valid SNILS made from a number of up to nine digits, with its check number, formatted. */
export function snilsFromBody(body: number): string {
  const digits = String(body).padStart(9, '0');
  return formatSnils(digits + String(snilsCheckNumber(digits)).padStart(2, '0'));
}
