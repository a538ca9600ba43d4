import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import { findRedirect } from '@lainava/routing'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'
import type { WebLoadContext, WebServices } from '../../../web/app/context.ts'
import type { Config } from '../config.ts'
import { registerPageData } from './page-data.ts'
import { registerSitemap } from './sitemap.ts'

export class MissingWebBuildError extends Error {
  constructor(dir: string) {
    super(`The web build is missing in ${dir}. Run "npm run build" (npm start builds it when it is missing).`)
    this.name = 'MissingWebBuildError'
  }
}

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
  const handle = createRequestHandler(build, 'production')
  // The context key comes from the build itself, so the server and the web code share one instance.
  const contextKey = (build.entry.module as { webContext?: RouterContext<WebLoadContext> }).webContext
  if (!contextKey) throw new Error('The web build does not export webContext from its server entry.')

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
  registerSitemap(app, config.PUBLIC_URL, webServices.content)

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
        }
        const nonce = randomBytes(16).toString('base64')
        const controller = new AbortController()
        reply.raw.on('close', () => controller.abort())
        const context = new RouterContextProvider()
        context.set(contextKey, { ...webServices, cspNonce: nonce, clientIp: request.ip })
        const response = await handle(toWebRequest(request, config.PUBLIC_URL, controller.signal), context)
        reply.header('content-security-policy', contentSecurityPolicy(nonce))
        return sendWebResponse(reply, response)
      },
    })
  })
}
