import { schema } from '@lainava/db'
import { MORTGAGE_DATA_STEPS, type MortgageDataStep, stepsFor } from '@lainava/domain'
import { DEMO_MORTGAGE_BANKS } from '@lainava/domain/mortgage/demo-banks'
import { exampleMortgageSteps as steps } from '@lainava/domain/mortgage/example-application'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../modules/auth/cookies.ts'
import { createSession } from '../modules/auth/session-service.ts'
import { identifyForMortgage } from '../modules/mortgage/mortgage-test-helpers.ts'
import { pageDocument } from '../test/page-document.ts'
import { type Cookies, loginAs, OUR_CLIENT } from '../test/sessions.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 16: the mortgage pages as the server renders them and as their forms post without
// JavaScript. The web role in-process: needs the production build (npm test builds first).

const ORIGIN = 'http://localhost:3000'
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({
    ROLES: 'web,api',
    PUBLIC_URL: ORIGIN,
    MORTGAGE_CALLBACK_HOSTS: 'pankki.example.fi',
  })
})
afterAll(async () => {
  await ctx?.close()
})

function documentOf(html: string) {
  return pageDocument(html)
}

async function page(path: string, cookies: Cookies = {}) {
  const response = await ctx.app.inject({ method: 'GET', url: path, cookies })
  expect(response.statusCode, `${path}: ${response.headers.location ?? ''}`).toBe(200)
  return documentOf(response.body)
}

/** A form post as a browser without JavaScript sends it. */
function post(path: string, fields: Array<[string, string]>, cookies: Cookies) {
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    cookies,
    payload: new URLSearchParams(fields).toString(),
  })
}

const api = (method: 'POST' | 'PUT', url: string, cookies: Cookies, payload: object) =>
  ctx.app.inject({ method, url, cookies, headers: OUR_CLIENT, payload })

/** A signed-in person with an application saved up to the identify step. */
async function filledIn() {
  const user = await loginAs(ctx.database.db)
  const start = await api('POST', '/api/v1/mortgage-application', user.cookies, {
    calculator: steps.calculator,
    ...steps['mortgage-application'],
  })
  expect(start.statusCode).toBe(201)
  const id = start.json().mortgageApplicationId as string
  for (const step of MORTGAGE_DATA_STEPS.slice(2)) {
    const saved = await api(
      'PUT',
      `/api/v1/mortgage-application/${id}/steps/${step}`,
      user.cookies,
      steps[step],
    )
    expect(saved.statusCode, `${step}: ${saved.body}`).toBe(200)
  }
  return { ...user, id }
}

