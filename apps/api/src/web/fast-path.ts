import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify'
import {
  FastConnectionServer,
  type KnownHeader,
  knownHeader,
  type RawAnswer,
  type RawRequest,
  statusLine,
} from './fast-connections.ts'
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

/**
 * One negotiated answer of a resource: its variant and the header blocks Fastify sent for it, per
 * method and status. Each block is flat ([name, value, …], the form writeHead takes without
 * building an object) and ends with the request id's slot, filled in per response.
 */
type Answer = Picked & { blocks: Partial<Record<BlockKey, string[]>> }
type BlockKey = 'GET 200' | 'GET 304' | 'HEAD 200' | 'HEAD 304'

/** Accept-Encoding values remembered per resource: browsers send a handful; others are negotiated each time. */
const MAX_ANSWERS = 16

/** Header names whose values differ per response: Node adds the date, the request id is ours. */
const PER_RESPONSE = new Set(['date', 'x-request-id'])

/** The request headers the fast path reads. */
type Wanted = Partial<
  Pick<
    IncomingHttpHeaders,
    'accept-encoding' | 'if-none-match' | 'cookie' | 'x-request-id' | 'content-length' | 'transfer-encoding'
  >
>

const WANTED: ReadonlySet<KnownHeader> = new Set<keyof Wanted>([
  'accept-encoding',
  'if-none-match',
  'cookie',
  'x-request-id',
  'content-length',
  'transfer-encoding',
])
function isWanted(name: KnownHeader): name is keyof Wanted {
  return WANTED.has(name)
}

/**
 * The headers the fast path reads, taken from the raw list without building `request.headers`
 * (an object of every header, a tenth of this path's CPU with a browser's dozen). Undefined when
 * one of them comes twice: `request.headers` then joins or drops the copies by Node's rules.
 */
function wantedHeaders(raw: string[]): Wanted | undefined {
  const wanted: Wanted = {}
  for (let index = 0; index < raw.length; index += 2) {
    const key = knownHeader(raw[index] as string)
    if (key === undefined || !isWanted(key)) continue
    if (wanted[key] !== undefined) return undefined
    wanted[key] = raw[index + 1] as string
  }
  return wanted
}

export class FastPath {
  private armed: Armed | undefined
  private logInfo = false
  /** Per resource: its answer per Accept-Encoding value, and the header blocks per coding. */
  private readonly resources = new WeakMap<
    Precompressed,
    { answers: Map<string, Answer>; blocks: Partial<Record<ContentCoding, Answer['blocks']>> }
  >()
  /** Each header block's head as text, for answers written on the connection. */
  private readonly heads = new WeakMap<string[], string>()
  /** Responses sent by the fast path (tests check that it, not Fastify, answered). */
  served = 0
  /** The server made by serverFactory. */
  server: FastConnectionServer | undefined

