import { connect } from 'node:net'
import type { DbHandle } from '@lainava/db'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type App, buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { FAST_PATH_ENV, fastAndPlainServers } from '../test/fast-path-servers.ts'
import { parseHead } from './fast-connections.ts'

// ADR 069 (2026-11-25): fixed answers written on the connection itself, before Node's parser. Over
// raw sockets, so that each byte the client sends and gets is the test's: the answers must be the
// bytes Node's server sends (but the Date and the request id), and any request outside the strict
// subset read there, or sent after one, must be answered exactly as a server without the fast path
// answers it. Needs the production build (npm test builds first).

describe('parseHead: the strict subset of HTTP/1.1 read on the connection', () => {
  const head = (...lines: string[]) => lines.join('\r\n')

  it('reads a browser-like GET or HEAD with the headers the fast path uses', () => {
    expect(
      parseHead(
        head(
          'GET /autolaina/ HTTP/1.1',
          'Host: localhost:3000',
          'Accept-Encoding:   gzip, deflate, br, zstd  ',
          'If-None-Match: "abc"',
          'cookie: a=1; b=2',
          'X-Request-Id: abc-12345',
          'Connection: Keep-Alive',
          'Sec-Fetch-Mode: navigate',
          'Empty:',
        ),
      ),
    ).toEqual({
      method: 'GET',
      url: '/autolaina/',
      headers: {
        'accept-encoding': 'gzip, deflate, br, zstd',
        'if-none-match': '"abc"',
        cookie: 'a=1; b=2',
        'x-request-id': 'abc-12345',
      },
    })
    expect(parseHead(head('HEAD /assets/a-1.js HTTP/1.1', 'Host: a'))).toEqual({
      method: 'HEAD',
      url: '/assets/a-1.js',
      headers: {},
    })
  })

  it('leaves every other request to Node', () => {
    const refused: [string, string][] = [
      ['a body by length', head('GET / HTTP/1.1', 'Host: a', 'Content-Length: 0')],
      ['a chunked body', head('GET / HTTP/1.1', 'Host: a', 'Transfer-Encoding: chunked')],
      ['a folded line', head('GET / HTTP/1.1', 'Host: a', 'Accept-Encoding: br,', ' gzip')],
      ['a space before the colon', head('GET / HTTP/1.1', 'Host : a')],
      ['a bare LF inside', 'GET / HTTP/1.1\r\nHost: a\nX: b'],
      ['a bare CR inside', 'GET / HTTP/1.1\r\nHost: a\rX: b'],
      ['a NUL in a value', head('GET / HTTP/1.1', 'Host: a', 'X: a\0b')],
      ['a byte past ASCII in the path', head('GET /\u00e4/ HTTP/1.1', 'Host: a')],
      ['a byte past ASCII in a value', head('GET / HTTP/1.1', 'Host: a', 'X: \u00e4')],
      ['no Host', head('GET / HTTP/1.1', 'X: a')],
      ['two Hosts', head('GET / HTTP/1.1', 'Host: a', 'host: b')],
      ['HTTP/1.0', head('GET / HTTP/1.0', 'Host: a')],
      ['an absolute target', head('GET http://a/ HTTP/1.1', 'Host: a')],
      ['an asterisk target', head('OPTIONS * HTTP/1.1', 'Host: a')],
      ['a query', head('GET /?a=1 HTTP/1.1', 'Host: a')],
      ['a fragment', head('GET /#a HTTP/1.1', 'Host: a')],
      ['POST', head('POST / HTTP/1.1', 'Host: a')],
      ['a lower-case method', head('get / HTTP/1.1', 'Host: a')],
      ['two spaces', head('GET  / HTTP/1.1', 'Host: a')],
      ['Connection: close', head('GET / HTTP/1.1', 'Host: a', 'Connection: close')],
      ['Connection: upgrade', head('GET / HTTP/1.1', 'Host: a', 'Connection: keep-alive, Upgrade')],
      ['Upgrade', head('GET / HTTP/1.1', 'Host: a', 'Upgrade: websocket')],
      ['Expect', head('GET / HTTP/1.1', 'Host: a', 'Expect: 100-continue')],
      ['two Cookie lines', head('GET / HTTP/1.1', 'Host: a', 'Cookie: a=1', 'Cookie: b=2')],
      [
        'two Accept-Encoding lines',
        head('GET / HTTP/1.1', 'Host: a', 'Accept-Encoding: br', 'accept-encoding: gzip'),
      ],
      ['a blank line first', head('', 'GET / HTTP/1.1', 'Host: a')],
      ['a head over 8 KiB', head('GET / HTTP/1.1', 'Host: a', `X: ${'a'.repeat(8200)}`)],
      [
        'more than 100 fields',
        head('GET / HTTP/1.1', 'Host: a', ...Array.from({ length: 100 }, () => 'X: a')),
      ],
    ]
    for (const [name, text] of refused) expect(parseHead(text), name).toBeUndefined()
  })

  it('refuses a field of spaces that ends in a control byte, and keeps to the limits it is given', () => {
    // The shape that made the first version of the field pattern backtrack quadratically.
    expect(parseHead(head('GET / HTTP/1.1', 'Host: a', `X:${' '.repeat(8_000)}\u0001`))).toBeUndefined()
    expect(parseHead(head('GET / HTTP/1.1', 'Host: a', `X: a${' \t'.repeat(3_000)}`))?.url).toBe('/')
    const request = head('GET / HTTP/1.1', 'Host: a', 'X: 1', 'Y: 2')
    expect(parseHead(request, { bytes: request.length, fields: 3 })?.url).toBe('/')
    expect(parseHead(request, { bytes: request.length - 1, fields: 3 })).toBeUndefined()
    expect(parseHead(request, { bytes: request.length, fields: 2 })).toBeUndefined()
  })
})

