// The Finnish calendar day: Finnish law counts days (rates in force, caps, ages, a lender's daily cap)
// by the date in Helsinki, never the UTC date. One helper for every such day.

const HOUR_MS = 3_600_000

const helsinkiDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The Finnish calendar date of an instant as `YYYY-MM-DD` (Europe/Helsinki). */
export function finnishDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date')
  return helsinkiDate.format(date)
}

/**
 * The instant a Finnish calendar day (`YYYY-MM-DD`) begins: midnight in Helsinki, 21:00 UTC the
 * day before in summer time (UTC+3), 22:00 in winter time (UTC+2). The clocks change at 03:00/04:00,
 * never at midnight, so one of the two is the day's first instant.
 */
export function finnishDayStart(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) throw new RangeError(`Not a calendar date: ${day}`)
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  const summer = new Date(utcMidnight - 3 * HOUR_MS)
  return finnishDate(summer) === day ? summer : new Date(utcMidnight - 2 * HOUR_MS)
}
