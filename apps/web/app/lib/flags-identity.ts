import type { FeatureApiResponse } from '@growthbook/growthbook'
import { SITE_COOKIES } from '@lainava/domain/consent-cookie'
import type { FeaturesPayload } from '@lainava/domain/flags'
import { parseCookie } from 'cookie'
import type { ConsentChoice } from './consent.ts'
import type { Exposure } from './flags-exposure.ts'

// Issue 18 item 3 (ADR 038): the experiment attributes (spec §3: deviceId, randomId, host, deviceType,
// browser, location, path, query, hash and the user profile's id), built the same way on the server and
// in the browser so both evaluate a flag alike. The two ids live in first-party cookies, so the server
// sees them on the first request: deviceId persistent only with marketing consent (spec §4), otherwise
// gone with the browser session like randomId always is.

export const DEVICE_ID_COOKIE = SITE_COOKIES.deviceId.name
export const RANDOM_ID_COOKIE = SITE_COOKIES.randomId.name
/** How long a consented deviceId lasts (browsers cap cookies at 400 days). */
export const DEVICE_ID_MAX_AGE = SITE_COOKIES.deviceId.maxAgeWithConsent

/** An id we made: 22 URL-safe characters; anything else in the cookie is replaced. */
const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

export type FlagAttributes = {
  deviceId: string
  randomId: string
  host: string
  deviceType: 'mobile' | 'desktop'
  browser: 'edge' | 'chrome' | 'firefox' | 'safari' | 'unknown'
  /** The page's country (the language's market), e.g. 'FI'. */
  location: string
  language: string
  path: string
  query: string
  /**
   * The URL's fragment, which browsers never send: server rendering evaluates with '' (so the first
   * render agrees), and the SDK in the browser uses `location.hash` once it runs, so targeting by
   * hash applies after hydration.
   */
  hash: string
  /** The signed-in user's id; absent when signed out. */
  userId?: string
}

export function newId(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

function cookiesOf(cookieHeader: string | null | undefined): Record<string, string | undefined> {
  if (!cookieHeader) return {}
  try {
    return parseCookie(cookieHeader)
  } catch {
    return {}
  }
}

/** The Set-Cookie text of an id: persistent only when the consent allows it. */
export function idCookie(
  name: string,
  value: string,
  options: { persistent: boolean; secure: boolean },
): string {
  return [
    `${name}=${value}`,
    'Path=/',
    ...(options.persistent ? [`Max-Age=${DEVICE_ID_MAX_AGE}`] : []),
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}

/**
 * The visitor's ids from the Cookie header; missing or malformed ones are made anew and returned as
 * cookies to set (deviceId persistent only with consent, randomId always for the session).
 */
export function flagIds(
  cookieHeader: string | null | undefined,
  consent: ConsentChoice,
  secure: boolean,
): { deviceId: string; randomId: string; setCookies: string[] } {
  const cookies = cookiesOf(cookieHeader)
  const setCookies: string[] = []
  const kept = (name: string, persistent: boolean) => {
    const value = cookies[name]
    if (value && ID_PATTERN.test(value)) return value
    const made = newId()
    setCookies.push(idCookie(name, made, { persistent, secure }))
    return made
  }
  const deviceId = kept(DEVICE_ID_COOKIE, consent === 'granted')
  const randomId = kept(RANDOM_ID_COOKIE, false)
  return { deviceId, randomId, setCookies }
}

/** Reads an id from a Cookie header (the browser's document.cookie); null when absent or not ours. */
export function idFromCookies(cookieHeader: string | null | undefined, name: string): string | null {
  const value = cookiesOf(cookieHeader)[name]
  return value && ID_PATTERN.test(value) ? value : null
}

/** GrowthBook's own rule of thumb (its auto-attributes plugin): phones and tablets by "Mobi"/"Android". */
export function deviceTypeOf(userAgent: string): FlagAttributes['deviceType'] {
  return /Mobi|Android/i.test(userAgent) ? 'mobile' : 'desktop'
}

export function browserOf(userAgent: string): FlagAttributes['browser'] {
  if (/Edg\//.test(userAgent)) return 'edge'
  if (/Chrome|CriOS/.test(userAgent)) return 'chrome'
  if (/Firefox|FxiOS/.test(userAgent)) return 'firefox'
  if (/Safari/.test(userAgent)) return 'safari'
  return 'unknown'
}

export function flagAttributes(input: {
  deviceId: string
  randomId: string
  url: URL
  userAgent: string
  country: string
  language: string
  userId: string | null
}): FlagAttributes {
  return {
    deviceId: input.deviceId,
    randomId: input.randomId,
    host: input.url.host,
    deviceType: deviceTypeOf(input.userAgent),
    browser: browserOf(input.userAgent),
    location: input.country,
    language: input.language,
    path: input.url.pathname,
    query: input.url.search,
    hash: '',
    ...(input.userId ? { userId: input.userId } : {}),
  }
}

/** What the root loader hands the page: enough to render the flags and to start the SDK after hydration. */
export type FlagsData = {
  clientKey: string
  /** The environment's payload (GrowthBook's `FeatureApiResponse`) as the server evaluated it. */
  payload: FeaturesPayload
  attributes: FlagAttributes
  /** Every flag's value for these attributes: the first render reads these, no SDK needed. */
  values: Record<string, unknown>
  /** Flag key → the experiment exposure its value came from (reported when the page uses the flag). */
  exposures?: Record<string, Exposure>
}

/**
 * Our stored payload as the SDK's type. ADR 032: the domain schema checks every rule field the SDK reads
 * and passes the rest through, so the shapes agree; only the SDK's condition type is stricter than ours.
 */
export function sdkPayload(payload: FeaturesPayload): FeatureApiResponse {
  return payload as unknown as FeatureApiResponse
}
