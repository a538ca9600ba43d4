import { schema } from '@lainava/db'
import { MORTGAGE_DATA_STEPS, type MortgageDataStep } from '@lainava/domain'
import { exampleHetu, exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cookies, loginAs, OUR_CLIENT } from '../../test/sessions.ts'
import { createTestApp } from '../../test/test-app.ts'
import { identifyForMortgage } from './mortgage-test-helpers.ts'

// Issue 16: the mortgage application API: start, read, save each step (validation in the user's
// language, the state machine's path), and submit behind a matching strong identification.

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp({ MORTGAGE_CALLBACK_HOSTS: 'pankki.example.fi' })
})
afterAll(async () => {
  await ctx?.close()
})

const steps = exampleMortgageSteps

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookies: Cookies | undefined,
  payload?: object,
  language = 'fi',
) {
  return ctx.app.inject({
    method,
    url,
    cookies,
    headers: { ...OUR_CLIENT, 'accept-language': language },
    ...(payload ? { payload } : {}),
  })
}

function startBody(overrides: Record<string, unknown> = {}) {
  return { calculator: steps.calculator, ...steps['mortgage-application'], ...overrides }
}

async function started(cookies: Cookies, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/v1/mortgage-application', cookies, startBody(overrides))
  expect(response.statusCode).toBe(201)
  return response.json() as { mortgageApplicationId: string; step: string; progress: number }
}

const save = (cookies: Cookies, id: string, step: MortgageDataStep, body: object, language = 'fi') =>
  call('PUT', `/api/v1/mortgage-application/${id}/steps/${step}`, cookies, body, language)

/** Saves every step of the example (with or without the co-applicant) up to the identify step. */
async function filledIn(cookies: Cookies, hasCoApplicant = true) {
  const { mortgageApplicationId: id } = await started(cookies, { hasCoApplicant })
  for (const step of MORTGAGE_DATA_STEPS) {
    if (step === 'calculator' || step === 'mortgage-application') continue
    if (!hasCoApplicant && step.startsWith('co-applicant')) continue
    const response = await save(cookies, id, step, steps[step])
    expect(response.statusCode, `${step}: ${response.body}`).toBe(200)
  }
  return id
}

describe('starting a mortgage application', () => {
  it('needs a signed-in person', async () => {
    const response = await call('POST', '/api/v1/mortgage-application', undefined, startBody())
    expect(response.statusCode).toBe(401)
  })

  it('starts at the personal information step with the calculator figures saved', async () => {
    const user = await loginAs(ctx.database.db)
    const start = await started(user.cookies)
    expect(start.step).toBe('personal-information')
    expect(start.progress).toBeGreaterThan(0)
    const read = await call(
      'GET',
      `/api/v1/mortgage-application/${start.mortgageApplicationId}`,
      user.cookies,
    )
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({
      status: 'draft',
      step: 'personal-information',
      hasCoApplicant: true,
      identified: null,
      data: {
        calculator: { price: 250_000, ownFunds: 50_000 },
        'mortgage-application': { purpose: 'first-home' },
      },
    })
  })

  it('refuses bad figures with field errors in the user’s language', async () => {
    const user = await loginAs(ctx.database.db)
    const bad = startBody({ calculator: { ...steps.calculator, price: 'lots' }, consents: { terms: true } })
    const fi = await call('POST', '/api/v1/mortgage-application', user.cookies, bad, 'fi')
    const en = await call('POST', '/api/v1/mortgage-application', user.cookies, bad, 'en')
    for (const response of [fi, en]) {
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('VALIDATION_FAILED')
      const paths = response.json().fields.map((field: { path: string }) => field.path)
      expect(paths).toEqual(
        expect.arrayContaining([
          'body.calculator.price',
          'body.consents.privacy',
          'body.consents.creditCheck',
        ]),
      )
    }
    const message = (response: typeof fi, path: string) =>
      response.json().fields.find((field: { path: string }) => field.path === path)?.message
    expect(message(fi, 'body.consents.privacy')).not.toBe(message(en, 'body.consents.privacy'))
  })

  it('keeps a bank’s return addresses only on an allowed host', async () => {
    const user = await loginAs(ctx.database.db)
    const { mortgageApplicationId: id } = await started(user.cookies, {
      callbackUrl: 'https://pankki.example.fi/palaa?x=1',
      redirectionUrl: 'https://evil.example.com/phish',
    })
    const read = (await call('GET', `/api/v1/mortgage-application/${id}`, user.cookies)).json()
    expect(read.callbackUrl).toBe('https://pankki.example.fi/palaa?x=1')
    expect(read.redirectionUrl).toBeNull()
  })

  it('is read by its owner only (404 for anyone else)', async () => {
    const owner = await loginAs(ctx.database.db)
    const other = await loginAs(ctx.database.db)
    const { mortgageApplicationId: id } = await started(owner.cookies)
    expect((await call('GET', `/api/v1/mortgage-application/${id}`, other.cookies)).statusCode).toBe(404)
    expect(
      (await save(other.cookies, id, 'personal-information', steps['personal-information'])).statusCode,
    ).toBe(404)
  })
})