  /** Starts answering once the app knows its resources; until then every request is Fastify's. */
  arm(armed: Armed) {
    this.armed = armed
    // The level is fixed at start-up (LOG_LEVEL); Fastify's silent logger has no isLevelEnabled.
    const log = armed.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }
    this.logInfo = log.isLevelEnabled?.('info') ?? false
  }

  /**
   * Fastify's `serverFactory`: a node:http server (with the timeouts Fastify would give its own)
   * that answers fixed requests on the connection itself while it can (ADR 069), and whose listener
   * tries the fast path, then hands the request to Fastify.
   */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    // Fastify passes its options with their defaults filled in (fastify/lib/server.js does the same).
    const settings = options as {
      keepAliveTimeout?: number
      requestTimeout?: number
      connectionTimeout?: number
      maxRequestsPerSocket?: number
    }
    const server = new FastConnectionServer(
      {},
      (request, response) => {
        if (!this.handle(request, response)) handler(request, response)
      },
      // Until the app is armed it answers nothing: every connection is Node's and Fastify's.
      this.respondOnConnection,
    )
    this.server = server
    if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout
    if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout
    if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout)
    if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket
    return server
  }

  /** The fixed answer to this request, with its header block if Fastify has taught it already. */
  private resolve(
    method: string | undefined,
    url: string | undefined,
    headers: Wanted | IncomingHttpHeaders,
  ) {
    const armed = this.armed
    if (!armed || (method !== 'GET' && method !== 'HEAD') || !url || url.includes('?')) return undefined
    // A body on a GET is unusual enough to leave to Fastify.
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined)
      return undefined
    const resource = armed.lookup(url, headers)
    if (!resource) return undefined
    const answer = this.answer(resource, headers['accept-encoding'])
    if (!answer) return undefined
    const status = matches(headers['if-none-match'], answer.variant.etag) ? 304 : 200
    // Constant keys (a built string would be hashed per request).
    const key: BlockKey =
      method === 'GET' ? (status === 200 ? 'GET 200' : 'GET 304') : status === 200 ? 'HEAD 200' : 'HEAD 304'
    return { armed, answer, status, key, block: answer.blocks[key] } as const
  }

  /** True when the request was answered here; false leaves it, untouched, to Fastify. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const { method, url } = request
    if (!this.armed) return false
    const headers = wantedHeaders(request.rawHeaders) ?? request.headers
    const found = this.resolve(method, url, headers)
    if (!found) return false
    const { armed, answer, status, key, block } = found
    if (!block) {
      this.learn(response, answer, key, { status, coding: answer.coding, etag: answer.variant.etag })
      return false
    }
    const logged = this.logInfo
    const start = logged ? performance.now() : 0
    const id = armed.requestId(headers)
    // writeHead copies the block into the response's head at once: the slot is free again after.
    block[block.length - 1] = id
    response.writeHead(status, block)
    if (method === 'HEAD' || status === 304) response.end()
    else response.end(answer.variant.body)
    this.served++
    if (logged) this.logRequest(armed, id, method, url, status, start)
    return true
  }

  /**
   * The answer written on the connection itself (ADR 069): the head Fastify taught, as text up to
   * the request id's value. Undefined (the connection goes to Node's server) when it has not
   * taught this one yet.
   */
  private readonly respondOnConnection = (request: RawRequest): RawAnswer | undefined => {
    const found = this.resolve(request.method, request.url, request.headers)
    if (!found?.block) return undefined
    const { armed, answer, status, block } = found
    const logged = this.logInfo
    const start = logged ? performance.now() : 0
    let head = this.heads.get(block)
    if (head === undefined) {
      head = statusLine(status)
      // The block as writeHead writes it: each pair on its line, the request id's name last.
      for (let index = 0; index < block.length - 2; index += 2)
        head += `${block[index]}: ${block[index + 1]}\r\n`
      head += `${block[block.length - 2]}: `
      this.heads.set(block, head)
    }
    const id = armed.requestId(request.headers)
    this.served++
    if (logged) this.logRequest(armed, id, request.method, request.url, status, start)
    const body = request.method === 'HEAD' || status === 304 ? undefined : answer.variant.body
    return { head, id, body }
  }

  private logRequest(
    armed: Armed,
    id: string,
    method: string | undefined,
    path: string | undefined,
    status: number,
    start: number,
  ) {
    // The line Fastify's RequestLogController writes (logger.ts): no query string (there is none here).
    const ms = Math.round((performance.now() - start) * 10) / 10
    armed.log.info({ reqId: id, method, path, status, ms }, 'request')
  }

  /**
   * The answer for this Accept-Encoding once the resource is settled (every variant it will have
   * exists: the choice per header value is final, so the few values browsers send are negotiated
   * once). Until then Fastify answers: a page's headers may still change (its Vary, once its
   * copies turn out not worth keeping).
   */
  private answer(resource: Precompressed, acceptEncoding: string | undefined): Answer | undefined {
    if (!resource.settled) return undefined
    let state = this.resources.get(resource)
    const known = state?.answers.get(acceptEncoding ?? '')
    if (known) return known
    if (!state) {
      state = { answers: new Map(), blocks: {} }
      this.resources.set(resource, state)
    }
    const picked = resource.pick(acceptEncoding)
    // Fastify's headers for a resource depend on the coding only: answers of one coding share them.
    const blocks = state.blocks[picked.coding] ?? {}
    state.blocks[picked.coding] = blocks
    const answer: Answer = { ...picked, blocks }
    if (state.answers.size < MAX_ANSWERS) state.answers.set(acceptEncoding ?? '', answer)
    return answer
  }

  /** Keeps the headers Fastify sends for this response, if it is the fixed one we expect. */
  private learn(
    response: ServerResponse,
    answer: Answer,
    key: BlockKey,
    expected: { status: number; coding: ContentCoding; etag: string },
  ) {
    const writeHead = response.writeHead
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      response.writeHead = writeHead
      const [status, ...rest] = args
      const extra = rest.find((arg) => typeof arg === 'object' && arg !== null)
      const block =
        status === expected.status && !Array.isArray(extra)
          ? headerBlock({ ...response.getHeaders(), ...(extra as Record<string, unknown>) }, expected)
          : undefined
      if (block) answer.blocks[key] = block
      return Reflect.apply(writeHead, this, args) as ServerResponse
    } as ServerResponse['writeHead']
  }
}

/**
 * The headers as a flat [name, value, …] list ending with the request id's slot, or undefined
 * when they are not the fixed response's.
 */
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
  block.push('x-request-id', '')
  return block
}
