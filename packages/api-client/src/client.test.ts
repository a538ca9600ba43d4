import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@lainava/domain/http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from './api-error.ts'
import { type ApiClientOptions, createApiClient, encodeQuery, isProtectedPath } from './client.ts'

// A real HTTP server plays the API's behaviours (spec §7, §8); the client talks to it with Node's fetch.

type RefreshMode = 'ok' | 'fail' | 'network-error'

const server = {
  log: [] as string[],
  refresh: 'ok' as RefreshMode,
  loggedIn: false,
  /** Requests to /api/v1/concurrent held until both have arrived, so both really see a 401. */
  held: [] as ServerResponse[],
}

function hits(method: string, path: string): number {
  return server.log.filter((line) => line === `${method} ${path}`).length
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const method = req.method ?? 'GET'
  server.log.push(`${method} ${url.pathname}`)
  const body = await bodyOf(req)
  const unauthorized = () => json(res, 401, { error: 'UNAUTHORIZED' })

  switch (url.pathname) {
    case '/api/v3/user/token/refresh':
      if (server.refresh === 'network-error') return void req.socket.destroy()
      if (server.refresh === 'fail') return unauthorized()
      // A little slower than the other calls so that concurrent 401s overlap with it.
      await new Promise((resolve) => setTimeout(resolve, 30))
      server.loggedIn = true
      res.writeHead(204).end()
      return
    case '/api/v2/user/profile':
      return server.loggedIn ? json(res, 200, { userProfile: { email: 'ann@example.fi' } }) : unauthorized()
    case '/api/v1/secret':
      return server.loggedIn ? json(res, 200, { secret: 42 }) : unauthorized()
    case '/api/v1/always-401':
      return unauthorized()
    case '/api/v1/admin/after-refresh':
      return server.loggedIn ? json(res, 403, { error: 'FORBIDDEN' }) : unauthorized()
    case '/api/v1/concurrent':
      if (server.loggedIn) return json(res, 200, { ok: true })
      server.held.push(res)
      if (server.held.length === 2) {
        for (const held of server.held.splice(0)) json(held, 401, { error: 'UNAUTHORIZED' })
      }
      return
    case '/api/v1/admin/x':
    case '/api/v1/loanOffers/7':
    case '/api/v1/other':
      return json(res, 403, { error: 'FORBIDDEN' })
    case '/api/v1/empty':
      res.writeHead(204).end()
      return
    case '/api/v1/empty-200':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' }).end()
      return
    case '/api/v1/text':
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`accept: ${req.headers.accept}`)
      return
    case '/api/v1/json-as-text':
      return json(res, 200, { a: 1 })
    case '/api/v1/conflict':
      return json(res, 409, { error: 'CONFLICT', field: 'email' })
    case '/api/v1/broken':
      res.writeHead(500, { 'content-type': 'text/plain' }).end('database down')
      return
    case '/api/v1/echo':
      return json(res, 200, {
        method,
        accept: req.headers.accept,
        contentType: req.headers['content-type'] ?? null,
        body,
        query: [...url.searchParams],
      })
    default:
      return json(res, 404, { error: 'NOT_FOUND' })
  }
}

const http = createServer((req, res) => {
  void handle(req, res)
})
let baseUrl = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})
afterAll(async () => {
  http.closeAllConnections()
  await new Promise((resolve) => http.close(resolve))
})
beforeEach(() => {
  server.log = []
  server.refresh = 'ok'
  server.loggedIn = false
  server.held = []
})

/** A client on Node's global fetch, recording every RequestInit it sends and every callback. */
function setup(extra: Partial<ApiClientOptions> = {}) {
  const inits: RequestInit[] = []
  const events = { forbidden: 0, profiles: [] as unknown[], order: [] as string[] }
  const client = createApiClient({
    baseUrl,
    fetch: (input, init) => {
      inits.push(init ?? {})
      return fetch(input, init)
    },
    onForbidden: () => {
      events.forbidden++
      events.order.push('forbidden')
    },
    onProfile: (profile) => {
      events.profiles.push(profile)
      events.order.push('profile')
    },
    ...extra,
  })
  return { client, inits, events }
}

