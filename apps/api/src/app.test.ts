import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp } from './test/test-app.ts'

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
  // A route that fails the way a bug would, to prove 5xx bodies never leak internals.
  ctx.app.get('/api/test-only/boom', async () => {
    throw new Error('connection to 10.0.0.7 refused: password authentication failed for "admin"')
  })
  // A JSON body route, as the product's POST routes are, for the body error paths.
  ctx.app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/test-only/echo',
      { schema: { body: z.object({ amount: z.number().min(1), email: z.email() }) } },
      async (request) => request.body,
    )
})
afterAll(async () => {
  await ctx.close()
})

describe('operations endpoints', () => {
  it('answers /api/health while the process is up', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/)
  })

  it('answers /api/ready with the database kind', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'ready',
      database: process.env.DATABASE_URL ? 'server' : 'embedded',
    })
  })
})

describe('OpenAPI', () => {
  it('serves a valid OpenAPI 3.1 document that lists the routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.1.0')
    const validator = new Validator()
    const result = await validator.validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/v1/loan-calculator']),
    )
    expect(document.paths['/api/v1/loan-calculator'].get.responses).toHaveProperty('400')
  })

  it('serves a readable reference page at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain('swagger-ui')
  })
})

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', fields: [] })
  })

  it('answers bad input with 400 and an error per invalid field', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/loan-calculator?amount=-5&months=abc&nominalRate=9.9',
    })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.code).toBe('VALIDATION_FAILED')
    const fields = body.fields.map((field: { path: string }) => field.path)
    expect(fields).toEqual(expect.arrayContaining(['query.amount', 'query.months']))
    expect(fields).not.toContain('query.nominalRate')
  })

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'MALFORMED_JSON' })
  })

  it('names each invalid body field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      payload: { amount: 0, email: 'not-an-address' },
    })
    expect(response.statusCode).toBe(400)
    const fields = response.json().fields.map((field: { path: string }) => field.path)
    expect(fields.sort()).toEqual(['body.amount', 'body.email'])
  })

  it('never leaks internals in a 500 body', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test-only/boom' })
    expect(response.statusCode).toBe(500)
    const body = response.json()
    expect(body).toEqual({
      code: 'INTERNAL',
      message: 'Palvelussa tapahtui virhe. Yritä hetken kuluttua uudelleen.',
      fields: [],
      requestId: expect.any(String),
    })
    expect(response.body).not.toContain('10.0.0.7')
    expect(response.body).not.toContain('password')
  })
})

describe('loan calculator API', () => {
  it('computes the Finnish worked example of regulation.md', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/loan-calculator?amount=10000&months=60&nominalRate=12.6&openingFee=90&monthlyFee=5&feeFinanced=true&schedule=true',
    })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.monthlyPayment).toBe(232.52)
    expect(body.apr).toBeCloseTo(14.9, 1)
    expect(body.totalPayable).toBeCloseTo(13951, -1)
    expect(body.schedule).toHaveLength(60)
    expect(body.schedule.at(-1).balance).toBe(0)
  })
})
