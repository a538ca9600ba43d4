import { CLIENT_HEADER } from '@lainava/domain/http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../app-error.ts'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../modules/auth/cookies.ts'

// ADR 015: a state-changing request must come from one of our own origins. SameSite=Lax cookies
// still travel between sibling hosts of one site (evil.example.fi → lainava.example.fi), and a
// text/plain form or fetch needs no CORS preflight, so the cookie alone proves nothing.

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method)
}

/**
 * Where a request says it comes from: one of the allowed origins, no Origin header at all, an opaque
 * origin (`null`), or another site. Browsers send the serialised origin exactly as `URL.origin`
 * writes it, so the comparison is exact.
 */
export function originOf(
  request: FastifyRequest,
  allowed: readonly string[],
): 'allowed' | 'absent' | 'opaque' | 'foreign' {
  const origin = request.headers.origin
  if (origin === undefined || origin === '') return 'absent'
  if (origin === 'null') return 'opaque'
  return allowed.includes(origin) ? 'allowed' : 'foreign'
}

/**
 * Our pages send `Referrer-Policy: no-referrer`, and under it a browser sends `Origin: null` with a plain
 * (not scripted) form post even to its own origin. Fetch Metadata then tells: `Sec-Fetch-Site: same-origin`
 * is set by the browser itself and no page can forge it.
 */
function sameOriginByFetchMetadata(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] === 'same-origin'
}

/**
 * A page form: allowed from an allowed origin; with an opaque origin only when Fetch Metadata says
 * same-origin; without any Origin (not a browser: every current browser sends one with a POST) unless
 * Fetch Metadata says another site.
 */
export function isPageFormAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = originOf(request, allowed)
  if (origin === 'allowed') return true
  if (origin === 'opaque') return sameOriginByFetchMetadata(request)
  if (origin === 'foreign') return false
  const site = request.headers['sec-fetch-site']
  return site === undefined || site === 'same-origin' || site === 'none'
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  return type === 'application/json'
}

/**
 * The API's check for calls that carry a session cookie: an allowed Origin (or, with none, our
 * client's header) and a JSON body. Calls without our cookies (the partner API's keys and
 * signatures, logins) are not cookie-authenticated and pass untouched.
 */
export function registerCrossSiteGuard(app: FastifyInstance, allowedOrigins: readonly string[]) {
  app.addHook('onRequest', async (request) => {
    if (!isStateChanging(request.method) || !request.url.startsWith('/api/')) return
    const cookies = request.cookies
    if (cookies[ACCESS_COOKIE] === undefined && cookies[REFRESH_COOKIE] === undefined) return
    const origin = originOf(request, allowedOrigins)
    // A foreign page cannot add our header without a CORS preflight, which we never grant.
    const ours =
      origin === 'allowed' ||
      ((origin === 'absent' || origin === 'opaque') &&
        (Boolean(request.headers[CLIENT_HEADER]) || sameOriginByFetchMetadata(request)))
    if (!ours) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused.', {
        reason: 'CROSS_SITE_REQUEST',
        messageKey: 'api.crossSite',
      })
    }
    if (hasBody(request) && !isJson(request)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The body must be JSON.', {
        reason: 'JSON_REQUIRED',
        messageKey: 'api.jsonRequired',
      })
    }
  })
}