describe('saving the steps', () => {
  it('each step refuses empty data naming its required fields, in Finnish and in English', async () => {
    const user = await loginAs(ctx.database.db)
    const id = await filledIn(user.cookies)
    const required: Record<MortgageDataStep, string> = {
      calculator: 'price',
      'mortgage-application': 'purpose',
      'personal-information': 'hetu',
      'property-information': 'propertyType',
      'loan-requirement': 'loanAmount',
      'funding-proposal': 'ownFunds',
      'details-of-lead-applicant': 'maritalStatus',
      'household-information': 'adults',
      'work-details': 'employmentType',
      'income-and-wealth': 'monthlyNetIncome',
      'other-loans': 'loans',
      'co-applicant-personal-information': 'lastName',
      'co-applicant-details': 'education',
      'co-applicant-work-details': 'occupation',
      'co-applicant-income-and-wealth': 'savings',
      'co-applicant-other-loans': 'loans',
    }
    for (const step of MORTGAGE_DATA_STEPS) {
      const body = step.endsWith('other-loans') ? { loans: [{ type: 'mortgage' }] } : {}
      const fi = await save(user.cookies, id, step, body, 'fi')
      const en = await save(user.cookies, id, step, body, 'en')
      expect(fi.statusCode, step).toBe(400)
      expect(en.statusCode, step).toBe(400)
      const field = step.endsWith('other-loans') ? 'body.loans.0.lender' : `body.${required[step]}`
      const fiField = fi.json().fields.find((problem: { path: string }) => problem.path === field)
      const enField = en.json().fields.find((problem: { path: string }) => problem.path === field)
      expect(fiField, `${step}: ${fi.body}`).toBeDefined()
      expect(enField.code).toBe(fiField.code)
      expect(enField.message).not.toBe(fiField.message)
    }
    // Nothing invalid was saved: the application still reads as filled in.
    const read = (await call('GET', `/api/v1/mortgage-application/${id}`, user.cookies)).json()
    expect(read.step).toBe('identify')
    expect(read.data['household-information']).toEqual(steps['household-information'])
  })

  it('goes along the path: next step, progress, identify after the last', async () => {
    const user = await loginAs(ctx.database.db)
    const { mortgageApplicationId: id } = await started(user.cookies, { hasCoApplicant: false })
    const saved = await save(user.cookies, id, 'personal-information', steps['personal-information'])
    expect(saved.json()).toMatchObject({ step: 'property-information', hasCoApplicant: false, warnings: [] })
    const id2 = await filledIn(user.cookies, false)
    const last = await save(user.cookies, id2, 'other-loans', steps['other-loans'])
    expect(last.json()).toMatchObject({ step: 'identify', progress: 100 })
  })

  it('refuses a co-applicant step without a co-applicant and a step not yet reached', async () => {
    const user = await loginAs(ctx.database.db)
    const { mortgageApplicationId: id } = await started(user.cookies, { hasCoApplicant: false })
    const co = await save(user.cookies, id, 'co-applicant-details', steps['co-applicant-details'])
    expect(co.statusCode).toBe(400)
    expect(co.json().code).toBe('STEP_NOT_ON_PATH')
    const ahead = await save(user.cookies, id, 'work-details', steps['work-details'], 'en')
    expect(ahead.statusCode).toBe(400)
    expect(ahead.json()).toMatchObject({
      code: 'STEP_NOT_REACHED',
      message: 'Fill in the earlier steps of the application first.',
    })
  })

  it('saving an earlier step again keeps the later steps’ data', async () => {
    const user = await loginAs(ctx.database.db)
    const id = await filledIn(user.cookies)
    const again = await save(user.cookies, id, 'property-information', {
      ...steps['property-information'],
      price: 260_000,
    })
    expect(again.json().step).toBe('loan-requirement')
    const read = (await call('GET', `/api/v1/mortgage-application/${id}`, user.cookies)).json()
    expect(read.step).toBe('identify')
    expect(read.data['property-information'].price).toBe(260_000)
    expect(read.data['co-applicant-income-and-wealth']).toEqual(steps['co-applicant-income-and-wealth'])
  })

  it('warns when the loan breaks the LTV cap, with the own funds missing', async () => {
    const user = await loginAs(ctx.database.db)
    const id = await filledIn(user.cookies)
    // A first home of 250 000 €: at most 95 % = 237 500 €; 245 000 € lacks 7 500 €.
    const response = await save(user.cookies, id, 'loan-requirement', {
      ...steps['loan-requirement'],
      loanAmount: 245_000,
    })
    expect(response.statusCode).toBe(200)
    const [warning] = response.json().warnings
    expect(warning).toMatchObject({
      step: 'loan-requirement',
      path: 'loanAmount',
      code: 'mortgage.warning.ltvOverCap',
      values: { maxLoan: 237_500, missingOwnFunds: 7_500 },
    })
    expect(warning.message).toMatch(/7\s?500/)
  })

  it('refuses a co-applicant with the lead applicant’s identity number', async () => {
    const user = await loginAs(ctx.database.db)
    const id = await filledIn(user.cookies)
    const response = await save(user.cookies, id, 'co-applicant-personal-information', {
      ...steps['co-applicant-personal-information'],
      hetu: steps['personal-information'].hetu,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual([
      expect.objectContaining({ path: 'body.hetu', code: 'mortgage.error.sameHetu' }),
    ])
  })
})

const identify = (userId: string, mortgageApplicationId: string, hetu: string) =>
  identifyForMortgage(ctx, userId, mortgageApplicationId, hetu)

describe('submitting', () => {
  const submit = (cookies: Cookies, id: string, language = 'fi') =>
    call('POST', `/api/v1/mortgage-application/${id}/submit`, cookies, {}, language)

  it('is refused without a strong identification', async () => {
    const user = await loginAs(ctx.database.db)
    const id = await filledIn(user.cookies)
    const response = await submit(user.cookies, id, 'en')
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('IDENTIFICATION_REQUIRED')
  })

  it('is refused when the identified person is not the applicant', async () => {
    const user = await loginAs(ctx.database.db)
    const id = await filledIn(user.cookies)
    await identify(user.userId, id, exampleHetu('010170', '123'))
    const response = await submit(user.cookies, id)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      code: 'IDENTIFICATION_MISMATCH',
      message: expect.stringContaining('Tunnistautunut henkilö ei ole hakija'),
    })
    const [row] = await ctx.database.db
      .select()
      .from(schema.mortgageApplications)
      .where(eq(schema.mortgageApplications.id, id))
    expect(row?.status).toBe('draft')
  })

  it('is refused while a step of the path is missing, naming it', async () => {
    const user = await loginAs(ctx.database.db)
    const { mortgageApplicationId: id } = await started(user.cookies, { hasCoApplicant: false })
    await save(user.cookies, id, 'personal-information', steps['personal-information'])
    await identify(user.userId, id, steps['personal-information'].hetu)
    const response = await submit(user.cookies, id)
    expect(response.statusCode).toBe(400)
    const paths = response.json().fields.map((field: { path: string }) => field.path)
    expect(paths).toContain('steps.property-information')
    expect(paths).not.toContain('steps.co-applicant-details')
  })

  it('with a matching identification creates the marketplace application once, applicants encrypted', async () => {
    const user = await loginAs(ctx.database.db)
    const id = await filledIn(user.cookies)
    await identify(user.userId, id, steps['personal-information'].hetu)
    const first = await submit(user.cookies, id)
    expect(first.statusCode).toBe(202)
    const again = await submit(user.cookies, id)
    expect(again.json()).toEqual(first.json())
    const { applicationId } = first.json()
    const [application] = await ctx.database.db
      .select()
      .from(schema.applications)
      .where(eq(schema.applications.id, applicationId))
    expect(application).toMatchObject({
      kind: 'mortgage',
      amount: 200_000,
      periodMonths: 300,
      purpose: 'first-home',
    })
    const people = await ctx.database.db
      .select()
      .from(schema.applicants)
      .where(eq(schema.applicants.applicationId, applicationId))
    expect(people.map((person) => person.role).sort()).toEqual(['co', 'main'])
    const main = people.find((person) => person.role === 'main')
    const hetu = steps['personal-information'].hetu
    expect(main?.hetuEncrypted).not.toContain(hetu)
    expect(ctx.services.cipher.decrypt(main?.hetuEncrypted ?? '')).toBe(hetu)
    expect(main?.hetuHash).toBe(ctx.services.cipher.fingerprint(hetu))
    for (const person of people) expect(JSON.stringify(person.details)).not.toMatch(/\d{6}[-+A]\d{3}/)
    expect(JSON.stringify(application?.details)).not.toMatch(/\d{6}[-+A]\d{3}/)
    // Submitted: the steps can no longer change.
    const late = await save(user.cookies, id, 'household-information', steps['household-information'])
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('ALREADY_SUBMITTED')
  })
})

