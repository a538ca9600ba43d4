import { describe, expect, it } from 'vitest'
import {
  ageOn,
  EMAIL_PATTERN,
  isValidEmail,
  isValidHenkilotunnus,
  isValidIban,
  isValidYTunnus,
  parseHenkilotunnus,
} from './validators.ts'

const CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY'
/** Builds a henkilötunnus with the right check character, for cases the examples do not cover. */
const hetu = (ddmmyy: string, sign: string, nnn: string) =>
  `${ddmmyy}${sign}${nnn}${CHECK[Number(ddmmyy + nnn) % 31]}`
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day))

describe('henkilötunnus', () => {
  it('accepts and rejects the examples of regulation.md', () => {
    expect(isValidHenkilotunnus('131052-308T')).toBe(true)
    expect(isValidHenkilotunnus('131052-308U')).toBe(false)
    expect(isValidHenkilotunnus('010594Y123W')).toBe(true)
    expect(parseHenkilotunnus('131052-308T')).toEqual({
      birthDate: utc(1952, 10, 13),
      individualNumber: 308,
      temporary: false,
    })
    expect(parseHenkilotunnus('010594Y123W')?.birthDate).toEqual(utc(1994, 5, 1))
  })

  it('reads all three centuries', () => {
    expect(parseHenkilotunnus(hetu('010199', '+', '123'))?.birthDate).toEqual(utc(1899, 1, 1))
    expect(parseHenkilotunnus(hetu('010199', '-', '123'))?.birthDate).toEqual(utc(1999, 1, 1))
    expect(parseHenkilotunnus(hetu('010105', 'A', '123'))?.birthDate).toEqual(utc(2005, 1, 1))
  })

  it('accepts every 1900s and 2000s sign, and no other', () => {
    for (const sign of ['-', 'Y', 'X', 'W', 'V', 'U']) {
      expect(parseHenkilotunnus(hetu('150690', sign, '234'))?.birthDate).toEqual(utc(1990, 6, 15))
    }
    for (const sign of ['A', 'B', 'C', 'D', 'E', 'F']) {
      expect(parseHenkilotunnus(hetu('150610', sign, '234'))?.birthDate).toEqual(utc(2010, 6, 15))
    }
    for (const sign of ['G', 'T', 'Z', '*', ' ', 'a'])
      expect(isValidHenkilotunnus(hetu('150690', sign, '234'))).toBe(false)
  })

  it('checks that the date exists: 29 February only in leap years', () => {
    expect(isValidHenkilotunnus(hetu('290200', 'A', '234'))).toBe(true) // 2000 is a leap year
    expect(isValidHenkilotunnus(hetu('290200', '-', '234'))).toBe(false) // 1900 is not
    expect(isValidHenkilotunnus(hetu('290296', '-', '234'))).toBe(true)
    expect(isValidHenkilotunnus(hetu('290297', '-', '234'))).toBe(false)
    expect(isValidHenkilotunnus(hetu('290204', 'B', '234'))).toBe(true)
    expect(isValidHenkilotunnus(hetu('310490', '-', '234'))).toBe(false)
    expect(isValidHenkilotunnus(hetu('001290', '-', '234'))).toBe(false)
    expect(isValidHenkilotunnus(hetu('011390', '-', '234'))).toBe(false)
  })

  it('accepts temporary numbers 900–999 only when asked', () => {
    const temporary = hetu('131052', '-', '900')
    expect(parseHenkilotunnus(temporary)).toMatchObject({ individualNumber: 900, temporary: true })
    expect(isValidHenkilotunnus(temporary)).toBe(false)
    expect(isValidHenkilotunnus(temporary, { allowTemporary: true })).toBe(true)
    expect(isValidHenkilotunnus(hetu('131052', '-', '999'), { allowTemporary: true })).toBe(true)
    expect(isValidHenkilotunnus(hetu('131052', '-', '899'))).toBe(true)
    expect(isValidHenkilotunnus(hetu('131052', '-', '002'))).toBe(true)
    // 000 and 001 are never issued.
    expect(isValidHenkilotunnus(hetu('131052', '-', '001'), { allowTemporary: true })).toBe(false)
    expect(isValidHenkilotunnus(hetu('131052', '-', '000'), { allowTemporary: true })).toBe(false)
  })

  it('rejects lowercase, spaces and wrong lengths', () => {
    expect(isValidHenkilotunnus('010594y123W')).toBe(false)
    const lowerCheck = hetu('010594', '-', '114')
    expect(lowerCheck.at(-1)).toMatch(/[A-Z]/)
    expect(isValidHenkilotunnus(lowerCheck)).toBe(true)
    expect(isValidHenkilotunnus(lowerCheck.toLowerCase())).toBe(false)
    expect(isValidHenkilotunnus(' 131052-308T')).toBe(false)
    expect(isValidHenkilotunnus('131052-308T ')).toBe(false)
    expect(isValidHenkilotunnus('131052-308')).toBe(false)
    expect(isValidHenkilotunnus('')).toBe(false)
  })
})

