import { describe, expect, it } from 'vitest'
import { messagesFor } from './catalogues.server.ts'
import { CATALOGUE_LOCALES, createTranslator, formatDate, formatMessage, yearsLabel } from './index.ts'
import { fi } from './locales/fi.ts'
import { formatCurrency, formatPercent } from './numbers.ts'

/** The argument names a message uses, e.g. `{amount}` and `{count, plural, …}`, including inside plural options. */
function placeholders(message: string): string[] {
  const names = new Set<string>()
  const walk = (text: string) => {
    let depth = 0
    let start = -1
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '{') {
        if (depth === 0) start = i
        depth++
      } else if (text[i] === '}') {
        depth--
        if (depth === 0) {
          const inner = text.slice(start + 1, i)
          const [name = '', kind, ...rest] = inner.split(',')
          names.add(name.trim())
          if (kind?.trim() === 'plural') {
            for (const option of rest.join(',').matchAll(/\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g))
              walk(option[1] ?? '')
          }
        }
      }
    }
  }
  walk(message)
  return [...names].sort()
}

describe('catalogues', () => {
  for (const locale of CATALOGUE_LOCALES) {
    it(`${locale} has every Finnish key with the same placeholders, and no empty text`, () => {
      const messages = messagesFor(locale)
      expect(Object.keys(messages).sort()).toEqual(Object.keys(fi).sort())
      for (const [key, source] of Object.entries(fi)) {
        const translated = messages[key as keyof typeof fi]
        expect(translated.trim(), key).not.toBe('')
        expect(placeholders(translated), key).toEqual(placeholders(source))
        // Every message must format with its own placeholders filled in.
        const params = Object.fromEntries(placeholders(source).map((name) => [name, 2]))
        expect(() => formatMessage(locale, translated, params), key).not.toThrow()
      }
    })
  }
})

describe('formatMessage', () => {
  it('fills named arguments', () => {
    expect(formatMessage('fi-FI', 'Hei {name}!', { name: 'Aino' })).toBe('Hei Aino!')
  })

  it('chooses the plural form by the language rules (years label, spec §5)', () => {
    const t = createTranslator('fi', messagesFor('fi'))
    expect(t('calculator.years', { count: 1 })).toBe('1 vuosi')
    expect(t('calculator.years', { count: 4 })).toBe('4 vuotta')
    const en = createTranslator('en', messagesFor('en'))
    expect(en('calculator.years', { count: 1 })).toBe('1 year')
    expect(en('calculator.years', { count: 20 })).toBe('20 years')
  })

  it('prefers an exact =N option', () => {
    expect(formatMessage('en', '{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 })).toBe('none')
  })

  it('shows a missing argument as its placeholder instead of failing the page (ADR 017)', () => {
    expect(formatMessage('fi', 'Hei {name}')).toBe('Hei {name}')
  })
})

describe('number formatting', () => {
  it('formats euros the Finnish way', () => {
    expect(formatCurrency('fi-FI', 20000, { cents: false }).replace(/\s/g, ' ')).toBe('20 000 €')
    expect(formatCurrency('fi-FI', 232.52).replace(/\s/g, ' ')).toBe('232,52 €')
  })

  it('formats percentages with the given decimals', () => {
    expect(formatPercent('fi-FI', 0.149, 1).replace(/\s/g, ' ')).toBe('14,9 %')
    expect(formatPercent('en-IE', 0.0723, 2)).toBe('7.23%')
  })
})

describe('yearsLabel (spec §5: plural for a count above 1)', () => {
  it('uses each language’s singular for 1 and its plural above 1', () => {
    const label = (locale: 'fi' | 'sv' | 'en', count: number) =>
      yearsLabel(createTranslator(locale, messagesFor(locale)), count)
    expect([label('fi', 1), label('fi', 2), label('fi', 20)]).toEqual(['1 vuosi', '2 vuotta', '20 vuotta'])
    expect([label('sv', 1), label('sv', 5)]).toEqual(['1 år', '5 år'])
    expect([label('en', 1), label('en', 3)]).toEqual(['1 year', '3 years'])
  })

  it('formats ISO dates as long dates in the language', () => {
    expect(formatDate('fi-FI', '2026-03-14')).toBe('14. maaliskuuta 2026')
    expect(formatDate('en-IE', '2026-03-14')).toBe('14 March 2026')
  })
})