describe('starting over', () => {
  const cancel = (cookies: Cookies | undefined, id: string, language = 'fi') =>
    call('POST', `/api/v1/mortgage-application/${id}/cancel`, cookies, {}, language)

  it('cancels the draft, keeps it, and the next start is a new application', async () => {
    const user = await loginAs(ctx.database.db)
    const { mortgageApplicationId: id } = await started(user.cookies)
    await save(user.cookies, id, 'personal-information', steps['personal-information'])
    const response = await cancel(user.cookies, id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ mortgageApplicationId: id, status: 'cancelled' })
    // Kept for the person's data export, with its data.
    const [row] = await ctx.database.db
      .select()
      .from(schema.mortgageApplications)
      .where(eq(schema.mortgageApplications.id, id))
    expect(row?.status).toBe('cancelled')
    // No more saving; cancelling again answers the same.
    const late = await save(user.cookies, id, 'property-information', steps['property-information'])
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('CANCELLED')
    expect((await cancel(user.cookies, id)).statusCode).toBe(200)
    const again = await started(user.cookies)
    expect(again.mortgageApplicationId).not.toBe(id)
    expect(again.step).toBe('personal-information')
  })

  it('is 404 for another person’s application and changes nothing', async () => {
    const owner = await loginAs(ctx.database.db)
    const other = await loginAs(ctx.database.db)
    const { mortgageApplicationId: id } = await started(owner.cookies)
    expect((await cancel(other.cookies, id)).statusCode).toBe(404)
    expect((await cancel(undefined, id)).statusCode).toBe(401)
    const read = await call('GET', `/api/v1/mortgage-application/${id}`, owner.cookies)
    expect(read.json().status).toBe('draft')
  })

  it('refuses a submitted application with a clear message', async () => {
    const user = await loginAs(ctx.database.db)
    const id = await filledIn(user.cookies)
    await identify(user.userId, id, steps['personal-information'].hetu)
    const submit = await call('POST', `/api/v1/mortgage-application/${id}/submit`, user.cookies, {})
    expect(submit.statusCode).toBe(202)
    const response = await cancel(user.cookies, id, 'en')
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'ALREADY_SUBMITTED', message: expect.any(String) })
    expect(response.json().message).not.toMatch(/mortgage\.api/)
    const read = await call('GET', `/api/v1/mortgage-application/${id}`, user.cookies)
    expect(read.json().status).toBe('submitted')
  })
})

describe('status', () => {
  it('answers 403 for another user’s application and 404 when there is none', async () => {
    const owner = await loginAs(ctx.database.db)
    const other = await loginAs(ctx.database.db)
    const { mortgageApplicationId: id } = await started(owner.cookies)
    const forbidden = await call('GET', `/api/v1/mortgage-application/status/${id}`, other.cookies)
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().code).toBe('FORBIDDEN')
    expect((await call('GET', '/api/v1/mortgage-application/status', other.cookies)).statusCode).toBe(404)
    const mine = await call('GET', '/api/v1/mortgage-application/status', owner.cookies)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ mortgageApplicationId: id, status: 'draft', banks: [], offers: [] })
  })
})
