import { describe, expect, expectTypeOf, it } from 'vitest'
import { messagesFor } from './catalogues.server.ts'
import { formatMessage, type ParamsOfMessage } from './format.ts'
import { createTranslator, type MessageParamsOf } from './index.ts'

// Intl uses a no-break space (U+00A0) or narrow no-break space (U+202F) to group digits.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('formatMessage (ADR 017)', () => {
  it('never reads a filled-in value as syntax: # inside a value stays', () => {
    const message =
      '{count, plural, one {# hakemus yritykselle {company}} other {# hakemusta yritykselle {company}}}'
    expect(formatMessage('fi-FI', message, { count: 3, company: 'Laina #1 Oy' })).toBe(
      '3 hakemusta yritykselle Laina #1 Oy',
    )
    expect(formatMessage('fi-FI', 'Yritys {company}', { company: 'Laina #1 Oy' })).toBe('Yritys Laina #1 Oy')
    expect(formatMessage('fi-FI', '{company}', { company: '{name}' })).toBe('{name}')
  })

  it('replaces # only in the plural option’s own text', () => {
    expect(formatMessage('en', '{n, plural, one {# item} other {# items}}', { n: 2 })).toBe('2 items')
    expect(formatMessage('en', 'Item # of {n, plural, other {#}}', { n: 5 })).toBe('Item # of 5')
  })

  it('groups digits only where the message asks: {n, number} and a plural’s #, never a plain {year}', () => {
    expect(formatMessage('fi-FI', '© {year} {brand}', { year: 2026, brand: 'Lainava' })).toBe(
      '© 2026 Lainava',
    )
    expect(formatMessage('fi-FI', 'Vuosi {year}', { year: 2026.5 })).toBe('Vuosi 2026,5')
    expect(spaces(formatMessage('fi-FI', '{n, number} €', { n: 20000 }))).toBe('20 000 €')
    expect(spaces(formatMessage('fi-FI', '{n, plural, one {# termi} other {# termiä}}', { n: 12000 }))).toBe(
      '12 000 termiä',
    )
  })

  it('shows a missing argument where it goes instead of throwing at render', () => {
    expect(formatMessage('fi', 'Hei {name}!')).toBe('Hei {name}!')
    expect(formatMessage('fi', '{count, plural, one {# vuosi} other {# vuotta}}', {})).toBe('{count}')
    expect(formatMessage('fi', '{n, number} €', { n: 'kaksi' })).toBe('{n} €')
  })
})

describe('typed parameters per message key', () => {
  it('reads the parameters from the message text, plural options included', () => {
    expectTypeOf<ParamsOfMessage<'© {year} {brand}'>>().toEqualTypeOf<{
      year: string | number
      brand: string | number
    }>()
    expectTypeOf<
      ParamsOfMessage<'{minutes, plural, one {minuutin} other {# minuutin {unit}}} ja {n, number}'>
    >().toEqualTypeOf<{ minutes: number; unit: string | number; n: number }>()
    expectTypeOf<MessageParamsOf<'calculator.years'>>().toEqualTypeOf<{ count: number }>()
  })

  it('makes a missing, unknown or mistyped parameter a type error', () => {
    const t = createTranslator('fi', messagesFor('fi'))
    expect(t('footer.copyright', { year: '2026', brand: 'Lainava' })).toBe('© 2026 Lainava')
    // @ts-expect-error: `year` is missing
    expect(t('footer.copyright', { brand: 'Lainava' })).toBe('© {year} Lainava')
    // @ts-expect-error: the message takes no parameters
    t('header.login', { brand: 'Lainava' })
    // @ts-expect-error: a plural's count is a number
    t('calculator.years', { count: 'kaksi' })
    // @ts-expect-error: the parameters are required
    t('calculator.years')
    expect(t('header.login')).toBe('Kirjaudu')
  })
})
