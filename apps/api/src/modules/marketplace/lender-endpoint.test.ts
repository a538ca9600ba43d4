import { randomBytes, randomUUID } from 'node:crypto'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import { messagesFor } from '@lainava/i18n/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { submission, validApplication } from '../../test/applications.ts'
import { COMPANY_ENV } from '../../test/company-env.ts'
import { BROAD_CRITERIA } from '../../test/lenders.ts'
import { loginAs } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { createHttpLender } from './lender-credentials.ts'
import { LenderEndpointRefusedError } from './lender-endpoint.ts'
import { deliverOverHttp } from './partner-client.ts'

// Issue 13 item 4 (ADR 014): no requests to our own or private networks from a production site.

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const PRODUCTION_URL = 'https://lainava.example'
const en = messagesFor('en')

function listen<T extends Server | TcpServer>(server: T): Promise<{ server: T; port: number }> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 })
    })
  })
}

function close(server: Server | TcpServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

function connectLender(ctx: TestApp, endpointUrl: string, origin: string) {
  return async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/lenders',
      headers: { 'accept-language': 'en', origin },
      cookies: admin.cookies,
      payload: {
        slug: `lender-${randomUUID().slice(0, 8)}`,
        name: 'Test Lender',
        endpointUrl,
        criteria: BROAD_CRITERIA,
      },
    })
  }
}

/** An application and an HTTP lender stored straight in the database (as if saved when its name was public). */
async function applicationFor(ctx: TestApp, origin: string, endpointUrl: string) {
  const lender = await createHttpLender(ctx.database.db, ctx.services.cipher, {
    slug: `lender-${randomUUID().slice(0, 8)}`,
    name: 'Test Lender',
    description: '',
    endpointUrl,
    criteria: BROAD_CRITERIA,
  })
  const user = await loginAs(ctx.database.db)
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: { origin },
    cookies: user.cookies,
    payload: submission(validApplication()),
  })
  expect(response.statusCode).toBe(201)
  return { applicationId: response.json().applicationId as string, lenderId: lender.lenderId }
}

describe('the setting LENDER_ALLOW_PRIVATE_NETWORK', () => {
  it('is on for a local http site, off for https, and can be set either way', () => {
    const key = randomBytes(32).toString('base64')
    const production = {
      PUBLIC_URL: PRODUCTION_URL,
      ENCRYPTION_KEY: key,
      SMTP_URL: 'smtp://mail.example',
      ...COMPANY_ENV,
    }
    expect(loadConfig({}).LENDER_ALLOW_PRIVATE_NETWORK).toBe(true)
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).LENDER_ALLOW_PRIVATE_NETWORK).toBe(true)
    expect(loadConfig(production).LENDER_ALLOW_PRIVATE_NETWORK).toBe(false)
    expect(
      loadConfig({ ...production, LENDER_ALLOW_PRIVATE_NETWORK: 'true' }).LENDER_ALLOW_PRIVATE_NETWORK,
    ).toBe(true)
    expect(loadConfig({ LENDER_ALLOW_PRIVATE_NETWORK: 'false' }).LENDER_ALLOW_PRIVATE_NETWORK).toBe(false)
  })
})

