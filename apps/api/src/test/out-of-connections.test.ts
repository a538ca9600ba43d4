import { randomBytes, randomUUID } from 'node:crypto'
import { type DbHandle, openDatabase, schema, seedDemoData } from '@lainava/db'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { RETRY_AFTER_SECONDS } from '../temporarily-unavailable.ts'
import { submission, validApplication } from './applications.ts'
import { cookieHeader, loginAs, OUR_CLIENT } from './sessions.ts'
import { createTestApp } from './test-app.ts'

// A submission while PostgreSQL takes no more connections (SQLSTATE 53300, as when every process's
// pool together reaches max_connections) answers 503 with Retry-After over the API, and 503 with the
// form's message through the web form's action (the page stays, with what was typed); the next one
// after the server takes connections again is stored. The API here connects as a role of its own whose
// connection limit the test lowers to 0: superusers are exempt from it. Runs only against a server
// (vitest.config.ts).

let owner: Awaited<ReturnType<typeof createTestApp>>
let admin: pg.Client
let limitedDatabase: DbHandle
let app: FastifyInstance
const ORIGIN = 'http://localhost:3000'
const role = `lainava_limited_${randomBytes(4).toString('hex')}`

beforeAll(async () => {
  owner = await createTestApp()
  await seedDemoData(owner.database.db)
  const connection = owner.database.connection
  if (connection.kind !== 'server') throw new Error('this test needs DATABASE_URL')
  admin = new pg.Client({ connectionString: connection.url })
  await admin.connect()
  await admin.query(`create role ${role} login`)
  for (const name of ['public', 'pgboss']) {
    await admin.query(`grant all on schema ${name} to ${role}`)
    await admin.query(`grant all on all tables in schema ${name} to ${role}`)
    await admin.query(`grant all on all sequences in schema ${name} to ${role}`)
    await admin.query(`grant all on all functions in schema ${name} to ${role}`)
  }
  const url = new URL(connection.url)
  url.username = role
  url.password = ''
  limitedDatabase = await openDatabase({ url: url.toString(), poolSize: 2 })
  const config = loadConfig({
    ROLES: 'web,api',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    PUBLIC_URL: ORIGIN,
  })
  app = await buildApp({ config, database: limitedDatabase })
})
afterAll(async () => {
  await admin?.query(`alter role ${role} connection limit -1`)
  await app?.close()
  await limitedDatabase?.close()
  await admin?.query(`drop owned by ${role}`)
  await admin?.query(`drop role if exists ${role}`)
  await admin?.end()
  await owner?.close()
})

async function submit(cookie: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: { cookie, 'accept-language': 'fi', ...OUR_CLIENT },
    payload: submission(validApplication()) as object,
  })
}

/** The consumer loan page's action, as the form's fetcher calls it (React Router's data request). */
async function act(cookie: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/lainahakemus/_.data',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: new URLSearchParams(fields).toString(),
  })
}

async function storedOf(userId: string): Promise<number> {
  const rows = await owner.database.db
    .select({ id: schema.applications.id })
    .from(schema.applications)
    .where(eq(schema.applications.userId, userId))
  return rows.length
}

describe('PostgreSQL out of connections', () => {
  it('a submission answers 503 with Retry-After, and the next one after it is stored', async () => {
    const person = await loginAs(owner.database.db)
    const cookie = cookieHeader(person.cookies)
    expect((await submit(cookie)).statusCode).toBe(201)
    expect(await storedOf(person.userId)).toBe(1)

    // The role may open no connection, and the ones its pools hold are ended.
    await admin.query(`alter role ${role} connection limit 0`)
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role])

    const refused = await submit(cookie)
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS))
    expect(refused.json()).toMatchObject({
      code: 'TEMPORARILY_UNAVAILABLE',
      message: 'Palvelu on juuri nyt ruuhkautunut. Yritä muutaman sekunnin kuluttua uudelleen.',
    })
    expect(await storedOf(person.userId)).toBe(1)

    // The web form: its step's draft and its submission answer with a status, not the error page.
    const data = JSON.stringify(validApplication())
    const draft = await act(cookie, { intent: 'draft', step: 'contact', data })
    expect(draft.statusCode).toBe(503)
    const sent = await act(cookie, { intent: 'submit', idempotencyKey: randomUUID(), language: 'fi', data })
    expect(sent.statusCode).toBe(503)
    expect(sent.body).toContain(
      'Palvelu on juuri nyt ruuhkautunut. Yritä muutaman sekunnin kuluttua uudelleen.',
    )
    expect(await storedOf(person.userId)).toBe(1)

    // A page rendered live for the signed-in person (its session is read from the database): the
    // error page, as a 503 to come back to.
    const page = await app.inject({ method: 'GET', url: '/sanasto/', headers: { cookie } })
    expect(page.statusCode).toBe(503)
    expect(page.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS))
    expect(page.headers['content-type']).toContain('text/html')

    await admin.query(`alter role ${role} connection limit -1`)
    expect((await app.inject({ method: 'GET', url: '/sanasto/', headers: { cookie } })).statusCode).toBe(200)
    expect((await submit(cookie)).statusCode).toBe(201)
    const again = await act(cookie, { intent: 'submit', idempotencyKey: randomUUID(), language: 'fi', data })
    expect(again.statusCode).toBe(200)
    expect(await storedOf(person.userId)).toBe(3)
  })

  it('a pool whose connections are all taken answers 503 after the connect timeout, then serves again', async () => {
    const connection = owner.database.connection
    if (connection.kind !== 'server') throw new Error('this test needs DATABASE_URL')
    // One connection, half a second's wait for it.
    const single = await openDatabase({ url: connection.url, poolSize: 1, connectTimeoutMs: 500 })
    const config = loadConfig({
      ROLES: 'web,api',
      LOG_LEVEL: 'silent',
      DATABASE_URL: connection.url,
      PUBLIC_URL: ORIGIN,
    })
    const busyApp = await buildApp({ config, database: single })
    // A transaction holds the pool's only connection until `release` is called.
    let release = () => {}
    try {
      const person = await loginAs(owner.database.db)
      const cookie = cookieHeader(person.cookies)
      const send = () =>
        busyApp.inject({
          method: 'POST',
          url: '/api/v1/applications',
          headers: { cookie, ...OUR_CLIENT },
          // The application's language is the answer's (requestLanguage).
          payload: { ...submission(validApplication()), language: 'sv' },
        })
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      let taken = () => {}
      const holding = new Promise<void>((resolve) => {
        taken = resolve
      })
      const transaction = single.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        taken()
        await held
      })
      await holding
      const refused = await send()
      expect(refused.statusCode).toBe(503)
      expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS))
      expect(refused.json()).toMatchObject({ code: 'TEMPORARILY_UNAVAILABLE' })
      expect(refused.json().message).toMatch(/^Tjänsten är överbelastad/)
      expect(await storedOf(person.userId)).toBe(0)

      release()
      await transaction
      expect((await send()).statusCode).toBe(201)
      expect(await storedOf(person.userId)).toBe(1)
    } finally {
      release()
      await busyApp.close()
      await single.close()
    }
  })
})