describe('the mortgage form', () => {
  it('shows the calculator to a signed-out visitor, with the figures of the calculator page', async () => {
    const document = await page(
      '/asuntolainahakemus/?price=300000&ownFunds=60000&years=20&repaymentType=annuity',
    )
    expect(document.querySelector('main h1')?.textContent).toBe('Asuntolainahakemus')
    expect(document.querySelector('[data-testid="mortgage-form"]')?.getAttribute('data-step')).toBe(
      'calculator',
    )
    expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext')).toBe('Vaihe 1/12')
    expect(document.querySelector('input[name="years"]')?.getAttribute('value')).toBe('20')
    expect(document.querySelector('button[type="submit"]')?.textContent).toContain('Kirjaudu')
    for (const [path, title] of [
      ['/sv/asuntolainahakemus/', 'Ansökan om bolån'],
      ['/en/mortgage-form/', 'Mortgage application'],
    ] as const) {
      expect((await page(path)).querySelector('main h1')?.textContent, path).toBe(title)
    }
  })

  it('sends a signed-out visitor’s valid figures to the login, which returns to the start step', async () => {
    const response = await post(
      '/asuntolainahakemus/?step=calculator',
      [
        ['step', 'calculator'],
        ['price', '300000'],
        ['ownFunds', '60000'],
        ['years', '20'],
        ['repaymentType', 'annuity'],
      ],
      {},
    )
    expect(response.statusCode).toBe(302)
    const location = new URL(response.headers.location as string, ORIGIN)
    expect(location.pathname).toBe('/kirjaudu/')
    expect(location.searchParams.get('returnTo')).toBe(
      '/asuntolainahakemus/?step=mortgage-application&price=300000&ownFunds=60000&years=20&repaymentType=annuity',
    )
  })

  it('starts the application from the start step’s form, with a bank’s return address from the address', async () => {
    const { cookies } = await loginAs(ctx.database.db)
    const query =
      'step=mortgage-application&price=300000&ownFunds=60000&years=20&repaymentType=annuity' +
      `&redirectionUrl=${encodeURIComponent('https://pankki.example.fi/palaa')}`
    const start = await page(`/asuntolainahakemus/?${query}`, cookies)
    expect(start.querySelector('[data-testid="mortgage-form"]')?.getAttribute('data-step')).toBe(
      'mortgage-application',
    )
    const hidden = [...start.querySelectorAll('input[type="hidden"][name^="calculator."]')]
    const response = await post(
      `/asuntolainahakemus/?${query}`,
      [
        ['step', 'mortgage-application'],
        ...hidden.map((input): [string, string] => [
          input.getAttribute('name') ?? '',
          input.getAttribute('value') ?? '',
        ]),
        ['purpose', 'next-home'],
        ['hasCoApplicant', 'false'],
        ['consents.terms', 'true'],
        ['consents.privacy', 'true'],
        ['consents.creditCheck', 'true'],
      ],
      cookies,
    )
    expect(response.statusCode, response.body.slice(0, 300)).toBe(302)
    expect(response.headers.location).toBe('/asuntolainahakemus/?step=personal-information')
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/mortgage-application/status',
      cookies,
      headers: OUR_CLIENT,
    })
    expect(status.json()).toMatchObject({
      status: 'draft',
      redirectionUrl: 'https://pankki.example.fi/palaa',
    })
    const next = await page('/asuntolainahakemus/', cookies)
    expect(next.querySelector('[data-testid="mortgage-form"]')?.getAttribute('data-step')).toBe(
      'personal-information',
    )
    expect(next.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext')).toBe('Vaihe 3/12')
  })

  it('renders every step of the path with a co-applicant, with its saved answers', async () => {
    const { cookies } = await filledIn()
    const path = stepsFor(true)
    for (const [index, step] of path.entries()) {
      const document = await page(`/asuntolainahakemus/?step=${step}`, cookies)
      const form = document.querySelector('[data-testid="mortgage-form"]')
      expect(form?.getAttribute('data-step'), step).toBe(step)
      expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext'), step).toBe(
        `Vaihe ${index + 1}/${path.length}`,
      )
      expect(form?.querySelector('h2')?.textContent?.length, step).toBeGreaterThan(0)
    }
    const person = await page('/asuntolainahakemus/?step=co-applicant-personal-information', cookies)
    expect(person.querySelector('input[name="firstName"]')?.getAttribute('value')).toBe(
      steps['co-applicant-personal-information'].firstName,
    )
    const loans = await page('/en/mortgage-form/?step=other-loans', cookies)
    expect(loans.querySelectorAll('[data-testid="mortgage-loan-row"]').length).toBe(
      Math.max(steps['other-loans'].loans?.length ?? 0, 1),
    )
    // Not yet identified: the last step offers the identification, not the send button.
    const identify = await page('/asuntolainahakemus/?step=identify', cookies)
    expect(identify.querySelector('[data-testid="identify-start"]')?.getAttribute('href')).toContain(
      '/api/v1/identification/start?mortgageApplicationId=',
    )
    expect(identify.querySelector('button[value="submit"]')).toBeNull()
    // Back from the provider with someone else's identity: said plainly, in the page's language.
    for (const [path, text] of [
      ['/asuntolainahakemus/', 'Tunnistautunut henkilö ei ole hakija.'],
      ['/en/mortgage-form/', 'The person who identified is not the applicant.'],
    ] as const) {
      const mismatch = await page(`${path}?step=identify&identification=HETU_MISMATCH`, cookies)
      expect(mismatch.querySelector('[data-testid="identify-result"]')?.textContent, path).toContain(text)
    }
  })

  it('shows a bad step’s field errors beside the fields and in a summary, in Finnish and in English', async () => {
    const { cookies } = await filledIn()
    const bad: Array<[string, string]> = [
      ['step', 'personal-information'],
      ['firstName', 'Aino'],
      ['lastName', ''],
      ['hetu', '131052-308A'],
      ['email', 'aino@'],
      ['phone', '040 123 4567'],
      ['streetAddress', 'Mannerheimintie 1'],
      ['postalCode', '001'],
      ['city', 'Helsinki'],
      ['citizenship', 'FI'],
    ]
    const messages: Record<string, string[]> = {}
    for (const path of ['/asuntolainahakemus/', '/en/mortgage-form/']) {
      const response = await post(`${path}?step=personal-information`, bad, cookies)
      expect(response.statusCode, path).toBe(400)
      const document = documentOf(response.body)
      const summary = document.querySelector('[data-testid="mortgage-error-summary"]')
      const links = [...(summary?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'))
      expect(links, path).toEqual(
        expect.arrayContaining([
          '#mortgage-lastName',
          '#mortgage-hetu',
          '#mortgage-email',
          '#mortgage-postalCode',
        ]),
      )
      // Beside the field: its error, and the field says it is invalid.
      const hetu = document.querySelector('#mortgage-hetu')
      expect(hetu?.getAttribute('aria-invalid'), path).toBe('true')
      const hetuError = document.querySelector('#mortgage-hetu-error')?.textContent ?? ''
      messages[path] = [hetuError, document.querySelector('#mortgage-postalCode-error')?.textContent ?? '']
      // What was typed stays in the form.
      expect(document.querySelector('#mortgage-hetu')?.getAttribute('value')).toBe('131052-308A')
    }
    expect(messages['/asuntolainahakemus/']).toEqual([
      'Henkilötunnus ei ole oikein.',
      'Postinumerossa on viisi numeroa.',
    ])
    expect(messages['/en/mortgage-form/']?.[0]).toMatch(/identity code/i)
    expect(messages['/en/mortgage-form/']?.[0]).not.toBe(messages['/asuntolainahakemus/']?.[0])
  })

  it('warns of a loan over the LTV cap with the missing euros, after saving and when the step is opened again', async () => {
    const { cookies } = await filledIn()
    const response = await post(
      '/asuntolainahakemus/?step=loan-requirement',
      [
        ['step', 'loan-requirement'],
        ['loanAmount', '245000'],
        ['years', '25'],
        ['repaymentType', 'annuity'],
        ['referenceRate', 'euribor-12'],
      ],
      cookies,
    )
    // Saved (200, not a redirect): the person reads the warning and goes on by its link.
    expect(response.statusCode).toBe(200)
    const saved = documentOf(response.body)
    const warning = saved.querySelector('[data-testid="mortgage-warnings"]')
    // 95 % of 250 000 € is 237 500 €: 7 500 € of own funds are missing.
    expect(warning?.textContent?.replace(/\s/g, ' ')).toMatch(/7\s500\s€/)
    expect(warning?.querySelector('a')?.getAttribute('href')).toBe(
      '/asuntolainahakemus/?step=funding-proposal',
    )
    const again = await page('/asuntolainahakemus/?step=loan-requirement', cookies)
    expect(again.querySelector('[data-testid="mortgage-notes"]')?.textContent?.replace(/\s/g, ' ')).toMatch(
      /7\s500\s€/,
    )
    expect(again.querySelector('input[name="loanAmount"]')?.getAttribute('value')).toBe('245000')
  })

  it('saves a good step and goes on to the next one on the path', async () => {
    const { cookies } = await filledIn()
    const step: MortgageDataStep = 'household-information'
    const response = await post(
      `/asuntolainahakemus/?step=${step}`,
      [
        ['step', step],
        ['adults', '2'],
        ['children', '1'],
        ['childMaintenanceCosts', '0'],
        ['otherHousingCosts', '120'],
      ],
      cookies,
    )
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/asuntolainahakemus/?step=work-details')
    const back = await page(`/asuntolainahakemus/?step=${step}`, cookies)
    expect(back.querySelector('input[name="otherHousingCosts"]')?.getAttribute('value')).toBe('120')
  })
})

