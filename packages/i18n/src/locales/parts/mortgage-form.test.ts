import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { MORTGAGE_ERROR_CODES, MORTGAGE_OPTIONS } from '@lainava/domain/mortgage/schemas'
import { MORTGAGE_STEPS } from '@lainava/domain/mortgage/steps'
import { describe, expect, it } from 'vitest'
import { formatMessage } from '../../format.ts'
import { en } from '../en.ts'
import { fi } from '../fi.ts'
import { sv } from '../sv.ts'

// Every key the mortgage schemas and the form need is in each complete catalogue.

/** Field keys from the example application's paths (nested objects and list items one level down). */
function fieldPaths(): string[] {
  const paths = new Set([
    'margin',
    'fixedPeriodYears',
    'aspBalance',
    'otherCollateralDescription',
    'otherCollateralValue',
  ])
  for (const data of Object.values(exampleMortgageSteps)) {
    for (const [name, value] of Object.entries(data)) {
      paths.add(name)
      const inner = Array.isArray(value) ? value[0] : value
      if (inner && typeof inner === 'object')
        for (const child of Object.keys(inner)) paths.add(`${name}.${child}`)
    }
  }
  return [...paths]
}

const needed = [
  ...MORTGAGE_STEPS.map((step) => `mortgage.step.${step}`),
  ...MORTGAGE_ERROR_CODES.map((code) => `mortgage.error.${code}`),
  ...Object.entries(MORTGAGE_OPTIONS).flatMap(([group, values]) =>
    values.map((value) => `mortgage.option.${group}.${value}`),
  ),
  ...fieldPaths().map((path) => `mortgage.field.${path}`),
  'mortgage.warning.ltvOverCap',
  'mortgage.warning.fundingGap',
  'mortgage.warning.aspFirstHomeOnly',
]

describe('mortgage form messages', () => {
  it.each([
    ['fi', fi],
    ['sv', sv],
    ['en', en],
  ])('are all in %s, none empty', (_, catalogue: Record<string, string>) => {
    const missing = needed.filter((key) => !catalogue[key]?.trim())
    expect(missing).toEqual([])
  })

  it('error messages take no arguments: the API translates field errors without any', () => {
    for (const code of MORTGAGE_ERROR_CODES) expect(fi[`mortgage.error.${code}`]).not.toMatch(/\{/)
  })

  it('warnings name the same arguments in every language', () => {
    const args = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort()
    for (const key of ['mortgage.warning.ltvOverCap', 'mortgage.warning.fundingGap'] as const) {
      expect(args(sv[key])).toEqual(args(fi[key]))
      expect(args(en[key])).toEqual(args(fi[key]))
    }
  })

  it('read well with the raw figures of the checks: the cap in percent, euros grouped', () => {
    const values = {
      cap: 0.9,
      capPercent: 90,
      maxLoan: 225_000,
      missingOwnFunds: 15_000,
      missingCollateral: 16_667,
    }
    const space = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ')
    expect(space(formatMessage('fi', fi['mortgage.warning.ltvOverCap'], values))).toContain(
      'enintään 90 % vakuuksien arvosta eli 225 000 €. Omarahoitusta puuttuu 15 000 €',
    )
    expect(formatMessage('en', en['mortgage.warning.ltvOverCap'], values)).toContain(
      'at most 90% of the collateral’s value, that is €225,000',
    )
    expect(space(formatMessage('sv', sv['mortgage.warning.fundingGap'], { gap: 20_000 }))).toContain(
      'det saknas 20 000 €',
    )
  })
})
