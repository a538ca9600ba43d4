import { schema } from '@lainava/db'
import { DEFAULT_SME_CONFIG, SME_CONFIG_KEY } from '@lainava/domain'
import { messagesFor } from '@lainava/i18n/server'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lenderRow } from '../../test/lenders.ts'
import { type PrhService, startPrhService } from '../../test/prh.ts'
import { loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { createWebServices } from '../../web/web-services.ts'
import { lookupCompany } from './company-lookup.ts'

// Issue 15: the SME configuration endpoint and its admin change (audited), and the trade register
// lookup against a local service answering in the YTJ open data format.

let ctx: Awaited<ReturnType<typeof createTestApp>>
let prh: PrhService

beforeAll(async () => {
  prh = await startPrhService(
    [
      {
        businessId: '2331972-7',
        name: 'Verstas Oy',
        formerName: 'Vanha Verstas Oy',
        form: 'Osakeyhtiö',
        registeredOn: '2010-04-20',
      },
      {
        businessId: '1112223-0',
        name: 'Toiminimi Testi',
        form: 'Yksityinen elinkeinonharjoittaja',
        registeredOn: '2021-09-01',
      },
      { businessId: '7654321-2', name: 'Säätiö Esimerkki', form: 'Säätiö', registeredOn: '1999-12-31' },
    ],
    { broken: ['2000001-6'] },
  )
  ctx = await createTestApp({ PRH_API_URL: prh.url })
})
afterAll(async () => {
  await ctx?.close()
  await prh?.close()
})

const SME_DEFAULT_RESPONSE = {
  sme_min_amount: 500,
  sme_max_amount: 10_000_000,
  sme_min_period: 1,
  sme_max_period: 60,
  sme_large_amount_from: 100_000,
  sme_max_period_large: 120,
}

describe('SME configuration', () => {
  const put = (payload: unknown, cookies: Record<string, string>, language = 'fi') =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/config/sme',
      payload: payload as object,
      cookies,
      headers: { ...OUR_CLIENT, 'accept-language': language },
    })

  it('serves the defaults (spec §9) to anyone', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/config/sme' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(SME_DEFAULT_RESPONSE)
    expect(await createWebServices(ctx.services).business.smeConfig()).toEqual(DEFAULT_SME_CONFIG)
  })

  it('an admin changes it without a deploy; the change is in the audit log', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const changed = { ...DEFAULT_SME_CONFIG, maxAmount: 2_000_000, maxPeriod: 48 }
    const response = await put(changed, admin.cookies)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ sme_max_amount: 2_000_000, sme_max_period: 48 })
    const served = await ctx.app.inject({ method: 'GET', url: '/api/v1/config/sme' })
    expect(served.json()).toEqual({ ...SME_DEFAULT_RESPONSE, sme_max_amount: 2_000_000, sme_max_period: 48 })
    expect(await createWebServices(ctx.services).business.smeConfig()).toEqual(changed)

    const [entry] = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subjectId, SME_CONFIG_KEY))
      .orderBy(desc(schema.auditLog.at))
      .limit(1)
    expect(entry).toMatchObject({
      actorId: admin.userId,
      actorRole: 'admin',
      action: 'settings.update',
      subjectType: 'product-setting',
      details: {
        changed: ['maxAmount', 'maxPeriod'],
        'maxAmount.before': 10_000_000,
        'maxAmount.after': 2_000_000,
        'maxPeriod.before': 60,
        'maxPeriod.after': 48,
      },
    })
    const [row] = await ctx.database.db
      .select()
      .from(schema.productSettings)
      .where(eq(schema.productSettings.key, SME_CONFIG_KEY))
    expect(row?.updatedBy).toBe(admin.userId)
    expect((await put(DEFAULT_SME_CONFIG, admin.cookies)).statusCode).toBe(200)
  })

  it('refuses a consumer (403) and a visitor (401), and changes nothing', async () => {
    const consumer = await loginAs(ctx.database.db)
    const [organisation] = await ctx.database.db
      .insert(schema.lenders)
      .values(lenderRow({ name: 'Config Test Lender' }))
      .returning({ id: schema.lenders.id })
    const lender = await loginAs(ctx.database.db, { role: 'lender', lenderId: organisation?.id })
    const wanted = { ...DEFAULT_SME_CONFIG, maxAmount: 1000 }
    expect((await put(wanted, consumer.cookies)).statusCode).toBe(403)
    expect((await put(wanted, lender.cookies)).statusCode).toBe(403)
    expect((await put(wanted, {})).statusCode).toBe(401)
    const served = await ctx.app.inject({ method: 'GET', url: '/api/v1/config/sme' })
    expect(served.json()).toEqual(SME_DEFAULT_RESPONSE)
  })

  it('answers 400 naming each bad limit in the admin’s language', async () => {
    const admin = await loginAs(ctx.database.db, { role: 'admin' })
    const bad = {
      ...DEFAULT_SME_CONFIG,
      minAmount: 5000,
      maxAmount: 1000,
      minPeriod: 'x',
      maxPeriodLarge: 0.5,
    }
    for (const language of ['fi', 'en'] as const) {
      const response = await put(bad, admin.cookies, language)
      expect(response.statusCode).toBe(400)
      const t = messagesFor(language)
      const fields = response.json().fields as Array<{ path: string; message: string }>
      expect(fields.map((field) => field.path).sort()).toEqual(['body.maxPeriodLarge', 'body.minPeriod'])
      for (const field of fields) expect(field.message).toBe(t['validation.number.range'])
    }
    // The ranges the wrong way round, once each number is fine.
    const reversed = await put(
      { ...DEFAULT_SME_CONFIG, minAmount: 5000, maxAmount: 1000 },
      admin.cookies,
      'en',
    )
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().fields).toEqual([
      {
        path: 'body.maxAmount',
        code: 'validation.number.range',
        message: messagesFor('en')['validation.number.range'],
      },
    ])
  })
})