describe('resuming and starting over (review of issue 16)', () => {
  it('a person who logs in again lands on the saved step of their draft', async () => {
    const user = await loginAs(ctx.database.db)
    const start = await api('POST', '/api/v1/mortgage-application', user.cookies, {
      calculator: steps.calculator,
      ...steps['mortgage-application'],
    })
    const id = start.json().mortgageApplicationId as string
    for (const step of ['personal-information', 'property-information'] as const) {
      const saved = await api(
        'PUT',
        `/api/v1/mortgage-application/${id}/steps/${step}`,
        user.cookies,
        steps[step],
      )
      expect(saved.statusCode).toBe(200)
    }
    // The first session ends; the old cookies open nothing.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/user/logout',
      cookies: user.cookies,
      headers: OUR_CLIENT,
    })
    const gone = await ctx.app.inject({ method: 'GET', url: '/asuntolainahakemus/', cookies: user.cookies })
    expect(gone.body).not.toContain('data-testid="mortgage-resumed"')
    // A new login: the form opens on the step after the last one saved, with the notice.
    const tokens = await createSession(ctx.database.db, user.userId)
    const again = { [ACCESS_COOKIE]: tokens.access, [REFRESH_COOKIE]: tokens.refresh }
    const document = await page('/asuntolainahakemus/', again)
    expect(document.querySelector('[data-testid="mortgage-form"]')?.getAttribute('data-step')).toBe(
      'loan-requirement',
    )
    expect(document.querySelector('[data-testid="mortgage-resumed"]')).not.toBeNull()
    // Going back shows the saved answers.
    const earlier = await page('/asuntolainahakemus/?step=property-information', again)
    const city = earlier.querySelector('input[name="city"]') as unknown as { value: string } | null
    expect(city?.value).toBe(steps['property-information'].city)
  })

  it('"Aloita alusta" cancels the draft (kept) and returns to an empty calculator', async () => {
    const user = await filledIn()
    const changed = await api(
      'PUT',
      `/api/v1/mortgage-application/${user.id}/steps/calculator`,
      user.cookies,
      { ...steps.calculator, price: 310_000 },
    )
    expect(changed.statusCode).toBe(200)
    const form = await page('/asuntolainahakemus/', user.cookies)
    const button = form.querySelector('[data-testid="mortgage-start-over"] button[value="start-over"]')
    expect(button?.textContent).toBe('Aloita alusta')
    const response = await post(
      '/asuntolainahakemus/',
      [
        ['step', 'identify'],
        ['intent', 'start-over'],
      ],
      user.cookies,
    )
    expect([302, 303]).toContain(response.statusCode)
    expect(response.headers.location).toBe('/asuntolainahakemus/?step=calculator')
    const [row] = await ctx.database.db
      .select({ status: schema.mortgageApplications.status })
      .from(schema.mortgageApplications)
      .where(eq(schema.mortgageApplications.id, user.id))
    expect(row?.status).toBe('cancelled')
    const document = await page('/asuntolainahakemus/?step=calculator', user.cookies)
    expect(document.querySelector('[data-testid="mortgage-form"]')?.getAttribute('data-step')).toBe(
      'calculator',
    )
    expect(document.querySelector('[data-testid="mortgage-start-over"]')).toBeNull()
    // The calculator as a new visitor sees it, not the cancelled draft's figures.
    const fresh = await page('/asuntolainahakemus/')
    const priceOf = (doc: ReturnType<typeof documentOf>) =>
      (doc.querySelector('input[name="price"]') as unknown as { value: string } | null)?.value
    expect(priceOf(document)).not.toBe('310 000')
    expect(priceOf(document)).toBe(priceOf(fresh))
  })

  it('a submitted application cannot be started over: the form says so', async () => {
    const user = await filledIn()
    await identifyForMortgage(ctx, user.userId, user.id, steps['personal-information'].hetu)
    const sent = await api('POST', `/api/v1/mortgage-application/${user.id}/submit`, user.cookies, {})
    expect(sent.statusCode).toBe(202)
    const response = await post(
      '/asuntolainahakemus/',
      [
        ['step', 'calculator'],
        ['intent', 'start-over'],
      ],
      user.cookies,
    )
    expect(response.statusCode).toBe(409)
    expect(response.body).toContain('Hakemus on jo lähetetty pankeille, eikä sitä voi enää muuttaa.')
    const [row] = await ctx.database.db
      .select({ status: schema.mortgageApplications.status })
      .from(schema.mortgageApplications)
      .where(eq(schema.mortgageApplications.id, user.id))
    expect(row?.status).toBe('submitted')
  })
})