describe('401: refresh once, retry once, then load the profile (spec §7, §8)', () => {
  it('returns the retried answer and passes the loaded profile on', async () => {
    const { client, events } = setup()
    expect(await client.get('/api/v1/secret')).toEqual({ secret: 42 })
    expect(server.log).toEqual([
      'GET /api/v1/secret',
      'POST /api/v3/user/token/refresh',
      'GET /api/v1/secret',
      'GET /api/v2/user/profile',
    ])
    expect(events.profiles).toEqual([{ userProfile: { email: 'ann@example.fi' } }])
    expect(events.forbidden).toBe(0)
  })

  it('sends credentials on every call, the refresh without a body', async () => {
    const { client, inits } = setup()
    await client.get('/api/v1/secret')
    expect(inits).toHaveLength(4)
    for (const init of inits) expect(init.credentials).toBe('include')
    expect(inits[1]).toEqual({
      method: 'POST',
      credentials: 'include',
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    })
  })

  it('a retry that fails again is an error, never a second refresh', async () => {
    const { client, events } = setup()
    await expect(client.get('/api/v1/always-401')).rejects.toMatchObject({ statusCode: 401 })
    expect(hits('POST', '/api/v3/user/token/refresh')).toBe(1)
    expect(hits('GET', '/api/v1/always-401')).toBe(2)
    expect(events.profiles).toHaveLength(1)
    expect(events.forbidden).toBe(0)
  })

  it('a retry answered 403 on a protected path is forbidden, after the profile was loaded', async () => {
    const { client, events } = setup()
    expect(await client.get('/api/v1/admin/after-refresh')).toBeUndefined()
    expect(hits('GET', '/api/v1/admin/after-refresh')).toBe(2)
    expect(events.order).toEqual(['profile', 'forbidden'])
  })

  it('two concurrent 401s share a single refresh', async () => {
    const { client, events } = setup()
    const [a, b] = await Promise.all([client.get('/api/v1/concurrent'), client.get('/api/v1/concurrent')])
    expect([a, b]).toEqual([{ ok: true }, { ok: true }])
    expect(hits('POST', '/api/v3/user/token/refresh')).toBe(1)
    expect(hits('GET', '/api/v1/concurrent')).toBe(4)
    expect(events.forbidden).toBe(0)
  })

  it('a later 401 starts a new refresh once the previous one has finished', async () => {
    const { client } = setup()
    await client.get('/api/v1/secret')
    server.loggedIn = false
    await client.get('/api/v1/secret')
    expect(hits('POST', '/api/v3/user/token/refresh')).toBe(2)
  })

  it.each<RefreshMode>(['fail', 'network-error'])('a refresh that ends in %s is forbidden', async (mode) => {
    server.refresh = mode
    const { client, events } = setup()
    expect(await client.postJson('/api/v1/secret', { a: 1 })).toBeUndefined()
    expect(server.log).toEqual(['POST /api/v1/secret', 'POST /api/v3/user/token/refresh'])
    expect(events.forbidden).toBe(1)
    expect(events.profiles).toEqual([])
  })

  it('uses the configured refresh and profile paths', async () => {
    const { client } = setup({ paths: { refresh: '/api/v1/echo', profile: '/api/v1/echo' } })
    await expect(client.get('/api/v1/always-401')).rejects.toBeInstanceOf(ApiError)
    expect(server.log).toEqual([
      'GET /api/v1/always-401',
      'POST /api/v1/echo',
      'GET /api/v1/always-401',
      'GET /api/v1/echo',
    ])
  })
})

describe('403 (spec §6, §8)', () => {
  it.each(['/api/v1/admin/x', '/api/v1/loanOffers/7'])('on protected %s calls onForbidden', async (path) => {
    const { client, events } = setup()
    expect(await client.get(path)).toBeUndefined()
    expect(events.forbidden).toBe(1)
    expect(hits('POST', '/api/v3/user/token/refresh')).toBe(0)
  })

  it('on another path returns nothing silently', async () => {
    const { client, events } = setup()
    expect(await client.delete('/api/v1/other')).toBeUndefined()
    expect(events.forbidden).toBe(0)
  })

  it('knows the protected paths, by path and not by query', () => {
    for (const path of [
      '/api/v1/loanOffers',
      '/api/v1/lender/insights',
      '/api/v1/admin/users',
      '/api/v1/mortgage-application/status/3',
    ]) {
      expect(isProtectedPath(path)).toBe(true)
    }
    expect(isProtectedPath('/api/v1/mortgage-application')).toBe(false)
    expect(isProtectedPath('/api/v1/other?next=/admin')).toBe(false)
  })
})

