import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatMessage } from './format.ts'
import { dateTimeFormat, numberFormat } from './intl-cache.ts'
import { formatCurrency, formatDate, formatNumber, formatPercent } from './numbers.ts'

describe('Intl formatter cache (issue 19)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('gives one formatter per locale and options', () => {
    expect(numberFormat('fi-FI', { style: 'percent' })).toBe(numberFormat('fi-FI', { style: 'percent' }))
    expect(numberFormat('fi-FI', { style: 'percent' })).not.toBe(numberFormat('sv-FI', { style: 'percent' }))
    expect(numberFormat('fi-FI')).not.toBe(numberFormat('fi-FI', { style: 'percent' }))
    expect(dateTimeFormat('fi-FI', { dateStyle: 'long' })).toBe(
      dateTimeFormat('fi-FI', { dateStyle: 'long' }),
    )
  })

  it('builds no new formatter when a page formats the same kinds of value again', () => {
    const render = () =>
      [
        formatCurrency('en-IE', 1234.5),
        formatPercent('en-IE', 0.1493),
        formatNumber('en-IE', 2026),
        formatDate('en-IE', '2026-03-14'),
        formatMessage('en-IE', '{count, plural, one {# year} other {# years}} from {n, number}', {
          count: 3,
          n: 12000,
        }),
      ].join(' | ')
    const first = render()
    const numberFormats = vi.spyOn(Intl, 'NumberFormat')
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat')
    const pluralRules = vi.spyOn(Intl, 'PluralRules')
    expect(render()).toBe(first)
    expect(numberFormats).not.toHaveBeenCalled()
    expect(dateFormats).not.toHaveBeenCalled()
    expect(pluralRules).not.toHaveBeenCalled()
  })

  it('still formats as before', () => {
    const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
    expect(spaced(formatCurrency('fi-FI', 20000))).toBe('20 000,00 €')
    expect(spaced(formatCurrency('fi-FI', 20000, { cents: false }))).toBe('20 000 €')
    expect(spaced(formatPercent('fi-FI', 0.1493))).toBe('14,93 %')
  })
})
