import { randomBytes } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { servedPath } from '@lainava/content'
import { MARKETING_COOKIE } from '@lainava/domain/consent-cookie'
import { nextDatedChangeAfter } from '@lainava/domain/dated-changes'
import { createRedirectMatcher, LANGUAGES, REDIRECTS } from '@lainava/routing'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestHandler, type RequestHandler, RouterContextProvider } from 'react-router'
import type { WebServices } from '../../../web/app/context.ts'
import type { Config } from '../config.ts'
import { ACCESS_COOKIE } from '../modules/auth/cookies.ts'
import { isPageFormAllowed, isStateChanging } from '../plugins/cross-site.ts'
import { isTemporarilyUnavailable, RETRY_AFTER_SECONDS } from '../temporarily-unavailable.ts'
import type { FixedLookup } from './fast-path.ts'
import { registerPageData } from './page-data.ts'
import { registerStaticFiles, sendPrecompressed } from './precompressed.ts'
import { importServerBuild, loadPrerendered, type PrerenderedPage, webContextKey } from './prerender.ts'
import { splitRoutesByPrefix } from './route-subsets.ts'
import { registerSitemap } from './sitemap.ts'
import { wrongOriginPage } from './wrong-origin-page.ts'

export class MissingWebBuildError extends Error {
  constructor(dir: string) {
    super(`The web build is missing in ${dir}. Run "npm run build" (npm start builds it when it is missing).`)
    this.name = 'MissingWebBuildError'
  }
}

/** The policy of every page; inline scripts are allowed by a per-response nonce or by their hashes. */
function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptSources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

function toWebRequest(request: FastifyRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  // Only the path and query come from the client; the origin is ours (no absolute-form request targets).
  const target = request.url.startsWith('/')
    ? request.url
    : `/${request.url.replace(/^[a-z]+:\/\/[^/]*/i, '')}`
  return new Request(new URL(target.replace(/^\/+/, '/'), origin), {
    method: request.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit)
}

/** A thrown value as an Error, for the log's error serializer (a loader may throw anything). */
function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(`non-error thrown: ${typeof value}`)
}

const isDocument = (response: Response) =>
  response.headers.get('content-type')?.startsWith('text/html') ?? false

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status)
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  if (!response.body) return reply.send()
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}

/**
 * Serves the React Router build: static files from build/client (fingerprinted
 * assets cached for a year) and every other non-API path rendered on the server.
 */