type Response = { head: string; status: number; body: Buffer }

/** Splits what a server sent into responses, by Content-Length or chunks (HEAD and 304 carry no body). */
function responses(bytes: Buffer, methods: string[]): Response[] {
  const found: Response[] = []
  let at = 0
  while (at < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', at, 'latin1')
    if (end === -1) throw new Error(`an unfinished head: ${bytes.subarray(at).toString('latin1')}`)
    const head = bytes.subarray(at, end).toString('latin1')
    const status = Number(head.slice(9, 12))
    const bodyless = methods[found.length] === 'HEAD' || status === 304
    at = end + 4
    if (!bodyless && /^transfer-encoding: chunked$/im.test(head)) {
      // A page rendered live is streamed in chunks: size in hex, CRLF, data, CRLF; size 0 ends it.
      const chunks: Buffer[] = []
      for (;;) {
        const lineEnd = bytes.indexOf('\r\n', at, 'latin1')
        const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16)
        at = lineEnd + 2
        if (size === 0) {
          at += 2
          break
        }
        chunks.push(bytes.subarray(at, at + size))
        at += size + 2
      }
      found.push({ head, status, body: Buffer.concat(chunks) })
      continue
    }
    const length = bodyless ? 0 : Number(/^content-length: (\d+)$/im.exec(head)?.[1] ?? 0)
    found.push({ head, status, body: bytes.subarray(at, at + length) })
    at += length
  }
  return found
}

/**
 * The head as a set of fields: names in lower case (they are case-insensitive, and Fastify's
 * helmet writes some capitalised), in name order (the order of different names carries no
 * meaning, RFC 9110 §5.3), the values that differ per response left out.
 */
function comparable(head: string): string[] {
  const [statusLine, ...fields] = head.split('\r\n')
  const normal = fields.map((field) => {
    const colon = field.indexOf(':')
    const name = field.slice(0, colon).toLowerCase()
    if (name === 'date' || name === 'x-request-id') return `${name}: *`
    // A page rendered live sets visitor ids of its own.
    if (name === 'set-cookie') return field.replace(/^[^:]*: ([^=]*)=[^;]*/, 'set-cookie: $1=*')
    // A page rendered live has a nonce of its own in its policy.
    return `${name}${field.slice(colon).replace(/'nonce-[^']*'/g, "'nonce-*'")}`
  })
  return [statusLine ?? '', ...normal.sort()]
}

