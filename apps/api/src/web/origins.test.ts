import { pathFor } from '@lainava/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// issue 13 "Production behaviour", ADR 015: page forms work on every allowed origin (by default the
// loopback names of a local site), and a form from anywhere else gets a clear page, not a bare 400.
// The web role in-process: needs the production build (npm test builds before these tests).

const PORT = '4917'
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api', PORT })
})
afterAll(async () => {
  await ctx.close()
})

const startLogin = (path: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ intent: 'start', email: uniqueEmail('origin') }).toString(),
  })

describe('page forms and origins', () => {
  it('accepts a form from every loopback name of a local site (PUBLIC_URL is localhost)', async () => {
    for (const origin of [`http://localhost:${PORT}`, `http://127.0.0.1:${PORT}`, `http://[::1]:${PORT}`]) {
      const response = await startLogin(pathFor('login', 'fi'), { origin })
      expect(response.statusCode, origin).toBe(200)
      // The action ran: the page asks for the code that was just sent.
      expect(response.body, origin).toContain('name="code"')
    }
  })

  it('accepts a plain form post that the browser sends with Origin null under our no-referrer policy', async () => {
    const response = await startLogin(pathFor('login', 'en'), {
      origin: 'null',
      'sec-fetch-site': 'same-origin',
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('name="code"')
  })

  it('refuses a form from another site with a 403 page in the page language, linking to PUBLIC_URL', async () => {
    const cases = [
      [pathFor('login', 'fi'), 'fi', 'Avaa palvelu sen omasta osoitteesta'],
      [pathFor('login', 'sv'), 'sv', 'Öppna tjänsten på dess egen adress'],
      [pathFor('login', 'en'), 'en', 'Open the service at its own address'],
    ] as const
    for (const [path, lang, title] of cases) {
      const response = await startLogin(path, { origin: 'https://evil.example' })
      expect(response.statusCode, path).toBe(403)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.body).toContain(`<html lang="${lang}">`)
      expect(response.body).toContain(`<h1>${title}</h1>`)
      expect(response.body).toContain(`<a href="http://localhost:${PORT}${path}">`)
      expect(response.body).toContain(`localhost:${PORT}`)
    }
  })

  it('refuses another port, another scheme, an opaque origin and a cross-site form without Origin', async () => {
    const cases: Array<Record<string, string>> = [
      { origin: 'http://127.0.0.1:1' },
      { origin: `https://localhost:${PORT}` },
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]
    for (const headers of cases) {
      const response = await startLogin(pathFor('login', 'fi'), headers)
      expect(response.statusCode, JSON.stringify(headers)).toBe(403)
      expect(response.body).toContain('Avaa palvelu sen omasta osoitteesta')
    }
  })

  it('keeps the link on our own site whatever path the form was posted to', async () => {
    const response = await startLogin('//evil.example/%2e%2e/kirjaudu.data?x=<b>', {
      origin: 'https://evil.example',
    })
    expect(response.statusCode).toBe(403)
    const href = /<a href="([^"]*)"/.exec(response.body)?.[1] ?? ''
    expect(new URL(href).origin).toBe(`http://localhost:${PORT}`)
    expect(response.body).not.toContain('<b>')
  })
})
