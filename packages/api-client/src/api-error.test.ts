import { describe, expect, it } from 'vitest'
import { ApiError, apiErrorFrom, readBody } from './api-error.ts'

describe('readBody', () => {
  it('returns nothing for an empty response', async () => {
    expect(await readBody(new Response(null, { status: 204 }))).toBeUndefined()
  })

  it('parses JSON when the content type says JSON', async () => {
    const response = new Response('{"a":1}', {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    expect(await readBody(response)).toEqual({ a: 1 })
  })

  it('keeps text otherwise', async () => {
    expect(await readBody(new Response('{"a":1}', { headers: { 'content-type': 'text/plain' } }))).toBe(
      '{"a":1}',
    )
  })
})

describe('apiErrorFrom', () => {
  it('carries status text, status code and body', async () => {
    const error = await apiErrorFrom(
      new Response('{"error":"CONFLICT"}', {
        status: 409,
        statusText: 'Conflict',
        headers: { 'content-type': 'application/json' },
      }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error.statusCode).toBe(409)
    expect(error.statusText).toBe('Conflict')
    expect(error.body).toEqual({ error: 'CONFLICT' })
    expect(error.problem).toBeNull()
  })

  it('reads the API error body: code, translated message and field problems', async () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'Tarkista lomakkeen tiedot.',
      fields: [{ path: 'body.email', code: 'validation.email.invalid', message: 'Kirjoita osoite muodossa' }],
      requestId: 'r-1',
    }
    const error = await apiErrorFrom(
      new Response(JSON.stringify(body), {
        status: 400,
        statusText: 'Bad Request',
        headers: { 'content-type': 'application/json' },
      }),
    )
    expect(error.problem).toEqual(body)
  })
})