type Part = { bytes: string | Buffer; after?: number; gate?: () => Promise<unknown> }

/**
 * Writes the parts on one connection, each once `after` answers have arrived (none: at once), and
 * returns everything the server sent until it closed. `end` half-closes after the last part;
 * `readFrom` holds the answers unread until it resolves.
 */
function exchange(
  origin: string,
  parts: Part[],
  {
    methods = [],
    end = false,
    readFrom,
  }: { methods?: string[]; end?: boolean; readFrom?: Promise<unknown> } = {},
) {
  const { hostname, port } = new URL(origin)
  return new Promise<Buffer>((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    const chunks: Buffer[] = []
    let next = 0
    let received = 0
    const writeDue = () => {
      while (next < parts.length && (parts[next]?.after ?? 0) <= received) {
        const part = parts[next++] as Part
        if (part.gate) {
          part.gate().then(() => {
            socket.write(part.bytes)
            writeDue()
          }, reject)
          return
        }
        socket.write(part.bytes)
      }
      if (next === parts.length && end) {
        next++
        socket.end()
      }
    }
    socket.on('connect', writeDue)
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      if (next < parts.length) {
        received = countAnswers(Buffer.concat(chunks), methods)
        writeDue()
      }
    })
    socket.on('end', () => resolve(Buffer.concat(chunks)))
    socket.on('error', reject)
    if (readFrom) {
      socket.pause()
      readFrom.then(() => socket.resume(), reject)
    }
  })
}

/** Whole answers in the bytes so far. */
function countAnswers(bytes: Buffer, methods: string[]): number {
  let count = 0
  let at = 0
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', at, 'latin1')
    if (end === -1) return count
    const head = bytes.subarray(at, end).toString('latin1')
    const bodyless = methods[count] === 'HEAD' || head.startsWith('HTTP/1.1 304')
    const length = bodyless ? 0 : Number(/^content-length: (\d+)$/im.exec(head)?.[1] ?? 0)
    if (bytes.length < end + 4 + length) return count
    count++
    at = end + 4 + length
  }
}

const BROWSER = 'gzip, deflate, br, zstd'