describe('trade register lookup (PRH_API_URL)', () => {
  const lookup = (businessId: string, language = 'fi') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/business/companies/${encodeURIComponent(businessId)}`,
      headers: { 'accept-language': language },
    })

  it('finds a company: its current name, legal form and registration date', async () => {
    const response = await lookup('2331972-7')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      company: { name: 'Verstas Oy', legalForm: 'oy', registeredOn: '2010-04-20' },
      source: 'prh',
    })
    expect(prh.requests).toContain('/companies?businessId=2331972-7')
    const sole = await createWebServices(ctx.services).business.lookupCompany({
      businessId: ' 1112223-0 ',
      language: 'fi',
      ip: '192.0.2.15',
    })
    expect(sole).toEqual({
      ok: true,
      company: { name: 'Toiminimi Testi', legalForm: 'tmi', registeredOn: '2021-09-01' },
      source: 'prh',
    })
    // A form we have no code for is "other", the rest still filled in.
    expect((await lookup('7654321-2')).json().company).toEqual({
      name: 'Säätiö Esimerkki',
      legalForm: 'other',
      registeredOn: '1999-12-31',
    })
  })

  it('a Y-tunnus the register does not know, or a register in trouble, gives no company and no error', async () => {
    const unknown = await lookup('1234567-1')
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual({ company: null, source: 'prh' })
    const broken = await lookup('2000001-6')
    expect(broken.statusCode).toBe(200)
    expect(broken.json()).toEqual({ company: null, source: 'prh' })
  })

  it('a malformed Y-tunnus is a 400 on the field, in the user’s language', async () => {
    for (const language of ['fi', 'en'] as const) {
      const response = await lookup('2331972-8', language)
      expect(response.statusCode).toBe(400)
      expect(response.json().fields).toEqual([
        {
          path: 'params.businessId',
          code: 'validation.businessId.invalid',
          message: messagesFor(language)['validation.businessId.invalid'],
        },
      ])
      const web = await createWebServices(ctx.services).business.lookupCompany({
        businessId: 'abc',
        language,
        ip: '192.0.2.15',
      })
      expect(web).toMatchObject({
        ok: false,
        status: 400,
        fields: [{ path: 'businessId', message: messagesFor(language)['validation.businessId.invalid'] }],
      })
    }
  })

  it('a register that is down or too slow: no company, the form goes on', async () => {
    const log = { warn: () => {} }
    const down = await startPrhService([])
    const url = down.url
    await down.close()
    expect(await lookupCompany({ config: { PRH_API_URL: url }, log }, '2331972-7')).toEqual({
      ok: true,
      company: null,
      source: 'prh',
    })
    const slow = await startPrhService([], { hang: ['2331972-7'] })
    try {
      const started = Date.now()
      const answer = await lookupCompany({ config: { PRH_API_URL: slow.url }, log }, '2331972-7', {
        timeoutMs: 200,
      })
      expect(answer).toEqual({ ok: true, company: null, source: 'prh' })
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      await slow.close()
    }
  })

  it('without PRH_API_URL the lookup is off', async () => {
    expect(await lookupCompany({ config: {}, log: { warn: () => {} } }, '2331972-7')).toEqual({
      ok: true,
      company: null,
      source: 'off',
    })
  })
})
