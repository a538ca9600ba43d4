import { parsePhoneNumberFromString } from 'libphonenumber-js'

/** A phone number as E.164 (+358401234567), or null when it is not a valid number. */
export function normalizePhone(text: string, defaultCountry: 'FI' = 'FI'): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), defaultCountry)
  return parsed?.isValid() ? parsed.number : null
}

/** Finnish mobile numbers: 04x and 050 (regulation.md "Phones"). */
export function isFinnishMobile(e164: string): boolean {
  return /^\+358(4\d|50)\d{5,8}$/.test(e164)
}
