// The analytics context's pure parts (issue 18 item 5), without zod: the browser's analytics client
// builds the context with these, and the events endpoint applies the same rules again (ADR 037).

import { referrerOrigin } from './referrer-origin.ts'

export { referrerOrigin }

const EMAIL_ANYWHERE = /[^\s@/?#&=]+@[^\s@/?#&=]+\.[a-z]{2,}/i
// A henkilötunnus: date, century sign (incl. the 2023 additions), individual number, check character.
const HETU_ANYWHERE = /\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]/i
// Nine or more digits in a row (with optional spaces or dashes): a phone or account number.
const LONG_NUMBER = /\+?\d(?:[\s-]?\d){8,}/

/** Whether a text looks like it carries an e-mail address, a henkilötunnus or a phone number. */
export function carriesPersonalData(text: string): boolean {
  return EMAIL_ANYWHERE.test(text) || HETU_ANYWHERE.test(text) || LONG_NUMBER.test(text)
}

/**
 * A page URL as analytics keeps it: the path and the names of its query parameters, no values (a
 * value may be anything a form or a link put there). Only the path of our own origin is kept.
 */
export function pageUrlWithoutValues(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url, 'http://localhost')
  } catch {
    return '/'
  }
  const names = [...new Set([...parsed.searchParams.keys()])].filter((name) => /^[\w.-]{1,40}$/.test(name))
  const path = parsed.pathname.slice(0, 300)
  return names.length > 0 ? `${path}?${names.join('&')}` : path
}

export type AnalyticsContext = {
  url: string
  referrer: string | null
  title: string
  language: string
  screen: { width: number; height: number }
  viewport: { width: number; height: number }
}

/** What the context builder reads of the browser (window and document), for tests without one. */
export type ContextSource = {
  href: string
  referrer: string
  title: string
  language: string
  screen: { width: number; height: number }
  viewport: { width: number; height: number }
}

function whole(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.min(Math.round(value), 100_000) : 0
}

/** The analytics context of spec §3 for one event: no query values, the referrer's origin, no personal data. */
export function buildAnalyticsContext(source: ContextSource): AnalyticsContext {
  const title = source.title.slice(0, 300)
  return {
    url: pageUrlWithoutValues(source.href),
    referrer: referrerOrigin(source.referrer),
    title: carriesPersonalData(title) ? '' : title,
    language: /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(source.language) ? source.language : 'fi',
    screen: { width: whole(source.screen.width), height: whole(source.screen.height) },
    viewport: { width: whole(source.viewport.width), height: whole(source.viewport.height) },
  }
}
