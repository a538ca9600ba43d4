import { randomBytes } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import fastifyStatic from '@fastify/static'
import { servedPath } from '@lainava/content'
import { MARKETING_COOKIE } from '@lainava/domain/consent-cookie'
import { createRedirectMatcher, REDIRECTS } from '@lainava/routing'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestHandler, RouterContextProvider } from 'react-router'
import type { WebServices } from '../../../web/app/context.ts'
import type { Config } from '../config.ts'
import { ACCESS_COOKIE } from '../modules/auth/cookies.ts'
import { isPageFormAllowed, isStateChanging } from '../plugins/cross-site.ts'
import { registerPageData } from './page-data.ts'
import { importServerBuild, loadPrerendered, type PrerenderedPage, webContextKey } from './prerender.ts'
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
  const handle = createRequestHandler({ ...build, allowedActionOrigins }, 'production')
  const contextKey = webContextKey(build)
  const prerendered = loadPrerendered(config.WEB_BUILD_DIR, {
    version: build.assets.version,
    publicUrl: config.PUBLIC_URL,
    brandName: config.BRAND_NAME,
    company: config.COMPANY,
    content: webServices.content,
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
  /** The prerendered page for this request: a first visit's GET of a static page's exact path. */
  function prerenderedFor(request: FastifyRequest): PrerenderedPage | undefined {
    if ('reason' in prerendered || prerendered.year !== new Date().getFullYear()) return undefined
    const cookies = request.headers.cookie ?? ''
    if (request.url.includes('?') || hasSession.test(cookies) || hasChosen.test(cookies)) return undefined
    return prerendered.pages.get(request.url)
  }

  await app.register(fastifyStatic, {
    root: join(config.WEB_BUILD_DIR, 'client'),
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      const immutable = path.includes(`${join('client', 'assets')}`)
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
    },
  })

  registerPageData(app, build, { publicUrl: config.PUBLIC_URL, brandName: config.BRAND_NAME })
  // The sitemap's <lastmod> of a page whose content has no date: when its code was built.
  registerSitemap(app, config.PUBLIC_URL, webServices.content, statSync(serverEntry).mtime)

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
          const page = prerenderedFor(request)
          if (page) {
            reply.headers(page.headers)
            reply.header('content-security-policy', contentSecurityPolicy(page.scriptHashes))
            reply.header('etag', page.etag).header('vary', 'Cookie').header('cache-control', 'no-cache')
            reply.header('x-lainava-render', 'prerendered')
            if (request.headers['if-none-match'] === page.etag) return reply.status(304).send()
            return reply.status(200).send(page.body)
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
        reply.raw.on('close', () => controller.abort())
        const context = new RouterContextProvider()
        context.set(contextKey, {
          ...webServices,
          cspNonce: nonce,
          clientIp: request.ip,
          // ADR 016: page errors go to the same redacting logger as the API's, with the request id.
          log: { error: (error, message) => request.log.error({ err: asError(error) }, message) },
        })
        const response = await handle(toWebRequest(request, config.PUBLIC_URL, controller.signal), context)
        reply.header('content-security-policy', contentSecurityPolicy([`'nonce-${nonce}'`]))
        return sendWebResponse(reply, response)
      },
    })
  })
}
