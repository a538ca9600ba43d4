/**
 * Every cookie the site sets, with its consent category and lifetime: the one list the code takes the
 * names and lifetimes from and the cookie policy page (content/<lang>/pages/cookiePolicy.md) describes,
 * in every language; a test holds the two together. A new cookie goes here first.
 *
 * The consent choice's own cookie (issue 18, ADR 038): `lainava_marketing`, `true` allows marketing and
 * analytics, anything else is "necessary only". The web app sets and reads it; the server serves a visitor
 * who has chosen a live page instead of the prerendered one (that one still asks).
 */

/** `necessary`: needs no consent. `marketing`: analytics and marketing, persistent only with consent. */
export type CookieCategory = 'necessary' | 'marketing'

export type SiteCookie = {
  name: string
  category: CookieCategory
  /** Seconds; null for a session cookie (gone when the browser closes). */
  maxAge: number | null
  /** Seconds the cookie lasts once the visitor has given marketing consent, when that differs. */
  maxAgeWithConsent?: number
}

const MINUTE = 60
const DAY = 24 * 60 * MINUTE

export const SITE_COOKIES = {
  /** The login's access token (HttpOnly). */
  session: { name: 'lv_session', category: 'necessary', maxAge: 15 * MINUTE },
  /** Renews the login; sent to /api/ only (HttpOnly). */
  refresh: { name: 'lv_refresh', category: 'necessary', maxAge: 30 * DAY },
  /** Tells the page's scripts a login may be renewed; no secret. */
  loginHint: { name: 'lv_auth', category: 'necessary', maxAge: 30 * DAY },
  /** Finds this browser's encrypted application draft (HttpOnly). */
  draft: { name: 'lv_draft', category: 'necessary', maxAge: 30 * DAY },
  /** The sealed state of a strong identification under way (HttpOnly, /api/v1/identification/ only). */
  identification: { name: 'lv_oidc', category: 'necessary', maxAge: 10 * MINUTE },
  /** The consent choice itself (spec §4). */
  marketing: { name: 'lainava_marketing', category: 'necessary', maxAge: 365 * DAY },
  /** The experiments' deviceId: for the browser session only, a year with consent (spec §4). */
  deviceId: { name: 'lainava_device_id', category: 'marketing', maxAge: null, maxAgeWithConsent: 365 * DAY },
  /** The experiments' randomId: always for the browser session only. */
  randomId: { name: 'lainava_random_id', category: 'marketing', maxAge: null },
} as const satisfies Record<string, SiteCookie>

export const MARKETING_COOKIE = SITE_COOKIES.marketing.name
