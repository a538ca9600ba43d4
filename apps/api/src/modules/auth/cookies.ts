// Session cookies: HttpOnly, SameSite, Secure outside plain-http development.
// The refresh cookie is sent only to the API (refresh and logout).

import { SITE_COOKIES } from '@lainava/domain/consent-cookie'
import { isUnsafeText } from '@lainava/domain/unsafe-text'
import { parseCookie } from 'cookie'

// Names and lifetimes from the site's cookie list, which the cookie policy page describes.
export const ACCESS_COOKIE = SITE_COOKIES.session.name
export const REFRESH_COOKIE = SITE_COOKIES.refresh.name
/** Not a secret and readable by scripts: tells the page a login may be refreshable (see the web's user state). */
export const LOGIN_HINT_COOKIE = SITE_COOKIES.loginHint.name
export const ACCESS_TTL_SECONDS = SITE_COOKIES.session.maxAge
export const REFRESH_TTL_SECONDS = SITE_COOKIES.refresh.maxAge

type CookieOptions = { secure: boolean }

function serialize(name: string, value: string, attributes: string[]): string {
  return [`${name}=${value}`, ...attributes].join('; ')
}

export function sessionCookies(
  tokens: { access: string; refresh: string },
  { secure }: CookieOptions,
): string[] {
  const common = ['HttpOnly', ...(secure ? ['Secure'] : [])]
  return [
    serialize(ACCESS_COOKIE, tokens.access, [
      'Path=/',
      `Max-Age=${ACCESS_TTL_SECONDS}`,
      'SameSite=Lax',
      ...common,
    ]),
    serialize(REFRESH_COOKIE, tokens.refresh, [
      'Path=/api/',
      `Max-Age=${REFRESH_TTL_SECONDS}`,
      'SameSite=Strict',
      ...common,
    ]),
    serialize(LOGIN_HINT_COOKIE, '1', [
      'Path=/',
      `Max-Age=${SITE_COOKIES.loginHint.maxAge}`,
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ]),
  ]
}

export function clearedSessionCookies({ secure }: CookieOptions): string[] {
  const common = ['HttpOnly', 'Max-Age=0', ...(secure ? ['Secure'] : [])]
  return [
    serialize(ACCESS_COOKIE, '', ['Path=/', 'SameSite=Lax', ...common]),
    serialize(REFRESH_COOKIE, '', ['Path=/api/', 'SameSite=Strict', ...common]),
    serialize(LOGIN_HINT_COOKIE, '', ['Path=/', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])]),
  ]
}

/**
 * Reads one cookie from a Cookie header with the maintained `cookie` parser (issue 13: the
 * hand-rolled reader threw on `%E0%A4%A` and gave every page a 500). A value that does not
 * decode stays as sent, and a value that is not safe text counts as no cookie.
 */
export function readCookie(header: string | undefined | null, name: string): string | undefined {
  if (!header) return undefined
  const value = parseCookie(header)[name]
  return value === undefined || isUnsafeText(value) ? undefined : value
}
