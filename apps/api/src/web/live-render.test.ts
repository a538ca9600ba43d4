import { MARKETING_COOKIE } from '@lainava/domain/consent-cookie'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_COOKIE } from '../modules/auth/cookies.ts'
import { loginAs } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 19: what a live page costs the database. The web role in-process on the production build.
let ctx: Awaited<ReturnType<typeof createTestApp>>

/** Every statement this process sends, embedded (PGlite) or to the server (node-postgres). */
const statements: string[] = []
const serverQuery = pg.Client.prototype.query
const textOf = (query: unknown) =>
  typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '')

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
  const { connection } = ctx.database
  if (connection.kind === 'embedded') {
    const { pglite } = connection
    const query = pglite.query.bind(pglite)
    const exec = pglite.exec.bind(pglite)
    pglite.query = ((text: string, ...rest: unknown[]) => {
      statements.push(text)
      return (query as (...args: unknown[]) => unknown)(text, ...rest)
    }) as typeof pglite.query
    pglite.exec = ((text: string, ...rest: unknown[]) => {
      statements.push(text)
      return (exec as (...args: unknown[]) => unknown)(text, ...rest)
    }) as typeof pglite.exec
  } else {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements.push(textOf(args[0]))
      return (serverQuery as (...rest: unknown[]) => unknown).apply(this, args)
    } as typeof serverQuery
  }
})
afterEach(() => {
  statements.length = 0
})
afterAll(async () => {
  pg.Client.prototype.query = serverQuery
  await ctx.close()
})

const page = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })

describe('live pages and the database (issue 19)', () => {
  it('renders the loan form with no query and the live landing with its lender list only, without a login', async () => {
    // The first render reads the flags' payload, which is then kept until a flag changes.
    expect((await page('/lainahakemus/')).statusCode).toBe(200)
    statements.length = 0

    const form = await page('/lainahakemus/')
    expect(form.statusCode).toBe(200)
    expect(form.body).toContain('id="field-loan-amount"')
    const landing = await page('/', `${MARKETING_COOKIE}=false`)
    expect(landing.statusCode).toBe(200)
    expect(landing.headers['x-lainava-render']).toBeUndefined()
    // The landing lists the active lenders: its one query.
    expect(statements).toHaveLength(1)
    expect(statements[0]).toMatch(/from "lenders"/)
  })

  // The root's loader and the form's draft lookup run side by side and share one lookup; the form's
  // loader asks for the person only after the draft (three lookups before).
  it('shares a signed-in person’s session lookup between loaders running side by side', async () => {
    const { cookies } = await loginAs(ctx.services.db)
    await page('/lainahakemus/')
    statements.length = 0

    const form = await page('/lainahakemus/', `${ACCESS_COOKIE}=${cookies[ACCESS_COOKIE]}`)
    expect(form.statusCode).toBe(200)
    const lookups = statements.filter((text) => /from "access_sessions"/i.test(text))
    expect(lookups).toHaveLength(2)
  })
})
