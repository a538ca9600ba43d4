import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { MARKETING_COOKIE } from '@lainava/domain/consent-cookie'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../app.ts'
import { fastAndPlainServers } from '../test/fast-path-servers.ts'

// ADR 041 (2026-11-24): the fast path in front of Fastify answers fixed responses exactly as
// Fastify does. Over real HTTP (inject never reaches the server's listener): each request is sent
// to a server with the fast path and to one without, and status, headers (but Date and the
// request id) and body must be the same. Needs the production build (npm test builds first).

type Answer = { status: number; headers: Record<string, string | string[]>; body: Buffer }

function send(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The path as given (a URL would resolve `..` before sending).
    const { hostname, port } = new URL(origin)
    const request = httpRequest({ hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const { date: _date, 'x-request-id': _id, ...rest } = response.headers
        resolve({
          status: response.statusCode ?? 0,
          headers: rest as Record<string, string | string[]>,
          body: Buffer.concat(chunks),
        })
      })
    })
    request.on('error', reject)
    request.end(body)
  })
}

const BROWSER = 'gzip, deflate, br, zstd'

/** A request written byte for byte (a header line may come twice); the response's head as text. */
function sendRaw(origin: string, head: string): Promise<string> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    // Written, not ended: a half-closed socket lets Node's server abort a request still being answered
    // (a live render); `Connection: close` in the head makes the server close after its answer.
    const socket = connect(Number(port), hostname, () => socket.write(head))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1').split('\r\n\r\n')[0] ?? ''))
    socket.on('error', reject)
  })
}

