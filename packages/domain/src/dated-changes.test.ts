import { describe, expect, it } from 'vitest'
import { REFERENCE_RATES } from './credit-caps.ts'
import { DATED_TABLES, nextDatedChangeAfter } from './dated-changes.ts'
import { finnishDayStart } from './finnish-day.ts'
import { LTV_CAPS, MORTGAGE_MAX_YEARS } from './mortgage/rules.ts'

describe('nextDatedChangeAfter', () => {
  it('is the start of the next row, strictly after the instant', () => {
    const july = Date.parse('2025-06-30T21:00:00.000Z')
    expect(nextDatedChangeAfter(new Date(july - 1))?.toISOString()).toBe('2025-06-30T21:00:00.000Z')
    expect(nextDatedChangeAfter(new Date(july))?.toISOString()).toBe('2025-12-31T22:00:00.000Z')
  })

  it('takes the earliest row of any table (the LTV row of 20.12.2023 before the reference rate of 1.1.2024)', () => {
    expect(nextDatedChangeAfter(new Date('2023-12-01T12:00:00Z'))?.toISOString()).toBe(
      '2023-12-19T22:00:00.000Z',
    )
  })

  it('looks at every row of the reference rates, the mortgage period and the LTV caps', () => {
    expect(DATED_TABLES).toEqual(expect.arrayContaining([REFERENCE_RATES, MORTGAGE_MAX_YEARS, LTV_CAPS]))
    for (const table of DATED_TABLES) {
      for (const row of table) {
        const start = finnishDayStart(row.validFrom)
        expect(nextDatedChangeAfter(new Date(start.getTime() - 1)), row.validFrom).toEqual(start)
      }
    }
  })

  it('is undefined after the last row of every table', () => {
    const last = Math.max(...DATED_TABLES.flat().map((row) => finnishDayStart(row.validFrom).getTime()))
    expect(nextDatedChangeAfter(new Date(last))).toBeUndefined()
  })
})
