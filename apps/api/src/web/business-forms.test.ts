import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOOKUPS_PER_HOUR } from '../modules/business/company-lookup.ts'
import { pageDocument } from '../test/page-document.ts'
import { setCookies, uniqueEmail } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 15: the business loan and factoring forms as the server renders them and as their page
// action answers. The web role in-process: needs the production build (npm test builds first).

const ORIGIN = 'http://localhost:3000'
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api', PUBLIC_URL: ORIGIN })
})
afterAll(async () => {
  await ctx.close()
})

async function page(path: string, cookies: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url: path, cookies })
  expect(response.statusCode, path).toBe(200)
  return pageDocument(response.body)
}

/** The page's own action, as the form's fetcher calls it (React Router's data request). */
function act(path: string, fields: Record<string, string>, cookies: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `${path}_.data`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    cookies,
    payload: new URLSearchParams(fields).toString(),
  })
}

const application = (businessId: string) => ({
  loan: { amount: 30_000, months: 24, purpose: 'Working capital' },
  company: {
    businessId,
    name: 'Rakennus Testi Oy',
    legalForm: 'oy',
    registeredOn: '2014-05-02',
    industry: 'F',
    turnover: '420000',
    result: '15000',
    employees: '5',
  },
  person: {
    firstName: 'Aino',
    lastName: 'Yrittäjä',
    email: uniqueEmail('business'),
    phone: '040 123 4567',
    role: 'ceo',
    canSign: true,
  },
  consents: {
    termsAccepted: true,
    privacyAccepted: true,
    creditCheckConsent: true,
    shareWithLendersConsent: true,
    marketingEmail: false,
    marketingSms: false,
  },
})

describe('the business loan form', () => {
  it('renders in Finnish, Swedish and English with its progress bar and the SME amount', async () => {
    for (const [path, title, months] of [
      ['/yrityslainahakemus/', 'Yrityslainahakemus', 'Laina-aika (kuukautta)'],
      ['/sv/yrityslainahakemus/', 'Ansökan om företagslån', 'Lånetid (månader)'],
      ['/en/yrityslainahakemus/', 'Business loan application', 'Loan period (months)'],
    ] as const) {
      const document = await page(path)
      expect(document.querySelector('main h1')?.textContent, path).toBe(title)
      expect(document.querySelector('main [role="progressbar"]')?.getAttribute('aria-valuenow'), path).toBe(
        '0',
      )
      expect(document.querySelector('label[for="field-loan-months"]')?.textContent, path).toContain(months)
      // The SME default amount (25 000 €) and the representative example beside the monthly payment.
      expect(document.querySelector('#field-loan-amount')?.getAttribute('value'), path).toMatch(
        /^25[\s\u00a0,]000$/,
      )
      expect(document.querySelector('[data-testid="business-representative-example"]'), path).toBeTruthy()
    }
  })

  it('takes amount, period and purpose from the address within the SME limits (spec §5)', async () => {
    const document = await page('/yrityslainahakemus/?amount=150000&period=120&purpose=Marketing')
    expect(document.querySelector('#field-loan-amount')?.getAttribute('value')).toMatch(/^150\s000$/)
    expect(document.querySelector('#field-loan-months')?.getAttribute('value')).toBe('120')
    expect(document.querySelector('#field-loan-purpose option[selected]')?.getAttribute('value')).toBe(
      'Marketing',
    )
    // Under 100 000 € the longest period is 60 months.
    const small = await page('/yrityslainahakemus/?amount=50000&period=120')
    expect(small.querySelector('#field-loan-months')?.getAttribute('value')).toBe('60')
  })

  it('answers a wrong Y-tunnus with the field’s message in the page’s language', async () => {
    for (const [path, language, message] of [
      ['/yrityslainahakemus/', 'fi', 'Y-tunnus ei ole oikein'],
      ['/sv/yrityslainahakemus/', 'sv', 'FO-numret är inte korrekt'],
      ['/en/yrityslainahakemus/', 'en', 'The business ID is not correct'],
    ] as const) {
      const response = await act(path, {
        intent: 'submit',
        idempotencyKey: randomUUID(),
        language,
        data: JSON.stringify(application('1234567-2')),
      })
      expect(response.statusCode, path).toBe(400)
      expect(response.body, path).toContain('company.businessId')
      expect(response.body, path).toContain(message)
    }
  })

  it('keeps a saved step: the next visit from the same browser resumes it with the data', async () => {
    const saved = await act('/yrityslainahakemus/', {
      intent: 'draft',
      step: 'company-details',
      data: JSON.stringify(application('1234567-1')),
    })
    expect(saved.statusCode).toBe(200)
    const cookies = setCookies(saved)
    expect(Object.keys(cookies).length).toBeGreaterThan(0)
    const document = await page('/yrityslainahakemus/', cookies)
    expect(document.querySelector('main form h2')?.textContent).toBe('Yrityksen tiedot')
    expect(document.querySelector('#field-company-name')?.getAttribute('value')).toBe('Rakennus Testi Oy')
    expect(document.querySelector('main [role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('67')
    // Another browser starts afresh.
    const other = await page('/yrityslainahakemus/')
    expect(other.querySelector('main form h2')?.textContent).toBe('Laina')
  })

  it('limits trade register lookups per client IP, with the API route, in the page’s language', async () => {
    const lookupFrom = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/yrityslainahakemus/_.data',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        payload: new URLSearchParams({
          intent: 'lookup',
          businessId: '2331972-7',
          language: 'sv',
        }).toString(),
      })
    const client = '198.51.100.23'
    for (let hit = 1; hit <= LOOKUPS_PER_HOUR; hit++) {
      const allowed = await lookupFrom(client)
      expect(allowed.statusCode, `lookup ${hit}`).toBe(200)
    }
    const refused = await lookupFrom(client)
    expect(refused.statusCode).toBe(429)
    expect(refused.body).toContain('För många försök.')
    // The API route counts against the same limit …
    const api = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/business/companies/2331972-7',
      remoteAddress: client,
    })
    expect(api.statusCode).toBe(429)
    // … another client is not held back, and the form still saves without the lookup.
    expect((await lookupFrom('198.51.100.24')).statusCode).toBe(200)
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/yrityslainahakemus/_.data',
      remoteAddress: client,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams({
        intent: 'draft',
        step: 'company-details',
        data: JSON.stringify(application('1234567-1')),
      }).toString(),
    })
    expect(saved.statusCode).toBe(200)
  })
})

describe('the factoring form', () => {
  it('renders in Finnish, Swedish and English, starting with the invoicing', async () => {
    for (const [path, title, field] of [
      ['/factoring-hakemus/', 'Factoring-hakemus', 'Laskutus kuukaudessa (€)'],
      ['/sv/factoring-hakemus/', 'Ansökan om factoring', 'Fakturering per månad (€)'],
      ['/en/factoring-hakemus/', 'Factoring application', 'Invoicing per month (€)'],
    ] as const) {
      const document = await page(path)
      expect(document.querySelector('main h1')?.textContent, path).toBe(title)
      expect(
        document.querySelector('label[for="field-factoring-monthlyInvoiceVolume"]')?.textContent,
        path,
      ).toContain(field)
    }
  })
})
