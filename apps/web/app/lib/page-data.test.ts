import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPageData, loadStaticQuery, PageDataLoadError, pageDataUrl } from './page-data.ts'

// A real HTTP server on loopback that fails the way networks and servers do,
// so the client's rules of spec §8 are exercised over real requests.
let server: Server
let origin = ''
const hits = new Map<string, number>()
let flakyFailures = 0

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? ''
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (path === pageDataUrl('/missing/')) return send(404, { error: 'NOT_FOUND' })
    if (path === pageDataUrl('/broken/')) return send(500, { error: 'INTERNAL' })
    if (path === pageDataUrl('/down/')) return send(503, { error: 'UNAVAILABLE' })
    if (path === pageDataUrl('/reset/')) return request.socket.destroy()
    if (path === pageDataUrl('/flaky/')) {
      if ((hits.get(path) ?? 0) <= flakyFailures) return send(502, {})
      return send(200, { path: '/flaky/', routeId: 'landing.fi', appVersion: 'v1' })
    }
    if (path === pageDataUrl('/old/'))
      return send(200, { path: '/old/', redirect: { location: '/new/', permanent: true } })
    if (path === '/page-data/sq/d/abc.json') return send(200, { site: 'ok' })
    send(404, {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('pageDataUrl', () => {
  it('maps the landing to index and keeps other paths', () => {
    expect(pageDataUrl('/')).toBe('/page-data/index/page-data.json')
    expect(pageDataUrl('/en/form/')).toBe('/page-data/en/form/page-data.json')
  })
})

describe('loadPageData (spec §8)', () => {
  it('answers not-found for a 404 without retrying', async () => {
    expect(await loadPageData('/missing/', { origin })).toEqual({ kind: 'notFound' })
    expect(hits.get(pageDataUrl('/missing/'))).toBe(1)
  })

  it('answers the error page for a 500 without retrying', async () => {
    expect(await loadPageData('/broken/', { origin })).toEqual({ kind: 'error' })
    expect(hits.get(pageDataUrl('/broken/'))).toBe(1)
  })

  it('retries other failures 3 times, then fails', async () => {
    await expect(loadPageData('/down/', { origin })).rejects.toBeInstanceOf(PageDataLoadError)
    expect(hits.get(pageDataUrl('/down/'))).toBe(4)
    await expect(loadPageData('/reset/', { origin })).rejects.toBeInstanceOf(PageDataLoadError)
    expect(hits.get(pageDataUrl('/reset/'))).toBe(4)
  })

  it('succeeds when a retry succeeds', async () => {
    flakyFailures = 3
    const result = await loadPageData('/flaky/', { origin })
    expect(result).toMatchObject({ kind: 'ok', data: { routeId: 'landing.fi' } })
    expect(hits.get(pageDataUrl('/flaky/'))).toBe(4)
  })

  it('passes a redirect on', async () => {
    expect(await loadPageData('/old/', { origin })).toEqual({
      kind: 'redirect',
      location: '/new/',
      permanent: true,
    })
  })
})

describe('loadStaticQuery', () => {
  it('returns the data', async () => {
    expect(await loadStaticQuery('abc', (path) => path, { origin })).toEqual({ site: 'ok' })
  })

  it('says "We couldn\'t load" and the path on failure', async () => {
    await expect(loadStaticQuery('nope', (path) => `We couldn’t load ${path}`, { origin })).rejects.toThrow(
      'We couldn’t load /page-data/sq/d/nope.json',
    )
  })
})