describe('fixed answers on the connection itself', () => {
  let servers: Awaited<ReturnType<typeof fastAndPlainServers>>
  let lines: Record<string, unknown>[]
  let database: DbHandle
  let fast: App
  let fastOrigin: string
  let plainOrigin: string
  let script: string

  const get = (path: string, ...headers: string[]) =>
    [`GET ${path} HTTP/1.1`, 'Host: localhost', ...headers, '', ''].join('\r\n')
  const head = (path: string, ...headers: string[]) =>
    [`HEAD ${path} HTTP/1.1`, 'Host: localhost', ...headers, '', ''].join('\r\n')
  const close = get('/api/health', 'Connection: close')

  const counters = () => ({
    onConnection: fast.fastPath?.server?.servedOnConnection ?? 0,
    handedOver: fast.fastPath?.server?.handedOver ?? 0,
    served: fast.fastPath?.served ?? 0,
  })

  beforeAll(async () => {
    servers = await fastAndPlainServers()
    ;({ lines, database, fast, fastOrigin, plainOrigin, script } = servers)
    // Fastify teaches each answer's head: a page compressed on first use needs two requests first.
    for (const path of ['/autolaina/', script]) {
      for (const encoding of [[`Accept-Encoding: ${BROWSER}`], ['Accept-Encoding: gzip'], []]) {
        for (let round = 0; round < 3; round++) {
          const first = responses(await exchange(fastOrigin, [{ bytes: get(path, ...encoding) + close }]), [])
          const etag = /^etag: (.*)$/im.exec(first[0]?.head ?? '')?.[1] ?? ''
          await exchange(fastOrigin, [
            {
              bytes: head(path, ...encoding) + get(path, ...encoding, `If-None-Match: ${etag}`) + close,
            },
          ])
        }
      }
    }
  })
  afterAll(async () => {
    await servers?.close()
  })

  it('sends the bytes Node sends, for GET, HEAD and 304, on one kept-alive connection', async () => {
    for (const path of ['/autolaina/', script]) {
      const etag = /^etag: (.*)$/im.exec(
        responses(
          await exchange(plainOrigin, [{ bytes: get(path, `Accept-Encoding: ${BROWSER}`) + close }]),
          [],
        )[0]?.head ?? '',
      )?.[1]
      expect(etag).toBeTruthy()
      const requests = [
        get(path, `Accept-Encoding: ${BROWSER}`),
        head(path, 'Accept-Encoding: gzip'),
        get(path, `Accept-Encoding: ${BROWSER}`, `If-None-Match: ${etag}`),
        get(path, 'Accept-Encoding: gzip', 'Connection: keep-alive'),
      ]
      const methods = ['GET', 'HEAD', 'GET', 'GET', 'GET']
      // One request at a time, each after the previous answer, then one that closes.
      const parts = [...requests, close].map((bytes, index) => ({ bytes, after: index }))
      const before = counters()
      const viaConnection = responses(await exchange(fastOrigin, parts, { methods }), methods)
      const after = counters()
      const viaNode = responses(await exchange(plainOrigin, parts, { methods }), methods)
      expect(after.onConnection - before.onConnection, path).toBe(requests.length)
      // The closing request is not a fixed one: the connection went to Node's server for it.
      expect(after.handedOver - before.handedOver, path).toBe(1)
      expect(viaConnection.map((r) => r.status)).toEqual([200, 200, 304, 200, 200])
      expect(viaConnection.map((r) => comparable(r.head))).toEqual(viaNode.map((r) => comparable(r.head)))
      viaConnection.forEach((response, index) => {
        expect(response.body.equals(viaNode[index]?.body ?? Buffer.alloc(0)), `${path} #${index}`).toBe(true)
      })
      expect(viaConnection[0]?.head).toMatch(/^content-encoding: br$/im)
      expect(viaConnection[1]?.body.length).toBe(0)
      expect(viaConnection[2]?.body.length).toBe(0)
    }
  })

  it('keeps the request id and writes one log line per request', async () => {
    const id = 'on-connection-test-1'
    const before = counters()
    const [answer] = responses(
      await exchange(fastOrigin, [{ bytes: get(script, `X-Request-Id: ${id}`) }, { bytes: close, after: 1 }]),
      [],
    )
    expect(counters().onConnection).toBe(before.onConnection + 1)
    expect(answer?.head).toMatch(new RegExp(`^x-request-id: ${id}$`, 'im'))
    const logged = lines.filter((line) => line.reqId === id)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ level: 30, method: 'GET', path: script, status: 200, msg: 'request' })
    // Without one, each answer has its own.
    const ids = responses(
      await exchange(fastOrigin, [
        { bytes: get(script) },
        { bytes: get(script), after: 1 },
        { bytes: close, after: 2 },
      ]),
      [],
    ).map((r) => /^x-request-id: (.*)$/im.exec(r.head)?.[1])
    expect(new Set(ids).size).toBe(3)
  })

  it('hands the connection to Node at the first request it does not answer, with every byte of it', async () => {
    // Pipelined in one write: two fixed, an API call, fixed again (now Node's fast path answers it).
    const payload = get('/autolaina/') + head(script) + get('/api/health') + get(script) + close
    const methods = ['GET', 'HEAD', 'GET', 'GET', 'GET']
    const before = counters()
    const viaFast = responses(await exchange(fastOrigin, [{ bytes: payload }]), methods)
    const after = counters()
    const viaNode = responses(await exchange(plainOrigin, [{ bytes: payload }]), methods)
    expect(viaFast).toHaveLength(5)
    expect(viaFast.map((r) => comparable(r.head))).toEqual(viaNode.map((r) => comparable(r.head)))
    viaFast.forEach((response, index) => {
      expect(response.body.equals(viaNode[index]?.body ?? Buffer.alloc(0)), `#${index}`).toBe(true)
    })
    expect(after.onConnection - before.onConnection).toBe(2)
    expect(after.handedOver - before.handedOver).toBe(1)
    // The script after the API call was answered by the fast path inside Node's server.
    expect(after.served - before.served).toBe(3)
  })

  it('answers hostile and unusual requests exactly as a server without it', async () => {
    const cases: [string, string | Buffer][] = [
      // A second request hidden in a body: the body is the first request's.
      [
        'a body by length',
        `GET /autolaina/ HTTP/1.1\r\nHost: a\r\nContent-Length: 38\r\n\r\n${get(script).slice(0, 38)}${close}`,
      ],
      [
        'a chunked body',
        `GET /autolaina/ HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n${close}`,
      ],
      [
        'length and chunked',
        `GET /autolaina/ HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${close}`,
      ],
      [
        'a folded line',
        `GET /autolaina/ HTTP/1.1\r\nHost: a\r\nAccept-Encoding: br,\r\n gzip\r\n\r\n${close}`,
      ],
      ['a bare LF', `GET /autolaina/ HTTP/1.1\nHost: a\n\n${close}`],
      ['a space before the colon', `GET /autolaina/ HTTP/1.1\r\nHost : a\r\n\r\n${close}`],
      ['no Host', `GET /autolaina/ HTTP/1.1\r\nAccept: */*\r\n\r\n${close}`],
      ['two Hosts', `GET /autolaina/ HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n${close}`],
      ['HTTP/1.0', 'GET /autolaina/ HTTP/1.0\r\nHost: a\r\n\r\n'],
      ['Connection: close', get('/autolaina/', 'Connection: close')],
      ['an absolute target', `GET http://localhost${script} HTTP/1.1\r\nHost: localhost\r\n\r\n${close}`],
      ['a path outside the build', get(`/assets/../assets/${script.slice('/assets/'.length)}`) + close],
      [
        'bytes past ASCII',
        Buffer.concat([
          Buffer.from('GET /autolaina/ HTTP/1.1\r\nHost: a\r\nX: '),
          Buffer.from([0xc3, 0xa4]),
          Buffer.from(`\r\n\r\n${close}`),
        ]),
      ],
      ['a NUL', `GET /autolaina/ HTTP/1.1\r\nHost: a\r\nX: a\0b\r\n\r\n${close}`],
      ['a head over 16 KiB', get('/autolaina/', `X: ${'a'.repeat(17_000)}`)],
      ['garbage', 'HELLO\r\n\r\n'],
    ]
    for (const [name, payload] of cases) {
      const before = counters()
      const viaFast = responses(await exchange(fastOrigin, [{ bytes: payload }]), [])
      const after = counters()
      const viaNode = responses(await exchange(plainOrigin, [{ bytes: payload }]), [])
      expect(after.onConnection - before.onConnection, name).toBe(0)
      expect(after.handedOver - before.handedOver, name).toBe(1)
      expect(viaFast.length, name).toBeGreaterThan(0)
      expect(
        viaFast.map((r) => comparable(r.head)),
        name,
      ).toEqual(viaNode.map((r) => comparable(r.head)))
      viaFast.forEach((response, index) => {
        // A page rendered live (streamed in chunks) holds ids of its own: its status and head are compared.
        if (/^transfer-encoding: chunked$/im.test(response.head)) return
        expect(response.body.equals(viaNode[index]?.body ?? Buffer.alloc(0)), `${name} #${index}`).toBe(true)
      })
    }
  })

  it('answers the unusual requests it does read exactly as a server without it', async () => {
    const cases: [string, string][] = [
      ['tabs around a value', get('/autolaina/', 'Accept-Encoding:\tgzip\t', 'X-Note:\ta\tb')],
      ['an empty Host', 'GET /autolaina/ HTTP/1.1\r\nHost:\r\nAccept-Encoding: br\r\n\r\n'],
      ['Connection: Keep-Alive', get(script, 'Connection: Keep-Alive')],
      [
        '99 more fields',
        get(script, ...Array.from({ length: 99 }, (_, index) => `X-Field-${index}: ${index}`)),
      ],
      ['a head of nearly 8 KiB', get(script, `X-Long: ${'a'.repeat(8_000)}`)],
    ]
    for (const [name, request] of cases) {
      const parts = [{ bytes: request }, { bytes: close, after: 1 }]
      const before = counters()
      const viaFast = responses(await exchange(fastOrigin, parts), [])
      const after = counters()
      const viaNode = responses(await exchange(plainOrigin, parts), [])
      expect(after.onConnection - before.onConnection, name).toBe(1)
      expect(
        viaFast.map((r) => comparable(r.head)),
        name,
      ).toEqual(viaNode.map((r) => comparable(r.head)))
      viaFast.forEach((response, index) => {
        expect(response.body.equals(viaNode[index]?.body ?? Buffer.alloc(0)), `${name} #${index}`).toBe(true)
      })
    }
  })

  it('hands over a request split across two writes', async () => {
    const request = get('/autolaina/', `Accept-Encoding: ${BROWSER}`)
    const before = counters()
    // The second part is sent once the server has read the first (and handed the connection over).
    const readFirst = () =>
      vi.waitFor(() => expect(counters().handedOver).toBe(before.handedOver + 1), {
        timeout: 10_000,
        interval: 10,
      })
    const answers = responses(
      await exchange(fastOrigin, [
        { bytes: request.slice(0, 20) },
        { bytes: request.slice(20), gate: readFirst },
        { bytes: close, after: 1 },
      ]),
      [],
    )
    // The first part alone is not a whole head: Node's server reads the connection from its first byte.
    expect(counters().onConnection).toBe(before.onConnection)
    expect(counters().handedOver).toBe(before.handedOver + 1)
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    expect(answers[0]?.head).toMatch(/^x-lainava-render: prerendered$/im)
  })

  it('answers a client that half-closes after its request, then closes', async () => {
    const before = counters()
    const answers = responses(await exchange(fastOrigin, [{ bytes: get(script) }], { end: true }), [])
    expect(answers.map((r) => r.status)).toEqual([200])
    expect(counters().onConnection).toBe(before.onConnection + 1)
  })

  it('gives a client that does not read its answers to Node’s back-pressure, and loses none', async () => {
    // About 20 MB of answers: more than the loopback's socket buffers hold.
    const count = 2000
    const payload = get('/autolaina/', `Accept-Encoding: ${BROWSER}`).repeat(count) + close
    const before = counters()
    // Nothing is read until the server has handed the connection over.
    const handedOver = vi.waitFor(() => expect(counters().handedOver).toBe(before.handedOver + 1), {
      timeout: 20_000,
      interval: 20,
    })
    const answers = responses(await exchange(fastOrigin, [{ bytes: payload }], { readFrom: handedOver }), [])
    const after = counters()
    expect(answers).toHaveLength(count + 1)
    expect(
      answers.slice(0, count).every((r) => r.status === 200 && /x-lainava-render: prerendered/i.test(r.head)),
    ).toBe(true)
    const bodies = new Set(answers.slice(0, count).map((r) => r.body.toString('base64')))
    expect(bodies.size).toBe(1)
    // Some went on the connection, then the socket's buffer filled and Node's server took the rest.
    expect(after.onConnection - before.onConnection).toBeGreaterThan(0)
    expect(after.onConnection - before.onConnection).toBeLessThan(count)
    expect(after.handedOver - before.handedOver).toBe(1)
  })

  it('closes its kept-alive connections when the app closes', async () => {
    const own = await buildApp({ config: loadConfig({ ...FAST_PATH_ENV, LOG_LEVEL: 'silent' }), database })
    const origin = await own.listen({ port: 0, host: '127.0.0.1' })
    // Taught, then one answer on a fresh connection that stays open.
    await exchange(origin, [{ bytes: get(script) + close }])
    const { hostname, port } = new URL(origin)
    const socket = connect(Number(port), hostname)
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    await new Promise<void>((resolve) => {
      socket.on('data', () => resolve())
      socket.write(get(script))
    })
    expect(own.fastPath?.server?.servedOnConnection).toBe(1)
    await own.close()
    await closed
    expect(socket.destroyed).toBe(true)
  })
})