describe('fast path for built files and prerendered pages', () => {
  let servers: Awaited<ReturnType<typeof fastAndPlainServers>>
  let lines: Record<string, unknown>[]
  let fast: App
  let fastOrigin: string
  let plainOrigin: string
  let script: string

  beforeAll(async () => {
    servers = await fastAndPlainServers()
    ;({ lines, fast, fastOrigin, plainOrigin, script } = servers)
  })
  afterAll(async () => {
    await servers?.close()
  })

  /** The same request to both servers; the fast one answers it from the fast path. */
  async function compare(method: 'GET' | 'HEAD', path: string, headers: Record<string, string>) {
    // The first such request teaches the fast path Fastify's headers; a page compressed on first
    // use needs one more (the first waits for its copies, the second teaches).
    await send(fastOrigin, method, path, headers)
    await send(fastOrigin, method, path, headers)
    const before = fast.fastPath?.served ?? 0
    const viaFastPath = await send(fastOrigin, method, path, headers)
    expect(fast.fastPath?.served, `${method} ${path} ${JSON.stringify(headers)}`).toBe(before + 1)
    const viaFastify = await send(plainOrigin, method, path, headers)
    expect(viaFastPath.status).toBe(viaFastify.status)
    expect(viaFastPath.headers).toEqual(viaFastify.headers)
    expect(viaFastPath.body.equals(viaFastify.body)).toBe(true)
    return viaFastPath
  }

  for (const [kind, target] of [
    ['a built script', () => script],
    ['a prerendered page', () => '/autolaina/'],
  ] as const) {
    it(`${kind}: each coding, HEAD and 304 as Fastify sends them`, async () => {
      const path = target()
      for (const [acceptEncoding, coding] of [
        [BROWSER, 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
        ['br;q=0, gzip;q=0', undefined],
      ] as const) {
        const headers = { 'accept-encoding': acceptEncoding }
        const ok = await compare('GET', path, headers)
        expect(ok.status).toBe(200)
        expect(ok.headers['content-encoding']).toBe(coding)
        expect(ok.body.length).toBeGreaterThan(0)
        if (kind === 'a prerendered page') expect(ok.headers['x-lainava-render']).toBe('prerendered')
        const head = await compare('HEAD', path, headers)
        expect(head.headers['content-length']).toBe(ok.headers['content-length'])
        expect(head.body.length).toBe(0)
        const notModified = await compare('GET', path, {
          ...headers,
          'if-none-match': String(ok.headers.etag),
        })
        expect(notModified.status).toBe(304)
        expect(notModified.body.length).toBe(0)
      }
      // No Accept-Encoding at all: the plain bytes.
      expect((await compare('GET', path, {})).headers['content-encoding']).toBeUndefined()
    })
  }

  it('keeps the request id and writes the one log line per request', async () => {
    await send(fastOrigin, 'GET', script)
    const before = fast.fastPath?.served ?? 0
    const id = 'fast-path-test-1'
    const response = await new Promise<string | undefined>((resolve, reject) => {
      httpRequest(`${fastOrigin}${script}`, { headers: { 'x-request-id': id } }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.headers['x-request-id'] as string | undefined))
      })
        .on('error', reject)
        .end()
    })
    expect(fast.fastPath?.served).toBe(before + 1)
    expect(response).toBe(id)
    const logged = lines.filter((line) => line.reqId === id)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ level: 30, method: 'GET', path: script, status: 200, msg: 'request' })
    expect(typeof logged[0]?.ms).toBe('number')
  })

  it('gives each response its own request id', async () => {
    await send(fastOrigin, 'GET', script)
    await send(fastOrigin, 'GET', script)
    const before = fast.fastPath?.served ?? 0
    const ids = new Set<unknown>()
    for (let index = 0; index < 3; index++) {
      const response = await new Promise<unknown>((resolve, reject) => {
        httpRequest(`${fastOrigin}${script}`, (res) => {
          res.resume()
          res.on('end', () => resolve(res.headers['x-request-id']))
        })
          .on('error', reject)
          .end()
      })
      ids.add(response)
    }
    expect(fast.fastPath?.served).toBe(before + 3)
    expect(ids.size).toBe(3)
  })

  it('reads a header sent twice as Node joins it', async () => {
    await send(fastOrigin, 'GET', '/autolaina/', { 'accept-encoding': BROWSER })
    await send(fastOrigin, 'GET', '/autolaina/', { 'accept-encoding': BROWSER })
    const request = (lines: string[]) =>
      ['GET /autolaina/ HTTP/1.1', 'Host: localhost', ...lines, 'Connection: close', '', ''].join('\r\n')
    // The consent cookie on the second Cookie line: the visitor has chosen, so the page is live.
    const before = fast.fastPath?.served ?? 0
    const chosen = await sendRaw(fastOrigin, request(['Cookie: a=1', `Cookie: ${MARKETING_COOKIE}=1`]))
    expect(chosen).toMatch(/^HTTP\/1\.1 200/)
    expect(chosen).not.toMatch(/x-lainava-render/i)
    expect(fast.fastPath?.served).toBe(before)
    // Accept-Encoding on two lines is one list: "identity" then "br" still gets brotli.
    const joined = await sendRaw(fastOrigin, request(['Accept-Encoding: identity', 'Accept-Encoding: br']))
    expect(joined).toMatch(/^content-encoding: br$/im)
    expect(joined).toMatch(/^x-lainava-render: prerendered$/im)
  })

  it('leaves everything else to Fastify', async () => {
    // Taught first, so only the request's own difference can send it to Fastify.
    await send(fastOrigin, 'GET', '/autolaina/', { 'accept-encoding': 'identity' })
    await send(fastOrigin, 'GET', '/autolaina/', { 'accept-encoding': 'identity' })
    const cases: [string, string, Record<string, string>, (answer: Answer) => void][] = [
      // A visitor who has answered the cookie banner gets the live page.
      [
        'GET',
        '/autolaina/',
        { cookie: `${MARKETING_COOKIE}=1` },
        (answer) => expect(answer.headers['x-lainava-render']).toBeUndefined(),
      ],
      ['GET', '/autolaina/?a=1', {}, (answer) => expect(answer.headers['x-lainava-render']).toBeUndefined()],
      ['POST', '/autolaina/', { 'content-type': 'application/x-www-form-urlencoded' }, () => {}],
      ['GET', '/ei-tallaista-sivua/', {}, (answer) => expect(answer.status).toBe(404)],
      ['GET', `/assets/../assets/${script.slice('/assets/'.length)}`, {}, () => {}],
      ['GET', `${script}%00`, {}, () => {}],
      ['OPTIONS', script, {}, () => {}],
    ]
    for (const [method, path, headers, check] of cases) {
      const before = fast.fastPath?.served ?? 0
      const answer = await send(fastOrigin, method, path, headers, method === 'POST' ? 'a=1' : undefined)
      expect(fast.fastPath?.served, `${method} ${path}`).toBe(before)
      expect(answer.status, `${method} ${path}`).toBe(
        (await send(plainOrigin, method, path, headers, method === 'POST' ? 'a=1' : undefined)).status,
      )
      check(answer)
    }
  })
})
