// Finnish identifiers and contact details. Pure, no dependencies: runs the same in the browser and the API.

import { finnishDate } from './finnish-day.ts'

export type Henkilotunnus = {
  /** Birth date at 00:00 UTC. */
  birthDate: Date
  /** NNN: 002–899 normal, 900–999 temporary. */
  individualNumber: number
  temporary: boolean
}

// DDMMYY C NNN Q (Laki 661/2009 11 §; the signs U–Y and B–F are new since 2023). Uppercase only.
const HENKILOTUNNUS = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-FHJ-NPR-Y])$/
const CHECK_CHARACTERS = '0123456789ABCDEFHJKLMNPRSTUVWXY'

function century(sign: string): number {
  if (sign === '+') return 1800
  // `-` and the new signs U–Y all mean the 1900s; A–F the 2000s.
  if (sign === '-' || (sign >= 'U' && sign <= 'Y')) return 1900
  return 2000
}

/** Reads a henkilötunnus; null when the format, the date or the check character is wrong. */
export function parseHenkilotunnus(value: string): Henkilotunnus | null {
  const match = HENKILOTUNNUS.exec(value)
  if (!match) return null
  const [, dd = '', mm = '', yy = '', sign = '', nnn = '', check = ''] = match
  const individualNumber = Number(nnn)
  if (individualNumber < 2) return null
  if (CHECK_CHARACTERS[Number(dd + mm + yy + nnn) % 31] !== check) return null
  const year = century(sign) + Number(yy)
  const birthDate = new Date(Date.UTC(year, Number(mm) - 1, Number(dd)))
  // The date must exist: Date.UTC rolls 30.2. over to March.
  if (birthDate.getUTCMonth() !== Number(mm) - 1 || birthDate.getUTCDate() !== Number(dd)) return null
  return { birthDate, individualNumber, temporary: individualNumber >= 900 }
}

/** True for a valid henkilötunnus; temporary numbers (900–999) only with `allowTemporary`. */
export function isValidHenkilotunnus(value: string, opts: { allowTemporary?: boolean } = {}): boolean {
  const parsed = parseHenkilotunnus(value)
  return parsed !== null && (!parsed.temporary || opts.allowTemporary === true)
}

/**
 * Age in full years on the Finnish calendar day of `on`. A 29 February birthday
 * falls on 28 February in common years (Laki 150/1930 3 §: a period in years
 * ends on the month's last day when the matching day is missing).
 */
export function ageOn(birthDate: Date, on: Date): number {
  const [year = 0, month = 0, day = 0] = finnishDate(on).split('-').map(Number)
  const birthMonth = birthDate.getUTCMonth() + 1
  const lastDayOfMonth = new Date(Date.UTC(year, birthMonth, 0)).getUTCDate()
  const birthday = Math.min(birthDate.getUTCDate(), lastDayOfMonth)
  const beforeBirthday = month < birthMonth || (month === birthMonth && day < birthday)
  return year - birthDate.getUTCFullYear() - (beforeBirthday ? 1 : 0)
}

const Y_TUNNUS = /^(\d{7})-(\d)$/
const Y_TUNNUS_WEIGHTS = [7, 9, 10, 5, 8, 4, 2]

/** Business ID NNNNNNN-C: r = Σ digit·weight mod 11; r = 0 → C = 0, r = 1 is never issued, else C = 11 − r. */
export function isValidYTunnus(value: string): boolean {
  const match = Y_TUNNUS.exec(value)
  if (!match) return false
  const [, digits = '', check = ''] = match
  let sum = 0
  for (let index = 0; index < 7; index++) sum += Number(digits[index]) * (Y_TUNNUS_WEIGHTS[index] ?? 0)
  const remainder = sum % 11
  if (remainder === 1) return false
  return Number(check) === (remainder === 0 ? 0 : 11 - remainder)
}

const IBAN = /^([A-Z]{2})(\d{2})([A-Z0-9]{11,30})$/

/**
 * IBAN by ISO 13616: spaces allowed, letters in either case; the first four
 * characters moved to the end, letters as 10–35, the number mod 97 must be 1.
 * A Finnish IBAN is 18 characters.
 */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/ /g, '').toUpperCase()
  const match = IBAN.exec(iban)
  if (!match) return false
  const [, country = '', checkDigits = ''] = match
  if (country === 'FI' && iban.length !== 18) return false
  // ISO 7064 MOD 97-10 check digits are 02–98.
  if (Number(checkDigits) < 2 || Number(checkDigits) > 98) return false
  let remainder = 0
  for (const character of iban.slice(4) + iban.slice(0, 4)) {
    const digits = character >= 'A' ? String(character.charCodeAt(0) - 55) : character
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
}

/**
 * Spec §5: letters, digits, dash, underscore and plus in the local and domain
 * parts, dots only between groups, and a final top-level part of at least two letters.
 */
export const EMAIL_PATTERN = /^[\p{L}\d_+-]+(?:\.[\p{L}\d_+-]+)*@(?:[\p{L}\d_+-]+\.)+\p{L}{2,}$/u

/** An e-mail address by spec §5, at most 254 characters (RFC 5321 path limit). */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value)
}
