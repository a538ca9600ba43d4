import { describe, expect, it } from 'vitest'
import { finnishDate, REFERENCE_RATES } from './credit-caps.ts'
import { DATED_TABLES, finnishDayStart, nextDatedChangeAfter } from './dated-changes.ts'
import { LTV_CAPS, MORTGAGE_MAX_YEARS } from './mortgage/rules.ts'

describe('finnishDayStart', () => {
  it('is midnight in Helsinki in summer and in winter time, the previous instant being the day before', () => {
    expect(finnishDayStart('2025-07-01').toISOString()).toBe('2025-06-30T21:00:00.000Z')
    expect(finnishDayStart('2026-01-01').toISOString()).toBe('2025-12-31T22:00:00.000Z')
    for (const day of ['2025-07-01', '2026-01-01', '2026-03-29', '2026-10-25']) {
      const start = finnishDayStart(day).getTime()
      expect(finnishDate(new Date(start))).toBe(day)
      expect(finnishDate(new Date(start - 1))).not.toBe(day)
    }
  })
})

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
