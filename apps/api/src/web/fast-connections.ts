import {
  type IncomingMessage,
  maxHeaderSize,
  Server,
  type ServerOptions,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http'
import type { Socket } from 'node:net'

// Issue 19 goal 1, ADR 069 (2026-11-25): the fixed responses of ADR 041 answered on the connection
// itself, before Node's HTTP parser and `ServerResponse`. On a 2-core Intel machine a bare
// `node:http` server answering fixed bytes makes about half of nginx's requests per CPU-second, and
// a server that reads the socket and writes prepared bytes about 0.8 of it: the difference is the
// parser's objects, `ServerResponse` and its header validation, none of which a fixed answer needs.
//
// Only a strict, unambiguous subset of HTTP/1.1 is read here: `GET` or `HEAD` of an origin-form
// path, `HTTP/1.1`, header lines of visible ASCII ending in CRLF, one Host, no body (no
// Content-Length, no Transfer-Encoding), no Connection other than keep-alive, no Expect or Upgrade,
// the whole head in the chunk just read and under 8 KiB. Every request of that subset is one that
// Node's own parser reads the same way, and it ends at its blank line. At the first request that
// is anything else, or that the fast path does not answer (not fixed, not taught yet), the
// connection is handed to Node's HTTP server for good, with every byte from that request's first
// one: nothing is skipped or guessed, so a request can never be read differently by the two.

/** What the fast path needs of a request: its method, target and the few headers it reads. */
export type RawRequest = {
  method: 'GET' | 'HEAD'
  url: string
  headers: {
    'accept-encoding'?: string
    'if-none-match'?: string
    cookie?: string
    'x-request-id'?: string
  }
}

/** The response's head up to the request id's value, and its body (none for HEAD and 304). */
export type RawAnswer = { head: string; id: string; body: Buffer | undefined }

/** Answers a request on the connection, or undefined to hand the connection to Node's server. */
export type RawResponder = (request: RawRequest) => RawAnswer | undefined

/** Past this (or Node's own limit, if lower) the head is Node's: its limit then applies. */
const MAX_HEAD = 8 * 1024
/** More header lines than a browser sends; more is Node's (it drops lines past maxHeadersCount). */
const MAX_FIELDS = 100
/** Node's `keepAliveTimeoutBuffer` default: the socket's timeout is the advertised one plus this. */
const KEEP_ALIVE_BUFFER = 1000

/** The limits of the subset: a head or a field count past them is left to Node. */
export type HeadLimits = { bytes: number; fields: number }
const DEFAULT_LIMITS: HeadLimits = { bytes: MAX_HEAD, fields: MAX_FIELDS }

const REQUEST_LINE = /^(GET|HEAD) (\/[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*) HTTP\/1\.1$/
// A field of RFC 9110: a token, a colon, optional white space, visible ASCII with inner spaces
// or tabs. A line with anything else (a CR or LF alone, a byte past 0x7e, a folded line) fails.
// The trailing white space belongs to the value's group, so that no run of spaces can be split
// two ways: the match is linear in the line's length even when it fails (a line of spaces ending
// in a control byte was quadratic with an optional value between two `[ \t]*`).
const FIELD = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*(?:([\x21-\x7e]+(?:[ \t]+[\x21-\x7e]+)*)[ \t]*)?$/

type Parsed = RawRequest | undefined

/** The request header names either fast path looks at. */
export type KnownHeader =
  | keyof RawRequest['headers']
  | 'host'
  | 'content-length'
  | 'transfer-encoding'
  | 'connection'
  | 'expect'
  | 'upgrade'

/** The known names by their length: most names are none of them and are never lower-cased. */
const KNOWN_BY_LENGTH: (readonly KnownHeader[] | undefined)[] = []
for (const name of [
  'host',
  'cookie',
  'expect',
  'upgrade',
  'connection',
  'x-request-id',
  'if-none-match',
  'content-length',
  'accept-encoding',
  'transfer-encoding',
] as const) {
  KNOWN_BY_LENGTH[name.length] = [...(KNOWN_BY_LENGTH[name.length] ?? []), name]
}

/** The known header this field name is (names are case-insensitive), if any. */
export function knownHeader(name: string): KnownHeader | undefined {
  const candidates = KNOWN_BY_LENGTH[name.length]
  if (!candidates) return undefined
  const lower = name.toLowerCase()
  for (const candidate of candidates) if (candidate === lower) return candidate
  return undefined
}

/** The request in `head` (without its blank line) if it is of the subset read here. */
export function parseHead(head: string, limits: HeadLimits = DEFAULT_LIMITS): Parsed {
  if (head.length > limits.bytes) return undefined
  let lineEnd = head.indexOf('\r\n')
  if (lineEnd === -1) return undefined
  const requestLine = REQUEST_LINE.exec(head.slice(0, lineEnd))
  if (!requestLine) return undefined
  const headers: RawRequest['headers'] = {}
  let hosts = 0
  let fields = 0
  let start = lineEnd + 2
  while (start <= head.length) {
    lineEnd = head.indexOf('\r\n', start)
    if (lineEnd === -1) lineEnd = head.length
    const field = FIELD.exec(head.slice(start, lineEnd))
    if (!field || ++fields > limits.fields) return undefined
    const name = field[1] as string
    const value = field[2] ?? ''
    start = lineEnd + 2
    const known = knownHeader(name)
    if (known === undefined) continue
    switch (known) {
      case 'host':
        hosts++
        continue
      // A body, of any length, is Node's to read; so are an expectation and a protocol change.
      case 'content-length':
      case 'transfer-encoding':
      case 'expect':
      case 'upgrade':
        return undefined
      case 'connection':
        if (value.toLowerCase() !== 'keep-alive') return undefined
        continue
    }
    // Node joins or drops repeated lines by its own rules: such a request is Node's.
    if (headers[known] !== undefined) return undefined
    headers[known] = value
  }
  // Node answers a request without exactly one Host with 400 (requireHostHeader).
  if (hosts !== 1) return undefined
  return { method: requestLine[1] as 'GET' | 'HEAD', url: requestLine[2] as string, headers }
}

/** Node's `Date` header value, built once per second as Node does. */
let dateValue = ''
let dateUntil = 0
function httpDate(): string {
  const now = Date.now()
  if (now >= dateUntil) {
    dateValue = new Date(now).toUTCString()
    dateUntil = now - (now % 1000) + 1000
  }
  return dateValue
}

/** The status line of a response, as Node writes it. */
export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`
}

/**
 * A node:http server whose connections are first read here: fixed answers are written as prepared
 * bytes, and the connection goes to Node's own connection handling (its parser, timeouts and
 * `request` events) at the first request that is not one. Fastify sees an ordinary `http.Server`.
 */
export class FastConnectionServer extends Server {
  private readonly nodeConnectionListeners: ((socket: Socket) => void)[]
  private readonly ours = new Set<Socket>()
  private closing = false
  /** The subset's limits under Node's own (its maxHeaderSize and maxHeadersCount), set on listening. */
  private limits = DEFAULT_LIMITS
  /** Responses written on the connection itself (tests check which path answered). */
  servedOnConnection = 0
  /** Connections handed to Node's HTTP server. */
  handedOver = 0

  private readonly respond: RawResponder
  /** What Node adds to a kept-alive answer's own fields, in its order (set on listening). */
  private keepAliveFields = 'Connection: keep-alive\r\n'

  constructor(
    options: ServerOptions,
    listener: (request: IncomingMessage, response: ServerResponse) => void,
    respond: RawResponder,
  ) {
    super(options, listener)
    this.respond = respond
    // node:http reads each connection by its own 'connection' listener: kept, and called when the
    // connection is handed over (the documented way to give a socket to an HTTP server).
    this.nodeConnectionListeners = this.listeners('connection') as ((socket: Socket) => void)[]
    this.removeAllListeners('connection')
    this.on('connection', (socket: Socket) => this.accept(socket))
    this.on('listening', () => {
      this.limits = {
        bytes: Math.min(MAX_HEAD, (this as { maxHeaderSize?: number }).maxHeaderSize ?? maxHeaderSize),
        fields: Math.min(MAX_FIELDS, this.maxHeadersCount ?? MAX_FIELDS),
      }
      this.keepAliveFields = this.keepAliveTimeout
        ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(this.keepAliveTimeout / 1000)}\r\n`
        : 'Connection: keep-alive\r\n'
    })
  }

  /** Node's limit of idleness between requests: keepAliveTimeout plus its buffer (none when 0). */
  private idleTimeout(): number {
    if (!this.keepAliveTimeout) return 0
    const buffer = (this as { keepAliveTimeoutBuffer?: number }).keepAliveTimeoutBuffer
    return this.keepAliveTimeout + (typeof buffer === 'number' && buffer >= 0 ? buffer : KEEP_ALIVE_BUFFER)
  }

  private accept(socket: Socket) {
    // A server that closes a connection after some requests, or gives each connection one time
    // limit (Fastify's connectionTimeout), is Node's alone.
    if (this.closing || this.maxRequestsPerSocket || this.timeout) {
      this.handOver(socket, undefined)
      return
    }
    this.ours.add(socket)
    const onData = (chunk: Buffer) => this.read(socket, chunk, listeners)
    const onTimeout = () => socket.destroy()
    // Nothing is pending when the client half-closes between requests: close too.
    const onEnd = () => socket.end()
    const onError = () => socket.destroy()
    const onClose = () => this.ours.delete(socket)
    const onDrain = () => socket.resume()
    // Node starts the idle limit once an answer is sent, not when it is handed to the socket: a
    // client that reads a large answer slowly is not cut off in the middle of it.
    const onFlushed = () => {
      if (this.ours.has(socket) && socket.writableLength === 0) socket.setTimeout(this.idleTimeout())
    }
    const listeners = { onData, onTimeout, onEnd, onError, onClose, onDrain, onFlushed }
    socket.on('data', onData)
    socket.on('timeout', onTimeout)
    socket.on('end', onEnd)
    socket.on('error', onError)
    socket.on('close', onClose)
    socket.on('drain', onDrain)
    // Node gives a connection headersTimeout to send its first request.
    socket.setTimeout(this.headersTimeout)
  }

  private read(socket: Socket, chunk: Buffer, listeners: Listeners) {
    const text = chunk.toString('latin1')
    let start = 0
    while (start < text.length) {
      const end = text.indexOf('\r\n\r\n', start)
      const request = !this.closing && end !== -1 ? parseHead(text.slice(start, end), this.limits) : undefined
      const answer = request && this.answer(request)
      if (!answer) {
        this.release(socket, listeners)
        this.handOver(socket, start === 0 ? chunk : chunk.subarray(start))
        return
      }
      socket.cork()
      socket.write(
        `${answer.head}${answer.id}\r\nDate: ${httpDate()}\r\n${this.keepAliveFields}\r\n`,
        'latin1',
      )
      if (answer.body) socket.write(answer.body)
      socket.uncork()
      this.servedOnConnection++
      start = end + 4
      // A client that sends requests faster than it reads answers gets Node's back-pressure.
      if (socket.writableNeedDrain && start < text.length) {
        this.release(socket, listeners)
        this.handOver(socket, chunk.subarray(start))
        return
      }
    }
    if (socket.writableLength === 0) socket.setTimeout(this.idleTimeout())
    else {
      // Answers still queued: no limit until they are sent (an empty write calls back after them).
      socket.setTimeout(0)
      socket.write('', listeners.onFlushed)
      if (socket.writableNeedDrain) socket.pause()
    }
  }

  /** The responder's answer; a responder that throws leaves the request to Node's server and Fastify. */
  private answer(request: RawRequest): RawAnswer | undefined {
    try {
      return this.respond(request)
    } catch {
      return undefined
    }
  }

  private release(socket: Socket, listeners: Listeners) {
    socket.removeListener('data', listeners.onData)
    socket.removeListener('timeout', listeners.onTimeout)
    socket.removeListener('end', listeners.onEnd)
    socket.removeListener('error', listeners.onError)
    socket.removeListener('close', listeners.onClose)
    socket.removeListener('drain', listeners.onDrain)
    socket.setTimeout(0)
    this.ours.delete(socket)
  }

  /** Gives the connection to Node's HTTP server, with the bytes it has not read yet first. */
  private handOver(socket: Socket, unread: Buffer | undefined) {
    this.handedOver++
    for (const listener of this.nodeConnectionListeners) listener.call(this, socket)
    if (!unread || unread.length === 0) return
    // Node's listener is in place: the bytes go to its parser now, before any later ones.
    socket.unshift(unread)
    // Node reads a connection from its handle, outside JavaScript, and stops the handle when its
    // back-pressure pauses the connection. This stream has been read by JavaScript, which still
    // has a read of its own due (the stream reads ahead once data has passed through it). If Node
    // paused at once, on the bytes just given (pipelined requests whose answers fill the socket),
    // that read would start the handle again into a paused parser: the connection would end in
    // HPE_PAUSED. Then Node is told to read this stream in JavaScript, as it does when a program
    // adds a 'data' listener to its socket (the listener takes no data itself).
    if (socket.isPaused()) {
      socket.on('data', ignore)
      socket.removeListener('data', ignore)
    }
  }

  override closeIdleConnections() {
    this.closing = true
    super.closeIdleConnections()
    // Every connection still read here is between requests: its answers are written already.
    for (const socket of this.ours) {
      if (socket.writableLength === 0) socket.destroy()
      else socket.end()
    }
  }

  override closeAllConnections() {
    this.closing = true
    super.closeAllConnections()
    for (const socket of this.ours) socket.destroy()
  }
}

function ignore() {}

type Listeners = {
  onData: (chunk: Buffer) => void
  onTimeout: () => void
  onEnd: () => void
  onError: () => void
  onClose: () => void
  onDrain: () => void
  onFlushed: () => void
}
