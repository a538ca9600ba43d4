import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify'
import { type ContentCoding, matches, type Precompressed } from './precompressed.ts'

// Issue 19 goal 1, ADR 041 (2026-11-24): the requests whose answer is fixed — a GET or HEAD of a
// built file or of a prerendered page as a first visit gets it — are answered before Fastify,
// from bytes and header blocks computed once. Through Fastify (its routing, helmet's headers and
// the hooks every request runs) the same response costs about four times the CPU.
//
// The header block of each (resource, method, status, coding) is the one Fastify itself sent for
// it: the first such request goes through Fastify, and its response's headers (all but Date and
// the request id) are kept. So every header (security, cache, Vary, ETag, Content-Length,
// Content-Encoding, the page's CSP) is Fastify's by construction; a response that does not look
// fixed (another status, a cookie set, a different ETag or coding) is never kept.

/** The fixed resource for this request target, or undefined when the request is Fastify's. */
export type FixedLookup = (url: string, headers: IncomingHttpHeaders) => Precompressed | undefined

type Armed = {
  lookup: FixedLookup
  requestId: (headers: IncomingHttpHeaders) => string
  log: FastifyBaseLogger
}

type Picked = ReturnType<Precompressed['pick']>
/** Accept-Encoding values remembered per resource: browsers send a handful; others are negotiated each time. */
const MAX_PICKS = 16

/** Header names whose values differ per response: Node adds the date, the request id is ours. */
const PER_RESPONSE = new Set(['date', 'x-request-id'])

export class FastPath {
  private armed: Armed | undefined
  private logInfo = false
  private readonly blocks = new WeakMap<Precompressed, Map<string, string[]>>()
  private readonly picks = new WeakMap<Precompressed, Map<string, Picked>>()
  /** Responses sent by the fast path (tests check that it, not Fastify, answered). */
  served = 0

  /** Starts answering once the app knows its resources; until then every request is Fastify's. */
  arm(armed: Armed) {
    this.armed = armed
    // The level is fixed at start-up (LOG_LEVEL); Fastify's silent logger has no isLevelEnabled.
    const log = armed.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }
    this.logInfo = log.isLevelEnabled?.('info') ?? false
  }

  /**
   * Fastify's `serverFactory`: a node:http server (with the timeouts Fastify would give its own)
   * whose listener tries the fast path, then hands the request to Fastify.
   */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    // Fastify passes its options with their defaults filled in (fastify/lib/server.js does the same).
    const settings = options as {
      keepAliveTimeout?: number
      requestTimeout?: number
      connectionTimeout?: number
      maxRequestsPerSocket?: number
    }
    const server = createServer((request, response) => {
      if (!this.handle(request, response)) handler(request, response)
    })
    if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout
    if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout
    if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout)
    if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket
    return server
  }

  /** True when the request was answered here; false leaves it, untouched, to Fastify. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const armed = this.armed
    const { method, url, headers } = request
    if (!armed || (method !== 'GET' && method !== 'HEAD') || !url || url.includes('?')) return false
    // A body on a GET is unusual enough to leave to Fastify.
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false
    const resource = armed.lookup(url, headers)
    if (!resource) return false
    const picked = this.pick(resource, headers['accept-encoding'])
    if (!picked) return false
    const { coding, variant } = picked
    const status = matches(headers['if-none-match'], variant.etag) ? 304 : 200
    const key = `${method} ${status} ${coding}`
    const block = this.blocks.get(resource)?.get(key)
    if (!block) {
      this.learn(response, resource, key, { status, coding, etag: variant.etag })
      return false
    }
    const logged = this.logInfo
    const start = logged ? performance.now() : 0
    const id = armed.requestId(headers)
    response.writeHead(status, [...block, 'x-request-id', id])
    if (method === 'HEAD' || status === 304) response.end()
    else response.end(variant.body)
    this.served++
    if (logged) {
      // The line Fastify's RequestLogController writes (logger.ts): no query string (there is none here).
      const ms = Math.round((performance.now() - start) * 10) / 10
      armed.log.info({ reqId: id, method, path: url, status, ms }, 'request')
    }
    return true
  }

  /**
   * The variant for this Accept-Encoding, or undefined while it is still being compressed. Once a
   * resource is settled the choice per header value is final, so the few values browsers send are
   * negotiated once.
   */
  private pick(resource: Precompressed, acceptEncoding: string | undefined): Picked | undefined {
    if (!resource.ready(acceptEncoding)) return undefined
    if (!resource.settled) return resource.pick(acceptEncoding)
    const key = acceptEncoding ?? ''
    let picks = this.picks.get(resource)
    const known = picks?.get(key)
    if (known) return known
    const picked = resource.pick(acceptEncoding)
    if (!picks) {
      picks = new Map()
      this.picks.set(resource, picks)
    }
    if (picks.size < MAX_PICKS) picks.set(key, picked)
    return picked
  }

  /** Keeps the headers Fastify sends for this response, if it is the fixed one we expect. */
  private learn(
    response: ServerResponse,
    resource: Precompressed,
    key: string,
    expected: { status: number; coding: ContentCoding; etag: string },
  ) {
    const writeHead = response.writeHead
    const blocks = this.blocks
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      response.writeHead = writeHead
      const [status, ...rest] = args
      const extra = rest.find((arg) => typeof arg === 'object' && arg !== null)
      const block =
        status === expected.status && !Array.isArray(extra)
          ? headerBlock({ ...response.getHeaders(), ...(extra as Record<string, unknown>) }, expected)
          : undefined
      if (block) {
        const forResource = blocks.get(resource) ?? new Map<string, string[]>()
        forResource.set(key, block)
        blocks.set(resource, forResource)
      }
      return Reflect.apply(writeHead, this, args) as ServerResponse
    } as ServerResponse['writeHead']
  }
}

/** The headers as a flat [name, value, …] list, or undefined when they are not the fixed response's. */
function headerBlock(
  headers: Record<string, unknown>,
  expected: { status: number; coding: ContentCoding; etag: string },
): string[] | undefined {
  if (headers['set-cookie'] !== undefined || headers.etag !== expected.etag) return undefined
  // A 304 names no coding (RFC 9110 §15.4.5); its ETag already names the variant.
  const coding = headers['content-encoding'] ?? (expected.status === 304 ? expected.coding : 'identity')
  if (coding !== expected.coding) return undefined
  const block: string[] = []
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_RESPONSE.has(name.toLowerCase())) continue
    for (const item of Array.isArray(value) ? value : [value]) block.push(name, String(item))
  }
  return block
}
