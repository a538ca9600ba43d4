// The Finnish calendar day: Finnish law counts days (rates in force, caps, ages, a lender's daily cap)
// by the date in Helsinki, never the UTC date. One helper for every such day.

const HOUR_MS = 3_600_000

const helsinkiDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

const MINUTE_MS = 60_000
/** Finland's clocks have been a whole number of hours from UTC since 1 May 1921 (before: +1:39:49). */
const WHOLE_HOURS_SINCE = Date.UTC(1921, 4, 1)

// The last minute asked for and its date. Since 1921 Helsinki's offsets from UTC are whole hours, so
// every instant of one UTC minute has the same Finnish date; the caps, ages and rates ask for the date
// of "now" many times per application and per page, and formatting it costs about a microsecond.
let lastMinute = Number.NaN
let lastDate = ''

/** The Finnish calendar date of an instant as `YYYY-MM-DD` (Europe/Helsinki). */
export function finnishDate(date: Date): string {
  const time = date.getTime()
  if (Number.isNaN(time)) throw new RangeError('Invalid date')
  if (time < WHOLE_HOURS_SINCE) return helsinkiDate.format(date)
  const minute = Math.floor(time / MINUTE_MS)
  if (minute !== lastMinute) {
    lastDate = helsinkiDate.format(date)
    lastMinute = minute
  }
  return lastDate
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
