import { describe, expect, it } from 'vitest'
import { finnishDate, finnishDayStart } from './finnish-day.ts'

describe('the Finnish day', () => {
  it.each([
    // Winter (EET, +2 h): 22:00 UTC is already the next day.
    ['2026-01-14T21:59:59.999Z', '2026-01-14', '2026-01-13T22:00:00.000Z'],
    ['2026-01-14T22:00:00Z', '2026-01-15', '2026-01-14T22:00:00.000Z'],
    // Summer (EEST, +3 h): 21:00 UTC is already the next day.
    ['2026-07-01T20:59:59.999Z', '2026-07-01', '2026-06-30T21:00:00.000Z'],
    ['2026-07-01T21:00:00Z', '2026-07-02', '2026-07-01T21:00:00.000Z'],
    // Around UTC midnight: the Helsinki day began two or three hours earlier.
    ['2025-12-31T23:59:59Z', '2026-01-01', '2025-12-31T22:00:00.000Z'],
    ['2026-01-01T00:00:00Z', '2026-01-01', '2025-12-31T22:00:00.000Z'],
    ['2026-06-30T23:59:59Z', '2026-07-01', '2026-06-30T21:00:00.000Z'],
    // The clocks go forward (29.3.2026 03:00 EET -> 04:00 EEST): the day began at +2 h, the next at +3 h.
    ['2026-03-29T00:59:59Z', '2026-03-29', '2026-03-28T22:00:00.000Z'],
    ['2026-03-29T01:00:00Z', '2026-03-29', '2026-03-28T22:00:00.000Z'],
    ['2026-03-29T20:59:59Z', '2026-03-29', '2026-03-28T22:00:00.000Z'],
    ['2026-03-29T21:00:00Z', '2026-03-30', '2026-03-29T21:00:00.000Z'],
    // The clocks go back (25.10.2026 04:00 EEST -> 03:00 EET): the day began at +3 h, the next at +2 h.
    ['2026-10-25T00:59:59Z', '2026-10-25', '2026-10-24T21:00:00.000Z'],
    ['2026-10-25T01:00:00Z', '2026-10-25', '2026-10-24T21:00:00.000Z'],
    ['2026-10-25T21:59:59Z', '2026-10-25', '2026-10-24T21:00:00.000Z'],
    ['2026-10-25T22:00:00Z', '2026-10-26', '2026-10-25T22:00:00.000Z'],
  ])('%s is on %s, which began at %s', (at, day, start) => {
    expect(finnishDate(new Date(at))).toBe(day)
    expect(finnishDayStart(day).toISOString()).toBe(start)
  })

  it('begins each day at midnight in Helsinki, the instant before being the day before', () => {
    for (const day of ['2025-07-01', '2026-01-01', '2026-03-29', '2026-03-30', '2026-10-25', '2026-10-26']) {
      const start = finnishDayStart(day).getTime()
      expect(finnishDate(new Date(start))).toBe(day)
      expect(finnishDate(new Date(start - 1))).not.toBe(day)
    }
  })

  it('answers each instant for itself when asked back and forth across midnight (the per-minute reuse)', () => {
    const before = new Date('2026-01-14T21:59:59.999Z')
    const after = new Date('2026-01-14T22:00:00.000Z')
    for (let round = 0; round < 3; round++) {
      expect(finnishDate(before)).toBe('2026-01-14')
      expect(finnishDate(new Date('2026-01-14T21:59:00.000Z'))).toBe('2026-01-14')
      expect(finnishDate(after)).toBe('2026-01-15')
      expect(finnishDate(new Date('2026-01-14T22:00:59.999Z'))).toBe('2026-01-15')
    }
    // Before 1970 too (a negative time counts its minutes the same way).
    expect(finnishDate(new Date('1969-12-31T21:59:59.999Z'))).toBe('1969-12-31')
    expect(finnishDate(new Date('1969-12-31T22:00:00.000Z'))).toBe('1970-01-01')
    // Before May 1921 Helsinki was 1:39:49 ahead of UTC: midnight fell at 22:20:11 UTC, inside a minute.
    expect(finnishDate(new Date('1920-06-01T22:20:10.999Z'))).toBe('1920-06-01')
    expect(finnishDate(new Date('1920-06-01T22:20:11.000Z'))).toBe('1920-06-02')
    expect(finnishDate(new Date('1920-06-01T22:20:10.999Z'))).toBe('1920-06-01')
  })

  it('refuses an invalid instant and a string that is not a date', () => {
    expect(() => finnishDate(new Date('not a date'))).toThrow(RangeError)
    expect(() => finnishDayStart('2026-1-5')).toThrow(RangeError)
  })
})
