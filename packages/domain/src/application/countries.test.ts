import { describe, expect, it } from 'vitest'
import { COUNTRY_CODES, countryOptions } from './countries.ts'
import { ApplicantSchema } from './schemas.ts'

describe('citizenship: a country picker (issue 14)', () => {
  it('names every country once in Finnish, Swedish and English, Finland first', () => {
    for (const [language, finland, sweden] of [
      ['fi', 'Suomi', 'Ruotsi'],
      ['sv', 'Finland', 'Sverige'],
      ['en', 'Finland', 'Sweden'],
    ] as const) {
      const options = countryOptions(language)
      expect(options.map((option) => option.value).sort()).toEqual([...COUNTRY_CODES].sort())
      expect(options[0]).toEqual({ value: 'FI', label: finland })
      expect(options).toContainEqual({ value: 'SE', label: sweden })
      for (const option of options) expect(option.label.length, option.value).toBeGreaterThan(2)
    }
  })

  it('sorts the others by name in the language, and reads sv-se as Swedish, others as English', () => {
    for (const [language, locale] of [
      ['fi', 'fi-FI'],
      ['sv', 'sv-FI'],
      ['en', 'en-IE'],
    ] as const) {
      const labels = countryOptions(language)
        .slice(1)
        .map((option) => option.label)
      expect(labels, language).toEqual([...labels].sort(new Intl.Collator(locale).compare))
    }
    expect(countryOptions('sv-se')).toEqual(countryOptions('sv'))
    expect(countryOptions('lv')).toEqual(countryOptions('en'))
  })

  const citizenship = (value: unknown) => ApplicantSchema.shape.citizenship.safeParse(value)

  it('accepts a country code, in either case, and Finland when none is given', () => {
    expect(citizenship('SE')).toMatchObject({ success: true, data: 'SE' })
    expect(citizenship(' ee ')).toMatchObject({ success: true, data: 'EE' })
    expect(citizenship(undefined)).toMatchObject({ success: true, data: 'FI' })
  })

  it('refuses a name or a code that is no country with a catalogue key', () => {
    for (const value of ['Suomi', 'XX', 'ZZ', 'EU', 'FIN', '', 5]) {
      const result = citizenship(value)
      expect(result.success, String(value)).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('validation.invalid')
    }
  })
})
