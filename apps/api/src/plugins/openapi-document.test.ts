import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app.ts'
import { derivedOperationId, withoutKeywordParameters } from './openapi-document.ts'

// Issue 17 item 7 (ADR 029): the API document lenders build from. Every operation has an operationId and
// its security, no component is unused, Redocly's recommended rules find no error, and what the document
// says about logins holds for what the operations answer.

const run = promisify(execFile)
const ROOT = new URL('../../../../', import.meta.url).pathname

type Parameter = { name: string; in: string; required?: boolean; schema?: Schema }
type Schema = { type?: string | string[]; enum?: unknown[]; format?: string; anyOf?: Schema[] }
type Operation = {
  operationId?: string
  security?: Array<Record<string, string[]>>
  parameters?: Parameter[]
  requestBody?: { required?: boolean }
  responses?: Record<string, unknown>
}
type Document = {
  paths: Record<string, Record<string, Operation>>
  webhooks?: Record<string, Record<string, Operation>>
  components: { schemas?: Record<string, unknown>; securitySchemes: Record<string, unknown> }
}

let ctx: Awaited<ReturnType<typeof createTestApp>>
let document: Document
let directory: string

beforeAll(async () => {
  // A public-looking address: the document's server is then not a localhost one (as in production).
  ctx = await createTestApp({
    PUBLIC_URL: 'http://lainava.test',
    ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  })
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })
  expect(response.statusCode).toBe(200)
  document = response.json<Document>()
  directory = await mkdtemp(join(tmpdir(), 'lainava-openapi-'))
})
afterAll(async () => {
  await ctx?.close()
  if (directory) await rm(directory, { recursive: true, force: true })
})

function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  )
}

describe('operation ids', () => {
  it('derives readable ids from the method and path, parameters as By<Name>, without /api and version', () => {
    expect(derivedOperationId('GET', '/api/health')).toBe('getHealth')
    expect(derivedOperationId('PUT', '/api/v1/applications/drafts/{kind}')).toBe(
      'putApplicationsDraftsByKind',
    )
    expect(derivedOperationId('GET', '/api/v1/admin/applications/export.csv')).toBe(
      'getAdminApplicationsExportCsv',
    )
    expect(derivedOperationId('POST', '/api/v3/user/token/refresh')).toBe('postUserTokenRefresh')
  })

  it('gives every operation a unique id, and the lender API readable ones', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId)
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/)
    expect(new Set(ids).size).toBe(ids.length)
    const lenderApi = document.paths['/api/v1/lender/applications/{applicationId}/offers']?.post
    expect(lenderApi).toMatchObject({ operationId: 'createLenderOffer', security: [{ lenderApiKey: [] }] })
  })
})

describe('security', () => {
  it('declares on every operation and webhook how it is authenticated, with schemes the document defines', () => {
    const schemes = Object.keys(document.components.securitySchemes).sort()
    expect(schemes).toEqual(['lenderApiKey', 'partnerSignature', 'refreshCookie', 'sessionCookie'])
    const all = [
      ...operations(document),
      ...operations({ ...document, paths: document.webhooks ?? {} }).map((entry) => ({
        ...entry,
        webhook: true,
      })),
    ]
    for (const { method, path, operation } of all) {
      expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true)
      for (const requirement of operation.security ?? [])
        for (const scheme of Object.keys(requirement)) expect(schemes).toContain(scheme)
    }
    expect(document.webhooks?.application?.post?.security).toEqual([{ partnerSignature: [] }])
  })

  /** A value a parameter accepts: its first enum value, a UUID, a number or a word. */
  function sample(parameter: Parameter): string {
    const schema = parameter.schema?.anyOf?.[0] ?? parameter.schema ?? {}
    if (schema.enum?.length) return String(schema.enum[0])
    if (schema.format === 'uuid') return randomUUID()
    if (schema.type === 'number' || schema.type === 'integer') return '1'
    return 'x'
  }

  it('holds for what the operations answer without a login', async () => {
    // Operations without a body can be called as they are: one that needs a session and documents a 401
    // must answer 401 without one (a browser redirect such as a login callback answers 303 instead), and a
    // public one must never ask for a login.
    const checked: string[] = []
    for (const { method, path, operation } of operations(document)) {
      if (operation.requestBody) continue
      const security = JSON.stringify(operation.security)
      const sessionOnly =
        security === JSON.stringify([{ sessionCookie: [] }]) && '401' in (operation.responses ?? {})
      const open =
        security === '[]' || (operation.security ?? []).some((item) => Object.keys(item).length === 0)
      if (!sessionOnly && !open) continue
      let url = path
      const query = new URLSearchParams()
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, sample(parameter))
        if (parameter.in === 'query' && parameter.required) query.set(parameter.name, sample(parameter))
      }
      const response = await ctx.app.inject({
        method: method as 'GET',
        url: query.size > 0 ? `${url}?${query}` : url,
      })
      const label = `${method} ${path} answered ${response.statusCode}`
      if (sessionOnly) expect(response.statusCode, label).toBe(401)
      else expect([401, 403], label).not.toContain(response.statusCode)
      checked.push(label)
    }
    expect(checked.length).toBeGreaterThan(20)
  })
})

describe('parameters', () => {
  it('documents a free-form querystring (a record) as no named parameters, not its JSON Schema keywords', () => {
    const record = {
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: { type: 'string' },
    }
    const named = { type: 'object', properties: { returnTo: { type: 'string' } } }
    expect(withoutKeywordParameters({ schema: { querystring: record, params: named } }).schema).toEqual({
      querystring: { type: 'object', properties: {} },
      params: named,
    })
    for (const { operation } of operations(document))
      for (const parameter of operation.parameters ?? [])
        expect(['propertyNames', 'additionalProperties']).not.toContain(parameter.name)
  })
})

describe('components', () => {
  it('leaves out every component no operation uses', () => {
    const text = JSON.stringify({
      paths: document.paths,
      webhooks: document.webhooks,
      components: document.components,
    })
    for (const name of Object.keys(document.components.schemas ?? {}))
      expect(text, name).toContain(`"#/components/schemas/${name}"`)
  })
})

describe('lint (Redocly CLI, recommended rules)', () => {
  it('finds no errors', { timeout: 60_000 }, async () => {
    const file = join(directory, 'openapi.json')
    await writeFile(file, JSON.stringify(document))
    const result = await run(
      join(ROOT, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', join(ROOT, 'apps/api/redocly.yaml'), '--format', 'json'],
      { cwd: ROOT, maxBuffer: 20_000_000 },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr,
    }))
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number }
      problems: Array<{
        ruleId: string
        severity: string
        message: string
        location: Array<{ pointer?: string }>
      }>
    }
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`)
    expect(errors).toEqual([])
    expect(report.totals.errors).toBe(0)
  })
})