const [demoBank] = DEMO_MORTGAGE_BANKS
if (!demoBank) throw new Error('no demo banks')

describe('a bank’s way back to the status page (issue 16 item 7)', () => {
  it('names the bank the person returns from, and links back to the bank that started the application', async () => {
    const user = await loginAs(ctx.database.db)
    const start = await api('POST', '/api/v1/mortgage-application', user.cookies, {
      calculator: steps.calculator,
      ...steps['mortgage-application'],
      redirectionUrl: 'https://pankki.example.fi/asuntolaina/paluu',
    })
    const id = start.json().mortgageApplicationId as string
    for (const step of MORTGAGE_DATA_STEPS.slice(2)) {
      const saved = await api(
        'PUT',
        `/api/v1/mortgage-application/${id}/steps/${step}`,
        user.cookies,
        steps[step],
      )
      expect(saved.statusCode).toBe(200)
    }
    await identifyForMortgage(ctx, user.userId, id, steps['personal-information'].hetu)
    const sent = await api('POST', `/api/v1/mortgage-application/${id}/submit`, user.cookies, {})
    expect(sent.statusCode).toBe(202)
    const [bank] = await ctx.database.db
      .insert(schema.lenders)
      .values({
        ...demoBank,
        slug: `paluupankki-${id.slice(0, 8)}`,
        name: 'Paluupankki',
        integration: 'sandbox',
        active: false,
        filtering: { acceptingApplications: true, excludedPurposes: [] },
      })
      .returning({ id: schema.lenders.id })
    if (!bank) throw new Error('no bank')
    await ctx.database.db.insert(schema.applicationRecipients).values({
      applicationId: sent.json().applicationId,
      lenderId: bank.id,
      status: 'info-requested',
      // As the lender API keeps it (allowed hosts only, mortgage-banks.test.ts).
      redirectionUrl: 'https://pankki.example.fi/lisatiedot',
    })

    const document = await page(`/tarjoukseni/?id=${id}&returned=${bank.id}`, user.cookies)
    expect(document.querySelector('[data-testid="mortgage-returned"]')?.textContent).toBe(
      'Palasit takaisin pankin sivuilta (Paluupankki). Hakemuksesi tilanne on alla.',
    )
    const back = [...document.querySelectorAll('a')].find(
      (link) => link.textContent === 'Palaa pankin sivuille',
    )
    expect(back?.getAttribute('href')).toBe('https://pankki.example.fi/asuntolaina/paluu')
    // The bank asking for more information links to its own page for the step.
    const onward = document.querySelector('[data-testid="mortgage-bank-continue"]')
    expect(onward?.textContent).toBe('Jatka pankin sivuilla')
    expect(onward?.getAttribute('aria-label')).toBe('Jatka pankin sivuilla (Paluupankki)')
    expect(onward?.getAttribute('href')).toBe('https://pankki.example.fi/lisatiedot')
    // A bank that is not one of this application's is not named.
    const stranger = await page(`/tarjoukseni/?id=${id}&returned=someone-else`, user.cookies)
    expect(stranger.querySelector('[data-testid="mortgage-returned"]')?.textContent).toBe(
      'Tervetuloa takaisin pankin sivulta. Hakemuksesi tilanne on alla.',
    )
  })

  it('gives no way back to a host that is not allowed', async () => {
    const user = await loginAs(ctx.database.db)
    const start = await api('POST', '/api/v1/mortgage-application', user.cookies, {
      calculator: steps.calculator,
      ...steps['mortgage-application'],
      redirectionUrl: 'https://huijari.example.com/',
    })
    expect(start.statusCode).toBe(201)
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/mortgage-application/${start.json().mortgageApplicationId}`,
      cookies: user.cookies,
      headers: OUR_CLIENT,
    })
    expect(read.json().redirectionUrl).toBeNull()
  })
})

describe('hostile input to the mortgage pages', () => {
  it('never answers 5xx', async () => {
    const { cookies } = await filledIn()
    const problems: string[] = []
    const cases: Array<{ url: string; type: string; payload: string }> = [
      { url: '/asuntolainahakemus/', type: 'application/json', payload: '{"step":"calculator"}' },
      { url: '/asuntolainahakemus/?step=x', type: 'application/x-www-form-urlencoded', payload: 'step=%00' },
      {
        url: '/asuntolainahakemus/?step=other-loans',
        type: 'application/x-www-form-urlencoded',
        payload: `step=other-loans&intent=remove-loan:99&loans.0.type=${'x'.repeat(5000)}&loans.9999.lender=a`,
      },
      {
        url: '/asuntolainahakemus/?step=funding-proposal',
        type: 'application/x-www-form-urlencoded',
        payload: 'step=funding-proposal&ownFunds=1e400&ownFundsSources=%EF%BF%BF&aspSaving=maybe',
      },
      {
        url: '/asuntolainahakemus/?step=calculator&callbackUrl=javascript:alert(1)',
        type: 'application/x-www-form-urlencoded',
        payload: 'step=calculator&price=-1&years=NaN&repaymentType=%00&marginPercent=1e308',
      },
      {
        url: '/asuntolainahakemus/?step=identify',
        type: 'application/x-www-form-urlencoded',
        payload: 'step=identify&intent=submit',
      },
      { url: '/tarjoukseni/', type: 'application/x-www-form-urlencoded', payload: 'offerId=%00' },
    ]
    for (const { url, type, payload } of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type, origin: ORIGIN },
        cookies,
        payload,
      })
      if (response.statusCode >= 500)
        problems.push(`POST ${url} ${payload.slice(0, 60)}: ${response.statusCode}`)
    }
    for (const url of [
      '/asuntolainahakemus/?step=%00&price=%EF%BF%BF&years=1e999',
      '/asuntolainahakemus/?identification=%3Cscript%3E',
      '/tarjoukseni/?id=not-a-uuid',
      '/tarjoukseni/?id=00000000-0000-4000-8000-000000000000',
      '/tarjoukseni/esis/x/',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, cookies })
      if (response.statusCode >= 500) problems.push(`GET ${url}: ${response.statusCode}`)
    }
    expect(problems).toEqual([])
  })
})

describe('the mortgage status page', () => {
  it('sends a signed-out visitor to the login and back', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/tarjoukseni/' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(`/kirjaudu/?returnTo=${encodeURIComponent('/tarjoukseni/')}`)
  })

  it('says so when the person has sent no application', async () => {
    const { cookies } = await loginAs(ctx.database.db)
    const document = await page('/en/mortgage-application-status/', cookies)
    expect(document.querySelector('main h1')?.textContent).toBe('My mortgage offers')
    expect(document.querySelector('[data-testid="mortgage-status-none"]')).not.toBeNull()
    expect(document.querySelector('meta[name="robots"]')).toBeNull()
    // Personal pages are never cached (issue 13 item 9).
    for (const url of ['/tarjoukseni/', '/asuntolainahakemus/?step=calculator']) {
      const response = await ctx.app.inject({ method: 'GET', url, cookies })
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
  })

  it('refuses another person’s application: logged out and sent to the forbidden page (spec §6)', async () => {
    const owner = await filledIn()
    const other = await loginAs(ctx.database.db)
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/tarjoukseni/?id=${owner.id}`,
      cookies: other.cookies,
    })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/forbidden/')
    const cleared = [response.headers['set-cookie']].flat().join('\n')
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
    // The session is over: the same cookies no longer open the page.
    const again = await ctx.app.inject({ method: 'GET', url: '/tarjoukseni/', cookies: other.cookies })
    expect(again.statusCode).toBe(302)
    expect(again.headers.location).toContain('/kirjaudu/')
  })

  it('shows no ESIS of an offer that is not the person’s', async () => {
    const { cookies } = await loginAs(ctx.database.db)
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/tarjoukseni/esis/00000000-0000-4000-8000-000000000000/',
      cookies,
    })
    expect(response.statusCode).toBe(404)
  })
})