describe('ageOn', () => {
  it('counts full years on the Finnish calendar day', () => {
    const born = utc(2008, 5, 15)
    expect(ageOn(born, utc(2026, 5, 14))).toBe(17)
    expect(ageOn(born, utc(2026, 5, 15))).toBe(18)
    // 14.5.2026 21:30 UTC is already 15.5. in Helsinki.
    expect(ageOn(born, new Date('2026-05-14T21:30:00Z'))).toBe(18)
    expect(ageOn(born, new Date('2026-05-14T20:30:00Z'))).toBe(17)
  })

  it('turns a 29 February birthday on 28 February in common years (Laki 150/1930 3 §)', () => {
    const born = utc(2008, 2, 29)
    expect(ageOn(born, utc(2026, 2, 27))).toBe(17)
    expect(ageOn(born, utc(2026, 2, 28))).toBe(18)
    expect(ageOn(born, utc(2028, 2, 28))).toBe(19)
    expect(ageOn(born, utc(2028, 2, 29))).toBe(20)
  })
})

describe('Y-tunnus', () => {
  it('checks the examples of regulation.md', () => {
    expect(isValidYTunnus('2077474-0')).toBe(true)
    expect(isValidYTunnus('2077474-1')).toBe(false)
  })

  it('handles remainder 0 and the never-issued remainder 1', () => {
    // 0000000: r = 0 → check 0.
    expect(isValidYTunnus('0000000-0')).toBe(true)
    // 0000010: r = 4 → check 7.
    expect(isValidYTunnus('0000010-7')).toBe(true)
    expect(isValidYTunnus('0000010-6')).toBe(false)
    // 0000003: r = 6 → check 5.
    expect(isValidYTunnus('0000003-5')).toBe(true)
    // 0001004: 1·5 + 4·2 = 13, r = 2 → 9; 0000042: 4·4 + 2·2 = 20, r = 9 → 2.
    expect(isValidYTunnus('0001004-9')).toBe(true)
    expect(isValidYTunnus('0000042-2')).toBe(true)
    // 0000006: 6·2 = 12, r = 1: never issued, no check digit makes it valid.
    for (let check = 0; check <= 9; check++) expect(isValidYTunnus(`0000006-${check}`)).toBe(false)
  })

  it('rejects other formats', () => {
    expect(isValidYTunnus('20774740')).toBe(false)
    expect(isValidYTunnus('207747-0')).toBe(false)
    expect(isValidYTunnus('2077474-00')).toBe(false)
    expect(isValidYTunnus(' 2077474-0')).toBe(false)
  })
})

describe('IBAN', () => {
  it('accepts the Finnish example with or without spaces', () => {
    expect(isValidIban('FI21 1234 5600 0007 85')).toBe(true)
    expect(isValidIban('FI2112345600000785')).toBe(true)
    expect(isValidIban('fi21 1234 5600 0007 85')).toBe(true)
  })

  it('rejects a wrong check, a wrong Finnish length and junk', () => {
    expect(isValidIban('FI21 1234 5600 0007 86')).toBe(false)
    expect(isValidIban('FI12 1234 5600 0007 85')).toBe(false)
    expect(isValidIban('FI21 1234 5600 0007 8')).toBe(false)
    expect(isValidIban('FI21 1234 5600 0007 850')).toBe(false)
    expect(isValidIban('FI21-1234-5600-0007-85')).toBe(false)
    expect(isValidIban('')).toBe(false)
  })

  it('checks other countries by mod 97', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true)
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true)
    expect(isValidIban('GB82 WEST 1234 5698 7654 33')).toBe(false)
  })
})

describe('e-mail (spec §5)', () => {
  it('accepts letters, digits, dash, underscore and plus with dots between groups', () => {
    for (const address of [
      'matti.meikalainen@example.fi',
      'matti+lainat@example.com',
      'first_last-2@sub.example-domain.fi',
      'pekka@mäkinen.fi',
      'a@b.co',
    ]) {
      expect(isValidEmail(address)).toBe(true)
    }
  })

  it('rejects misplaced dots, other characters and a short or numeric top level', () => {
    for (const address of [
      'matti',
      'matti@',
      '@example.fi',
      'matti@example',
      'matti@example.f',
      'matti@example.123',
      '.matti@example.fi',
      'matti.@example.fi',
      'mat..ti@example.fi',
      'matti@.example.fi',
      'matti@example..fi',
      'matti@example.fi.',
      'matti meikalainen@example.fi',
      'matti@@example.fi',
      'matti"@example.fi',
      ' matti@example.fi',
    ]) {
      expect(isValidEmail(address), address).toBe(false)
    }
  })

  it('exports the pattern for forms and limits the length', () => {
    expect(EMAIL_PATTERN.test('matti@example.fi')).toBe(true)
    expect(isValidEmail(`${'a'.repeat(250)}@x.fi`)).toBe(false)
  })
})
