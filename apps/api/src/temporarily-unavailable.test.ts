import { createTestDatabase } from '@lainava/db/testing'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import Fastify from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerErrorHandling } from './plugins/errors.ts'
import { isTemporarilyUnavailable, RETRY_AFTER_SECONDS } from './temporarily-unavailable.ts'
import { freePort } from './test/test-app.ts'

// Real failures, not made-up errors: a query to a port where no PostgreSQL listens, and a statement
// that fails on a database that answers.

let refused: unknown
let failedStatement: unknown
const database = await createTestDatabase()

beforeAll(async () => {
  const pool = new pg.Pool({ connectionString: `postgres://lainava@127.0.0.1:${await freePort()}/none` })
  refused = await drizzle({ client: pool })
    .execute(sql`select 1`)
    .then(
      () => undefined,
      (error: unknown) => error,
    )
  await pool.end()
  failedStatement = await database.db.execute(sql`select 1 / 0`).then(
    () => undefined,
    (error: unknown) => error,
  )
})
afterAll(async () => {
  await database.close()
})

describe('a database that cannot be reached', () => {
  it('is told apart from a statement that failed', () => {
    expect(refused).toBeInstanceOf(Error)
    expect(isTemporarilyUnavailable(refused)).toBe(true)
    expect(failedStatement).toBeInstanceOf(Error)
    expect(isTemporarilyUnavailable(failedStatement)).toBe(false)
  })

  it('answers 503 with Retry-After in the request language; a failed statement stays a 500', async () => {
    const app = Fastify()
    registerErrorHandling(app)
    app.get('/refused', async () => {
      throw refused
    })
    app.get('/failed', async () => {
      throw failedStatement
    })
    const fi = await app.inject({ method: 'GET', url: '/refused', headers: { 'accept-language': 'fi' } })
    expect(fi.statusCode).toBe(503)
    expect(fi.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS))
    expect(fi.json()).toMatchObject({
      code: 'TEMPORARILY_UNAVAILABLE',
      message: 'Palvelu on juuri nyt ruuhkautunut. Yritä muutaman sekunnin kuluttua uudelleen.',
      fields: [],
    })
    const sv = await app.inject({ method: 'GET', url: '/refused', headers: { 'accept-language': 'sv' } })
    expect(sv.json()).toMatchObject({
      message: 'Tjänsten är överbelastad just nu. Försök igen om några sekunder.',
    })

    const failed = await app.inject({ method: 'GET', url: '/failed' })
    expect(failed.statusCode).toBe(500)
    expect(failed.headers['retry-after']).toBeUndefined()
    expect(failed.json()).toMatchObject({ code: 'INTERNAL' })
    await app.close()
  })
})
