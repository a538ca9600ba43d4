import { EMPLOYMENT_TYPES, HOUSING_TYPES } from '@lainava/domain/application/enums'
import { LENDER_PRODUCTS } from '@lainava/domain/marketplace/criteria'
import { LENDER_FILTER_PURPOSES } from '@lainava/domain/marketplace/lender-filter'
import { REGIONS } from '@lainava/domain/marketplace/lender-filter-regions'
import { COMPLETE_LOCALES, createTranslator } from '@lainava/i18n'
import { messagesFor } from '@lainava/i18n/server'
import { describe, expect, it } from 'vitest'
import { filterFieldValue, filterValueLabel } from './filtering-labels.ts'

const LISTS = {
  products: LENDER_PRODUCTS,
  employmentTypes: EMPLOYMENT_TYPES,
  housingTypes: HOUSING_TYPES,
  regions: REGIONS,
  excludedPurposes: LENDER_FILTER_PURPOSES,
} as const

describe('the lender filter’s labels', () => {
  it.each(COMPLETE_LOCALES)('names every value of every list in %s from the catalogue', (locale) => {
    const t = createTranslator(locale, messagesFor(locale))
    for (const [field, values] of Object.entries(LISTS)) {
      for (const value of values) {
        const label = filterValueLabel(t, field, value)
        expect(label, `${field} ${value}`).not.toMatch(/^(enum|lenderFiltering)\./)
        expect(label, `${field} ${value}`).not.toMatch(/: (enum|lenderFiltering)\./)
      }
    }
  })

  it('shows a business purpose as one in the history, not under the form’s own heading', () => {
    const t = createTranslator('fi', messagesFor('fi'))
    expect(filterValueLabel(t, 'excludedPurposes', 'Working capital')).toBe('Yrityslainat: Käyttöpääoma')
    expect(filterValueLabel(t, 'excludedPurposes', 'Working capital', false)).toBe('Käyttöpääoma')
    expect(filterValueLabel(t, 'housingTypes', 'self owned')).toBe('Omistusasunto')
  })

  it('shows a change’s values: no limit, yes and no, numbers and lists', () => {
    const t = createTranslator('fi', messagesFor('fi'))
    const number = new Intl.NumberFormat('fi-FI').format
    expect(filterFieldValue(t, 'dailyCap', null, number)).toBe('ei rajaa')
    expect(filterFieldValue(t, 'acceptsPaymentDefaults', true, number)).toBe('kyllä')
    expect(filterFieldValue(t, 'maxAmount', 30_000, number)).toBe('30\u00a0000')
    expect(filterFieldValue(t, 'regions', [], number)).toBe('ei valintoja')
    expect(filterFieldValue(t, 'regions', ['uusimaa', 'lappi'], number)).toBe('Uusimaa, Lappi')
  })
})
