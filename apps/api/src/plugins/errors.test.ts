import { ErrorBodySchema } from '@lainava/domain/api-error'
import type { MessageKey } from '@lainava/i18n'
import { messagesFor } from '@lainava/i18n/server'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'

// ADR 016: every error answers { code, message, fields: [{ path, code, message }], requestId },
// its messages in the request's language: Finnish by default, else Accept-Language.

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(async () => {
  await ctx.close()
})

const LANGUAGES = [
  [undefined, 'fi'],
  ['sv-FI,sv;q=0.9', 'sv'],
  ['en', 'en'],
] as const

/** The error body, checked to have exactly the one shape and nothing more. */
async function errorOf(options: InjectOptions, acceptLanguage: string | undefined) {
  const response = await ctx.app.inject({
    ...options,
    headers: { ...options.headers, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  })
  const body = response.json()
  expect(ErrorBodySchema.strict().parse(body)).toEqual(body)
  for (const field of body.fields) expect(Object.keys(field).sort()).toEqual(['code', 'message', 'path'])
  expect(body.requestId).toBe(response.headers['x-request-id'])
  return { status: response.statusCode, body: ErrorBodySchema.parse(body) }
}

describe('one error shape in the request’s language', () => {
  it.each(LANGUAGES)(
    'a schema error names each field with a catalogue key (Accept-Language %s)',
    async (header, language) => {
      const t = (key: MessageKey) => messagesFor(language)[key]
      const { status, body } = await errorOf(
        {
          method: 'POST',
          url: '/api/v2/passwordless/verify',
          payload: { email: 'not-an-address', code: '12' },
        },
        header,
      )
      expect(status).toBe(400)
      expect(body.code).toBe('VALIDATION_FAILED')
      expect(body.message).toBe(t('api.badRequest'))
      // The same keys as the login page's own messages.
      expect(body.fields).toEqual([
        { path: 'body.email', code: 'login.invalidEmail', message: t('login.invalidEmail') },
        { path: 'body.code', code: 'login.invalidCodeFormat', message: t('login.invalidCodeFormat') },
      ])
    },
  )

  it.each(LANGUAGES)(
    'zod’s own issues get its issue code and a translated message (%s)',
    async (header, language) => {
      const t = (key: MessageKey) => messagesFor(language)[key]
      const { status, body } = await errorOf(
        { method: 'GET', url: '/api/v1/loan-calculator?amount=-5&nominalRate=9.9' },
        header,
      )
      expect(status).toBe(400)
      expect(body.fields).toEqual(
        expect.arrayContaining([
          { path: 'query.amount', code: 'too_small', message: t('validation.number.range') },
          { path: 'query.months', code: 'invalid_type', message: t('validation.required') },
        ]),
      )
    },
  )

  it.each(LANGUAGES)('an application error has its reason as the code (%s)', async (header, language) => {
    const { status, body } = await errorOf(
      { method: 'POST', url: '/api/v2/passwordless/verify-link', payload: { token: 'x'.repeat(43) } },
      header,
    )
    expect(status).toBe(400)
    expect(body).toMatchObject({
      code: 'LINK_INVALID',
      message: messagesFor(language)['api.linkInvalid'],
      fields: [],
    })
  })

  it.each(LANGUAGES)('malformed JSON is a 400 with a translated message (%s)', async (header, language) => {
    const { status, body } = await errorOf(
      {
        method: 'POST',
        url: '/api/v2/passwordless/start',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      },
      header,
    )
    expect(status).toBe(400)
    expect(body).toMatchObject({
      code: 'MALFORMED_JSON',
      message: messagesFor(language)['api.malformedJson'],
    })
  })

  it('Fastify’s other client errors and unknown paths have the shape too', async () => {
    const tooLarge = await errorOf(
      {
        method: 'POST',
        url: '/api/v2/passwordless/start',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
      },
      'sv',
    )
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body).toMatchObject({
      code: 'BODY_TOO_LARGE',
      message: messagesFor('sv')['api.bodyTooLarge'],
    })

    const wrongType = await errorOf(
      {
        method: 'POST',
        url: '/api/v2/passwordless/start',
        headers: { 'content-type': 'application/xml' },
        payload: '<email/>',
      },
      'en',
    )
    expect(wrongType.status).toBe(415)
    expect(wrongType.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: messagesFor('en')['api.unsupportedMediaType'],
    })

    const missing = await errorOf({ method: 'GET', url: '/api/v1/no-such-thing' }, undefined)
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({
      code: 'NOT_FOUND',
      message: messagesFor('fi')['api.noSuchEndpoint'],
    })
  })
})
