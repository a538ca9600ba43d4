import { randomUUID } from 'node:crypto'
import { schema } from '@lainava/db'
import { pathFor } from '@lainava/routing'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submission, validApplication } from './test/applications.ts'
import { lenderRow } from './test/lenders.ts'
import { loginAs } from './test/sessions.ts'
import { createTestApp } from './test/test-app.ts'

// Issue 13 "Bad input never gives a 5xx": every operation of the OpenAPI document, every
// page action and the cookie reader, fed seeded hostile cases. FUZZ_SEED reproduces a run.
const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
// Plain http: e-mails stay in the outbox (an https site needs a real SMTP server).
const ORIGIN = 'http://lainava.test'

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({
    ROLES: 'web,api',
    PUBLIC_URL: ORIGIN,
    ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  })
})
afterAll(async () => {
  await ctx?.close()
})

type Case = {
  method: string
  url: string
  headers?: Record<string, string>
  payload?: string
  /** `partner`: the lender API's key (Authorization: Bearer), the others a session cookie. */
  session?: 'consumer' | 'admin' | 'lender' | 'partner' | 'none'
}
type Failure = { label: string; request: Case; status: number }

// --- hostile values -------------------------------------------------------------------

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '',
  ' ',
  'x'.repeat(100_000),
  '__proto__',
  'constructor',
  'prototype',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '1e308',
  '-0',
  '1e-320',
  'NaN',
  'Infinity',
  '-1',
  '9'.repeat(400),
  'null',
  'true',
  '{}',
  '[]',
  '😀',
  'ä'.repeat(5000),
]
const EXTREME_NUMBERS = [
  1e308,
  -1e308,
  -0,
  0,
  1e-320,
  5e-324,
  -1,
  0.5,
  1,
  2 ** 53 + 2,
  -(2 ** 31),
  2 ** 31,
  123456789.123456,
]

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
)
const deepNesting = fc
  .integer({ min: 50, max: 400 })
  .map((depth) => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`) as unknown)
const pollution = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
  { toString: 'x', valueOf: 1, hasOwnProperty: null },
)
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...EXTREME_NUMBERS, true, false, null) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: pollution },
)

/** Text that can stand in a URL: hostile bytes are percent-encoded (lone surrogates as CESU bytes). */
const urlText = fc.oneof(
  hostileText.map((text) => text.slice(0, 2000).toWellFormed()).map(encodeURIComponent),
  fc.constantFrom('%00', '%ED%A0%80', '%E0%A4%A', '%FF', '%', '%%', '..', '%2e%2e', '1e-320', '-0', '1e308'),
  fc.uuid(),
)

// --- values from the OpenAPI document's schemas -----------------------------------------

type JsonSchema = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  format?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  default?: unknown
}
type OpenApi = {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, JsonSchema> }
}
type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

/** A value the schema would accept (roughly), so that cases also get past validation. */
function plausible(doc: OpenApi, node: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!node || depth > 6) return hostileValue
  if (node.$ref)
    return plausible(doc, doc.components?.schemas?.[node.$ref.split('/').at(-1) ?? ''], depth + 1)
  if (node.const !== undefined) return fc.constant(node.const)
  if (node.enum) return fc.constantFrom(...node.enum)
  const alternatives = node.anyOf ?? node.oneOf
  if (alternatives?.length) return fc.oneof(...alternatives.map((item) => plausible(doc, item, depth + 1)))
  if (node.allOf?.length) return plausible(doc, node.allOf[0], depth + 1)
  const type = Array.isArray(node.type) ? node.type[0] : node.type
  switch (type) {
    case 'object': {
      const properties = node.properties ?? {}
      const keys = Object.keys(properties)
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 })
      const shape = Object.fromEntries(keys.map((key) => [key, field(doc, properties[key], depth + 1)]))
      return fc.record(shape, { requiredKeys: node.required?.filter((key) => keys.includes(key)) ?? [] })
    }
    case 'array':
      return fc.array(field(doc, node.items, depth + 1), { maxLength: 3 })
    case 'integer':
    case 'number': {
      const min = node.minimum ?? node.exclusiveMinimum ?? -1e6
      const max = node.maximum ?? node.exclusiveMaximum ?? 1e6
      const inRange =
        type === 'integer'
          ? fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) })
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
      return fc.oneof(inRange, fc.constantFrom(min, max))
    }
    case 'boolean':
      return fc.boolean()
    case 'string':
      if (node.format === 'uuid') return fc.uuid()
      if (node.format === 'email') return fc.emailAddress()
      if (node.format === 'date') return fc.constantFrom('1990-01-01', '2000-02-29')
      return fc.string({ minLength: 1, maxLength: 20 })
    default:
      return hostileValue
  }
}

/** A schema's value, or one time in four a hostile one in its place. */
function field(doc: OpenApi, node: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: plausible(doc, node, depth) },
    { weight: 1, arbitrary: hostileValue },
  )
}

/** A value as it goes into a URL: plausible values encoded, or hostile text. */
function urlValue(doc: OpenApi, node: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: knownIds.length ? 2 : 0, arbitrary: fc.constantFrom('', ...knownIds) },
    {
      weight: 2,
      arbitrary: plausible(doc, node).map((value) =>
        encodeURIComponent(
          (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).toWellFormed(),
        ),
      ),
    },
    { weight: 1, arbitrary: urlText },
  )
}

const sessions = fc.constantFrom<Case['session']>(
  'none',
  'consumer',
  'consumer',
  'admin',
  'lender',
  'partner',
)

/** Ids of rows that exist (the fuzz lender, its application), so that cases reach past the lookups. */
const knownIds: string[] = []

function operationCases(
  doc: OpenApi,
  path: string,
  method: string,
  operation: Operation,
): fc.Arbitrary<Case> {
  const parameters = operation.parameters ?? []
  const pathParams = parameters.filter((parameter) => parameter.in === 'path')
  const queryParams = parameters.filter((parameter) => parameter.in === 'query')
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema
  const body = bodySchema
    ? fc.oneof(
        { weight: 4, arbitrary: plausible(doc, bodySchema).map((value) => JSON.stringify(value) ?? 'null') },
        { weight: 2, arbitrary: field(doc, bodySchema, 0).map((value) => JSON.stringify(value) ?? 'null') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '{',
            '{"a":',
            '"\\u0000"',
            '{"x":"\\ud800"}',
            '{"\\u0000":1}',
            'null',
            '[]',
            `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
            `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
          ),
        },
      )
    : fc.constant(undefined)
  return fc
    .record({
      pathValues: fc.tuple(...pathParams.map((parameter) => urlValue(doc, parameter.schema))),
      query: fc.tuple(
        ...queryParams.map((parameter) =>
          fc.option(urlValue(doc, parameter.schema), { nil: undefined, freq: parameter.required ? 10 : 3 }),
        ),
      ),
      extraQuery: fc.option(fc.tuple(urlText, urlText), { freq: 4 }),
      body,
      session: sessions,
    })
    .map(({ pathValues, query, extraQuery, body, session }) => {
      let url = `${path}`
      pathParams.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, pathValues[index] || '%20')
      })
      const search = queryParams
        .map((parameter, index) => (query[index] === undefined ? null : `${parameter.name}=${query[index]}`))
        .filter((pair) => pair !== null)
      if (extraQuery) search.push(`${extraQuery[0]}=${extraQuery[1]}`)
      const headers: Record<string, string> = { origin: ORIGIN }
      if (body !== undefined) headers['content-type'] = 'application/json'
      return {
        method: method.toUpperCase(),
        url: search.length ? `${url}?${search.join('&')}` : url,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
        session,
      } satisfies Case
    })
}

// --- page actions -------------------------------------------------------------------------

const FORM_FIELDS = [
  'intent',
  'language',
  'email',
  'code',
  'returnTo',
  'token',
  'adoptDraft',
  'data',
  'step',
  'idempotencyKey',
  'name',
  'topic',
  'message',
  'website',
  'confirm',
  'marketing',
]
const formValue = fc.oneof(
  { weight: 3, arbitrary: urlText },
  {
    weight: 1,
    arbitrary: fc.constantFrom('start', 'verify', 'draft', 'submit', 'fi', 'sv', 'en', 'xx', 'on', '123456'),
  },
  { weight: 1, arbitrary: fc.emailAddress().map(encodeURIComponent) },
  {
    weight: 2,
    arbitrary: hostileValue.map((value) => encodeURIComponent((JSON.stringify(value) ?? '').toWellFormed())),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      encodeURIComponent('{"loan":{"amount":1e-320,"period":null}}'),
      encodeURIComponent('{"loan":"x","applicant":{"hetu":"\\u0000"}}'),
      '%7B%22x%22%3A%22%00%22%7D',
    ),
  },
)

function pageActionCases(): fc.Arbitrary<Case> {
  const pages = [
    ...(['fi', 'sv', 'en'] as const).flatMap((language) => [
      pathFor('login', language),
      pathFor('autologin', language),
      pathFor('consumerLoanForm', language),
      pathFor('creditCardForm', language),
      pathFor('contact', language),
      pathFor('settings', language),
    ]),
  ]
  const page = fc.oneof(
    fc.constantFrom(...pages),
    fc
      .tuple(fc.constantFrom('fi', 'sv', 'en'), fc.oneof(fc.uuid(), urlText))
      .map(([language, id]) => pathFor('offer', language as 'fi', { id: id || 'x' })),
  )
  return fc
    .record({
      page,
      fields: fc.array(fc.tuple(fc.constantFrom(...FORM_FIELDS), formValue), { maxLength: 8 }),
      search: fc.option(fc.tuple(fc.constantFrom('returnTo', 'token', 'step', 'index'), urlText), {
        freq: 3,
      }),
      multipart: fc.boolean(),
      session: sessions,
    })
    .map(({ page, fields, search, multipart, session }) => {
      const url = search ? `${page}?${search[0]}=${search[1]}` : page
      // React Router's single fetch: a page's action answers at <path>.data as well.
      if (multipart) {
        const boundary = '----fuzz'
        const payload = `${fields
          .map(
            ([name, value]) =>
              `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${safeDecode(value)}\r\n`,
          )
          .join('')}--${boundary}--\r\n`
        return {
          method: 'POST',
          url,
          headers: { origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
          session,
        } satisfies Case
      }
      return {
        method: 'POST',
        url,
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: fields.map(([name, value]) => `${name}=${value}`).join('&'),
        session,
      } satisfies Case
    })
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Pages read with hostile paths and queries (loaders), and hostile cookies on any page or call. */
function pageReadCases(): fc.Arbitrary<Case> {
  const cookie = fc.oneof(
    fc.constantFrom(
      'lv_session=%E0%A4%A',
      'lv_session=%',
      'lv_draft=%E0%A4%A; lv_session=x',
      'lv_session="unterminated',
      '=; ;;=;lv_session',
      `lv_session=${'a'.repeat(8000)}`,
      'lv_refresh=%ED%A0%80; lv_session=%00',
      'lv_session=1; lv_session=2',
      '__proto__=1; constructor=2',
    ),
    fc
      .tuple(fc.constantFrom('lv_session', 'lv_refresh', 'lv_draft', 'lv_auth'), urlText)
      .map(([name, value]) => `${name}=${value}`),
  )
  const target = fc.oneof(
    fc.constantFrom(
      '/',
      '/en/',
      pathFor('consumerLoanForm', 'fi'),
      pathFor('offers', 'fi'),
      pathFor('settings', 'fi'),
      '/offers/not-a-uuid/',
      '/api/v1/me',
      '/api/v1/applications/drafts/consumer-loan',
    ),
    fc
      .tuple(
        fc.constantFrom(
          pathFor('login', 'fi'),
          pathFor('autologin', 'fi'),
          pathFor('consumerLoanForm', 'en'),
          pathFor('blog', 'fi'),
        ),
        fc.constantFrom('returnTo', 'token', 'step', 'amount', 'period'),
        urlText,
      )
      .map(([path, name, value]) => `${path}?${name}=${value}`),
    urlText.map((text) => `/${text}/`),
    urlText.map((text) => `/offers/${text}/`),
  )
  return fc.record({ target, cookie: fc.option(cookie, { freq: 2 }), session: sessions }).map(
    ({ target, cookie, session }): Case => ({
      method: 'GET',
      url: target,
      headers: cookie ? { cookie } : {},
      session: cookie ? 'none' : session,
    }),
  )
}

// --- the run ------------------------------------------------------------------------------

describe('bad input never gives a 5xx (issue 13)', () => {
  it('answers every seeded hostile case below 500', { timeout: 480_000 }, async () => {
    const db = ctx.database.db
    const [lender] = await db
      .insert(schema.lenders)
      .values(lenderRow({ name: `Fuzz lender ${randomUUID().slice(0, 6)}` }))
      .returning({ id: schema.lenders.id })
    if (!lender) throw new Error('could not create the lender')
    const admin = await loginAs(db, { role: 'admin' })
    const lenderUser = await loginAs(db, { role: 'lender', lenderId: lender.id })
    let consumer = await loginAs(db)
    const credentials = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/lenders/${lender.id}/credentials`,
      headers: { origin: ORIGIN },
      cookies: admin.cookies,
    })
    expect(credentials.statusCode).toBeLessThan(300)
    const partnerKey = credentials.json<{ apiKey: string }>().apiKey
    // An application the fuzz lender received: its offer and decline calls get past the lookup.
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/applications',
      headers: { origin: ORIGIN },
      cookies: consumer.cookies,
      payload: submission(validApplication()),
    })
    expect(sent.statusCode).toBe(201)
    knownIds.push(lender.id, sent.json<{ applicationId: string }>().applicationId)

    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ path, method, operation })),
    )
    expect(operations.length).toBeGreaterThan(30)

    const plan: Array<{ label: string; arbitrary: fc.Arbitrary<Case>; runs: number }> = [
      ...operations.map(({ path, method, operation }) => ({
        label: `${method.toUpperCase()} ${path}`,
        arbitrary: operationCases(doc, path, method, operation),
        // About 12 000 API cases whatever the number of operations (the suite must stay well under 20 min).
        runs: Math.max(100, Math.ceil(12_000 / operations.length)),
      })),
      { label: 'page actions', arbitrary: pageActionCases(), runs: 1500 },
      { label: 'page reads and cookies', arbitrary: pageReadCases(), runs: 700 },
    ]

    const failures: Failure[] = []
    let count = 0
    const started = Date.now()
    for (const [index, { label, arbitrary, runs }] of plan.entries()) {
      for (const request of fc.sample(arbitrary, { seed: SEED + index, numRuns: runs })) {
        // A case may delete the account (DELETE /api/v1/me, settings): a fresh consumer now and then.
        if (count % 100 === 0) consumer = await loginAs(db)
        const cookies =
          request.session === 'consumer'
            ? consumer.cookies
            : request.session === 'admin'
              ? admin.cookies
              : request.session === 'lender'
                ? lenderUser.cookies
                : undefined
        const headers = { ...request.headers }
        if (request.session === 'partner') headers.authorization = `Bearer ${partnerKey}`
        const response: LightMyRequestResponse = await ctx.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers,
          ...(cookies ? { cookies } : {}),
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        })
        count++
        if (response.statusCode >= 500) failures.push({ label, request, status: response.statusCode })
      }
    }
    console.warn(
      `fuzz: ${count} cases (${operations.length} API operations, page actions, page reads and cookies), seed ${SEED}, ` +
        `${failures.length} × 5xx, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
    const byLabel = Object.entries(Object.groupBy(failures, (failure) => failure.label)).map(
      ([label, list]) => `${label}: ${list?.length ?? 0}`,
    )
    if (byLabel.length) console.warn(`5xx by operation:\n${byLabel.join('\n')}`)
    const shown = failures.slice(0, 20).map(({ label, request, status }) => ({
      label,
      status,
      method: request.method,
      url: request.url.slice(0, 200),
      session: request.session,
      cookie: request.headers?.cookie?.slice(0, 80),
      payload: request.payload?.slice(0, 200),
    }))
    expect(count).toBeGreaterThanOrEqual(10_000)
    expect(shown).toEqual([])
  })
})

// The cases the issue names, each on its own (statuses only: the error body's shape is not this test's).
describe('the hostile inputs issue 13 names', () => {
  const inject = (options: InjectOptions) => ctx.app.inject(options)
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  const formHeaders = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }

  it('answers 422 for terms that have no APR', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/v1/loan-calculator?amount=1&months=60&nominalRate=9.9&openingFee=50&monthlyFee=5',
    })
    expect(response.statusCode).toBe(422)
  })

  it('refuses NUL bytes and lone surrogates in JSON, query and path with 400', async () => {
    const user = await loginAs(ctx.database.db)
    for (const text of ['a\u0000b', 'x\ud800']) {
      const draft = await inject({
        method: 'PUT',
        url: '/api/v1/applications/drafts/consumer-loan',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        cookies: user.cookies,
        payload: JSON.stringify({ step: 'loan', data: { loan: { purpose: text } } }),
      })
      expect(draft.statusCode, JSON.stringify(text)).toBe(400)
    }
    const contact = await inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{"name":"Aino","email":"aino@example.fi","topic":"other","message":"Hei \\u0000 maailma"}',
    })
    expect(contact.statusCode).toBe(400)
    const query = await inject({
      method: 'GET',
      url: '/api/v1/loan-calculator?amount=%00&months=12&nominalRate=5',
    })
    expect(query.statusCode).toBe(400)
  })

  it('serves every page to a browser with a malformed session cookie', async () => {
    for (const cookie of ['lv_session=%E0%A4%A', 'lv_session=%', 'lv_draft=%E0%A4%A']) {
      for (const url of ['/', pathFor('consumerLoanForm', 'fi'), pathFor('login', 'en')]) {
        const response = await inject({ method: 'GET', url, headers: { cookie } })
        expect(response.statusCode, `${cookie} ${url}`).toBe(200)
      }
    }
  })

  it('answers 404 for an offer address that is not an offer id', async () => {
    const user = await loginAs(ctx.database.db)
    for (const id of ['not-a-uuid', '1e308', '%00']) {
      const response = await inject({ method: 'GET', url: `/offers/${id}/`, cookies: user.cookies })
      expect(response.statusCode, id).toBe(404)
    }
  })

  it('takes a login form with an unknown language in the page language', async () => {
    const response = await inject({
      method: 'POST',
      url: pathFor('login', 'fi'),
      headers: formHeaders,
      payload: form({
        intent: 'start',
        language: 'xx',
        email: `fuzz-${randomUUID().slice(0, 8)}@example.fi`,
      }),
    })
    expect(response.statusCode).toBe(200)
  })

  it('refuses a page form with a NUL byte, and one it cannot read, with 400', async () => {
    const nul = await inject({
      method: 'POST',
      url: pathFor('login', 'fi'),
      headers: formHeaders,
      payload: 'intent=start&email=a%00b%40example.fi',
    })
    expect(nul.statusCode).toBe(400)
    const unreadable = await inject({
      method: 'POST',
      url: pathFor('contact', 'fi'),
      headers: { origin: ORIGIN, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--y\r\nnot a form\r\n',
    })
    expect(unreadable.statusCode).toBe(400)
    // A body that is no form at all, on pages whose actions read forms (each answered 500 before).
    for (const url of [pathFor('consumerLoanForm', 'fi'), pathFor('contact', 'fi'), pathFor('login', 'en')]) {
      for (const [type, payload] of [
        ['application/json', '{"intent":"start"}'],
        ['text/plain', 'intent=start'],
      ] as const) {
        const response = await inject({
          method: 'POST',
          url,
          headers: { origin: ORIGIN, 'content-type': type },
          payload,
        })
        expect(response.statusCode, `${type} to ${url}`).toBe(400)
      }
      const empty = await inject({ method: 'POST', url, headers: { origin: ORIGIN } })
      expect(empty.statusCode, `no body to ${url}`).toBe(400)
    }
  })

  it('shows the application form whatever shape the stored draft has', async () => {
    const user = await loginAs(ctx.database.db)
    const drafts = [
      { loan: { amount: 12_000 } },
      { loan: { amount: 'x', period: null } },
      { applicant: null },
      { debts: { debts: [7] } },
      { coApplicant: null, hasCoApplicant: true },
    ]
    for (const data of drafts) {
      for (const step of ['loan', 'debts', 'review']) {
        const saved = await inject({
          method: 'PUT',
          url: '/api/v1/applications/drafts/consumer-loan',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          cookies: user.cookies,
          payload: JSON.stringify({ step, data }),
        })
        expect(saved.statusCode).toBe(200)
        const page = await inject({
          method: 'GET',
          url: pathFor('consumerLoanForm', 'fi'),
          cookies: user.cookies,
        })
        expect(page.statusCode, `${step} ${JSON.stringify(data)}`).toBe(200)
      }
    }
  })
})