describe('answers (spec §7, §8)', () => {
  it('an empty answer is nothing: 204 and a 200 without a body', async () => {
    const { client } = setup()
    expect(await client.get('/api/v1/empty')).toBeUndefined()
    expect(await client.put('/api/v1/empty-200', { a: 1 })).toBeUndefined()
  })

  it('text mode asks for plain text and returns the raw text, even of JSON', async () => {
    const { client } = setup()
    expect(await client.get('/api/v1/text', undefined, { text: true })).toBe('accept: text/plain')
    expect(await client.get('/api/v1/json-as-text', undefined, { text: true })).toBe('{"a":1}')
    expect(await client.get('/api/v1/text')).toBe('accept: application/json')
  })

  it('another non-OK status throws an ApiError with status text, code and JSON body', async () => {
    const { client, events } = setup()
    const error = await client.patch('/api/v1/conflict', { email: 'x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ statusCode: 409, statusText: 'Conflict', body: { error: 'CONFLICT' } })
    expect(events.forbidden).toBe(0)
  })

  it('a non-JSON error body is kept as text', async () => {
    const { client } = setup()
    await expect(client.get('/api/v1/broken')).rejects.toMatchObject({
      statusCode: 500,
      statusText: 'Internal Server Error',
      body: 'database down',
    })
  })
})

describe('requests (spec §7)', () => {
  it('encodes the query: dates as ISO, objects and arrays as JSON, nothing for null or undefined', async () => {
    const { client } = setup()
    const answer = await client.get<{ query: string[][] }>('/api/v1/echo', {
      from: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      filter: { amount: 5000, purpose: 'car' },
      ids: [1, 2],
      page: 2,
      active: false,
      name: 'Åsa & Öhman',
      skipped: undefined,
      gone: null,
    })
    expect(answer?.query).toEqual([
      ['from', '2026-01-02T03:04:05.000Z'],
      ['filter', '{"amount":5000,"purpose":"car"}'],
      ['ids', '[1,2]'],
      ['page', '2'],
      ['active', 'false'],
      ['name', 'Åsa & Öhman'],
    ])
  })

  it('adds the query to a path that already has one, and adds no "?" for an empty query', async () => {
    const { client } = setup()
    const answer = await client.get<{ query: string[][] }>('/api/v1/echo?lang=fi', { page: 1 })
    expect(answer?.query).toEqual([
      ['lang', 'fi'],
      ['page', '1'],
    ])
    expect(encodeQuery({ gone: null })).toBe('')
  })

  it('marks every call, the refresh included, with the client header (ADR 015)', async () => {
    const { client, inits } = setup()
    expect(await client.get('/api/v1/secret')).toEqual({ secret: 42 })
    await client.postJson('/api/v1/echo', { amount: 1 })
    expect(hits('POST', '/api/v3/user/token/refresh')).toBe(1)
    expect(inits).toHaveLength(5)
    for (const init of inits) expect(new Headers(init.headers).get(CLIENT_HEADER)).toBe(CLIENT_HEADER_VALUE)
  })

  it('posts form fields url-encoded', async () => {
    const { client } = setup()
    expect(await client.postForm('/api/v1/echo', { email: 'ann+1@example.fi', code: '12 34' })).toEqual({
      method: 'POST',
      accept: 'application/json',
      contentType: 'application/x-www-form-urlencoded',
      body: 'email=ann%2B1%40example.fi&code=12+34',
      query: [],
    })
  })

  it.each(['postJson', 'put', 'patch', 'delete'] as const)('%s sends a JSON body', async (method) => {
    const { client } = setup()
    expect(await client[method]('/api/v1/echo', { amount: 5000 })).toMatchObject({
      method: method === 'postJson' ? 'POST' : method.toUpperCase(),
      contentType: 'application/json',
      body: '{"amount":5000}',
    })
  })

  it('sends no body and no content type when there is no body', async () => {
    const { client } = setup()
    expect(await client.postJson('/api/v1/echo')).toMatchObject({ contentType: null, body: '' })
  })
})