export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  webServices: WebServices,
  apiNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  const serverEntry = join(config.WEB_BUILD_DIR, 'server', 'index.js')
  if (!existsSync(serverEntry)) throw new MissingWebBuildError(config.WEB_BUILD_DIR)
  const build = await importServerBuild(config.WEB_BUILD_DIR)
  // ADR 015: page forms from every allowed origin, not only PUBLIC_URL's. React Router compares hosts
  // only and refuses an opaque origin outright; the handler below checks both first (the scheme, and
  // `null` by Fetch Metadata, which a plain form post sends under our no-referrer policy).
  const allowedActionOrigins = [...config.ALLOWED_ORIGINS.map((origin) => new URL(origin).host), 'null']
  // Issue 19: each language's pages are matched against its own routes (route-subsets.ts).
  const subsets = splitRoutesByPrefix(
    build,
    Object.values(LANGUAGES).map(({ prefix }) => prefix.slice(1)),
  )
  const handlers = new Map(
    [subsets.all, ...subsets.byPrefix.values()].map((subset) => [
      subset,
      createRequestHandler({ ...subset, allowedActionOrigins }, 'production'),
    ]),
  )
  const contextKey = webContextKey(build)
  const prerendered = loadPrerendered(config.WEB_BUILD_DIR, {
    version: build.assets.version,
    publicUrl: config.PUBLIC_URL,
    brandName: config.BRAND_NAME,
    company: config.COMPANY,
    content: webServices.content,
    warn: (message) => app.log.warn(message),
  })
  if ('reason' in prerendered) {
    app.log.warn(`Prerendered pages are not used: ${prerendered.reason}; every page is rendered per request.`)
  } else {
    app.log.info(`${prerendered.pages.size} prerendered content pages loaded.`)
  }
  // Issue 14: a redirect lands in one hop, on the page as the content really serves it.
  const findRedirect = createRedirectMatcher(REDIRECTS, (screen, language, params) =>
    servedPath(webServices.content, screen, language, params),
  )
  const hasSession = new RegExp(`(?:^|;\\s*)${ACCESS_COOKIE}=`)
  // A visitor who has answered the cookie banner: the prerendered page would show it again until it
  // hydrates, and its flags are the code's defaults (issue 18).
  const hasChosen = new RegExp(`(?:^|;\\s*)${MARKETING_COOKIE}=`)
  // A prerendered page shows the year it was rendered in (the footer's ©): it is served only in that
  // year, by the server's local clock as `getFullYear` reads it. The year's bounds are computed once,
  // so a request (every GET asks here, on the fast path too) reads the clock without a Date.
  const yearStart = 'reason' in prerendered ? 0 : new Date(prerendered.year, 0, 1).getTime()
  const yearEnd = 'reason' in prerendered ? 0 : new Date(prerendered.year + 1, 0, 1).getTime()
  // ADR 053 amendment: its calculator's example and payment come from the domain's dated tables as
  // they stood at the build (the manifest's renderedAt); a row coming into force later ends the
  // pages' validity too, at the start of its Finnish day, so they are rendered live from then on.
  const nextChange = 'reason' in prerendered ? undefined : nextDatedChangeAfter(prerendered.renderedAt)
  const validUntil = Math.min(yearEnd, nextChange?.getTime() ?? yearEnd)
  /** The prerendered page for this request: a first visit's GET of a static page's exact path. */
  function prerenderedFor(url: string, cookies = ''): PrerenderedPage | undefined {
    if ('reason' in prerendered) return undefined
    if (url.includes('?') || hasSession.test(cookies) || hasChosen.test(cookies)) return undefined
    const page = prerendered.pages.get(url)
    if (!page) return undefined
    const now = Date.now()
    return now >= yearStart && now < validUntil ? page : undefined
  }

  // ADR 041: build/client from memory, in the codings the build made (fingerprinted assets immutable).
  const files = registerStaticFiles(app, join(config.WEB_BUILD_DIR, 'client'))

  registerPageData(app, build, {
    publicUrl: config.PUBLIC_URL,
    brandName: config.BRAND_NAME,
    content: webServices.content,
  })
  // The sitemap's <lastmod> of a page whose content has no date: when its code was built, by the
  // prerendered pages' record where they are served (a copy of the build that does not keep
  // timestamps moves the files' mtimes to the copy's time), else by the server entry's mtime.
  const builtAt = 'reason' in prerendered ? statSync(serverEntry).mtime : prerendered.renderedAt
  registerSitemap(app, config.PUBLIC_URL, webServices.content, builtAt)

  await app.register(async (web) => {
    // The web handler reads the raw body itself (form posts to actions).
    web.removeAllContentTypeParsers()
    web.addContentTypeParser('*', (_request, _payload, done) => done(null))
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        if (request.url === '/api' || request.url.startsWith('/api/')) return apiNotFound(request, reply)
        // spec §2: the server answers a redirect itself; a redirected page is never rendered.
        if (request.method === 'GET' || request.method === 'HEAD') {
          const [pathname = '/', search = ''] = request.url.split('?')
          const redirect = findRedirect(pathname, search)
          if (redirect) return reply.redirect(redirect.location, redirect.permanent ? 301 : 302)
          const page = prerenderedFor(request.url, request.headers.cookie)
          if (page) {
            reply.headers(page.headers)
            reply.header('content-security-policy', contentSecurityPolicy(page.scriptHashes))
            reply.header('x-lainava-render', 'prerendered')
            // ADR 041: the page's brotli, gzip or plain bytes, never compressed again per request.
            return sendPrecompressed(request, reply, page.resource, {
              vary: 'Cookie',
              'cache-control': 'no-cache',
            })
          }
        }
        if (isStateChanging(request.method) && !isPageFormAllowed(request, config.ALLOWED_ORIGINS)) {
          const page = wrongOriginPage(request.url, {
            publicUrl: config.PUBLIC_URL,
            brandName: config.BRAND_NAME,
          })
          reply.header('content-security-policy', contentSecurityPolicy([]))
          return reply
            .status(403)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(page)
        }
        const nonce = randomBytes(16).toString('base64')
        const controller = new AbortController()
        // A client that leaves before the page is sent stops its render. Aborting every finished
        // response as well cost 1 % of a live render's CPU (issue 19: an error object per request).
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) controller.abort()
        })
        const context = new RouterContextProvider()
        let unavailable = false
        context.set(contextKey, {
          ...webServices,
          cspNonce: nonce,
          clientIp: request.ip,
          // ADR 016: page errors go to the same redacting logger as the API's, with the request id.
          log: {
            error: (error, message) => {
              if (isTemporarilyUnavailable(error)) unavailable = true
              request.log.error({ err: asError(error) }, message)
            },
          },
        })
        const webRequest = toWebRequest(request, config.PUBLIC_URL, controller.signal)
        const handle = handlers.get(subsets.forPath(new URL(webRequest.url).pathname)) as RequestHandler
        const response = await handle(webRequest, context)
        reply.header('content-security-policy', contentSecurityPolicy([`'nonce-${nonce}'`]))
        // ADR 065: an error page because the database takes no connections now is a 503 to come back
        // to (a crawler keeps the page), not a 500. Documents only: the router's data requests keep
        // the status its client reads.
        if (unavailable && response.status === 500 && isDocument(response)) {
          reply.header('retry-after', String(RETRY_AFTER_SECONDS))
          return sendWebResponse(
            reply,
            new Response(response.body, { status: 503, headers: response.headers }),
          )
        }
        return sendWebResponse(reply, response)
      },
    })
  })

  /**
   * ADR 041's fast path (fast-path.ts): the resource whose bytes answer this GET or HEAD exactly as
   * the routes above would, or undefined. Files first, as Fastify routes them; a page only where
   * the handler above would reach its prerendered branch (not /api, no redirect).
   */
  const redirected = new Map<string, boolean>()
  const fixedResource: FixedLookup = (url, headers) => {
    if (url.includes('?')) return undefined
    const file = files.get(url)
    if (file) return file
    const page = prerenderedFor(url, headers.cookie)
    if (!page || url === '/api' || url.startsWith('/api/')) return undefined
    // The redirect table is fixed: asked once per page path.
    let isRedirected = redirected.get(url)
    if (isRedirected === undefined) {
      isRedirected = findRedirect(url, '') !== null
      redirected.set(url, isRedirected)
    }
    return isRedirected ? undefined : page.resource
  }
  return { fixedResource }
}