describe('lender endpoints on a production site (PUBLIC_URL https)', () => {
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await createTestApp({
      PUBLIC_URL: PRODUCTION_URL,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SMTP_URL: 'smtp://127.0.0.1:9',
      ...COMPANY_ENV,
    })
  })
  afterAll(async () => {
    await ctx?.close()
  })

  const notPublic = en['api.lenderEndpoint.notPublic']
  const hostile: Array<[string, string]> = [
    ['http://lender.example.fi/applications', en['api.lenderEndpoint.httpsRequired']],
    ['http://93.184.215.14/applications', en['api.lenderEndpoint.httpsRequired']],
    ['https://127.0.0.1/', notPublic],
    ['https://127.0.0.1:8443/applications', notPublic],
    ['https://0x7f000001/', notPublic],
    ['https://2130706433/', notPublic],
    ['https://0177.0.0.1/', notPublic],
    ['https://127.1/', notPublic],
    ['https://[::1]/', notPublic],
    ['https://[0:0:0:0:0:0:0:1]/', notPublic],
    ['https://[::]/', notPublic],
    ['https://[::ffff:127.0.0.1]/', notPublic],
    ['https://[::ffff:a9fe:a9fe]/', notPublic],
    ['https://[64:ff9b::a9fe:a9fe]/', notPublic],
    ['https://[2002:7f00:1::]/', notPublic],
    ['https://169.254.169.254/latest/meta-data/', notPublic],
    ['https://10.0.0.5/', notPublic],
    ['https://172.16.0.1/', notPublic],
    ['https://172.31.255.254/', notPublic],
    ['https://192.168.1.1/', notPublic],
    ['https://100.64.0.1/', notPublic],
    ['https://0.0.0.0/', notPublic],
    ['https://224.0.0.1/', notPublic],
    ['https://255.255.255.255/', notPublic],
    ['https://[fe80::1]/', notPublic],
    ['https://[fd00::1]/', notPublic],
    ['https://[fc00::1]/', notPublic],
    ['https://[ff02::1]/', notPublic],
    ['https://[2001:db8::1]/', notPublic],
    // A name is judged by what it resolves to.
    ['https://localhost/', notPublic],
    ['https://localhost:8443/applications', notPublic],
    ['https://lender.invalid/', en['api.lenderEndpoint.unresolvable']],
  ]

  it.each(hostile)('refuses %s when an admin connects a lender', async (endpointUrl, message) => {
    const response = await connectLender(ctx, endpointUrl, PRODUCTION_URL)()
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'body.endpointUrl', code: expect.stringMatching(/^api\.lenderEndpoint\./), message }],
    })
  })

  it.each(['https://93.184.215.14/applications', 'https://[2606:4700:4700::1111]/'])(
    'accepts a public https address: %s',
    async (endpointUrl) => {
      const response = await connectLender(ctx, endpointUrl, PRODUCTION_URL)()
      expect(response.statusCode).toBe(201)
    },
  )

  describe('when connecting (the address saved earlier may now resolve anywhere)', () => {
    let listener: TcpServer
    let port = 0
    let connections = 0
    beforeAll(async () => {
      ;({ server: listener, port } = await listen(
        createTcpServer((socket) => {
          connections++
          socket.destroy()
        }),
      ))
    })
    afterAll(async () => {
      await close(listener)
    })

    it.each([
      ['a name that resolves to 127.0.0.1', () => `https://localhost:${port}/applications`, 'notPublic'],
      ['a loopback address', () => `https://127.0.0.1:${port}/applications`, 'notPublic'],
      ['a numeric form of loopback', () => `https://0x7f000001:${port}/applications`, 'notPublic'],
      ['plain http', () => `http://localhost:${port}/applications`, 'httpsRequired'],
    ])('refuses %s before opening a connection', async (_label, endpoint, refusal) => {
      const job = await applicationFor(ctx, PRODUCTION_URL, endpoint())
      const before = connections
      const error = await deliverOverHttp(ctx.services, job).catch((caught: unknown) => caught)
      expect(connections).toBe(before)
      expect(error).toBeInstanceOf(LenderEndpointRefusedError)
      expect((error as LenderEndpointRefusedError).refusal).toBe(refusal)
    })
  })
})

describe('lender endpoints in local development', () => {
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' })
  })
  afterAll(async () => {
    await ctx?.close()
  })

  it('accepts the simulator on http://127.0.0.1 (private networks allowed)', async () => {
    const response = await connectLender(ctx, 'http://127.0.0.1:9/applications', 'http://localhost:3000')()
    expect(response.statusCode).toBe(201)
  })

  it.each([307, 302, 301, 308])(
    'does not follow a lender redirect (HTTP %i): a failed delivery',
    async (status) => {
      let targetRequests = 0
      const target = await listen(
        createHttpServer((_request, response) => {
          targetRequests++
          response.writeHead(202).end()
        }),
      )
      let lenderRequests = 0
      const lender = await listen(
        createHttpServer((request, response) => {
          lenderRequests++
          request.resume()
          response.writeHead(status, { location: `http://127.0.0.1:${target.port}/stolen` }).end()
        }),
      )
      try {
        const job = await applicationFor(
          ctx,
          'http://localhost:3000',
          `http://127.0.0.1:${lender.port}/applications`,
        )
        await expect(deliverOverHttp(ctx.services, job)).rejects.toThrow(/redirect/)
        expect(lenderRequests).toBe(1)
        expect(targetRequests).toBe(0)
      } finally {
        await Promise.all([close(target.server), close(lender.server)])
      }
    },
  )
})
