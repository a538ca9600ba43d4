import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test'

export function uniqueEmail(label = 'e2e'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.fi`
}

// The code is never in the subject (issue 13 item 6): it is read from the text.
const LOGIN_SUBJECT = /kirjautumislinkki|inloggningslänk|login link|kutsuttu|invited/i

type OutboxMessage = { to: string; subject: string; text: string; createdAt: string }

/** The newest login e-mail to the address, from the local outbox (the e2e server has DEV_MAILBOX on). */
export async function latestLoginEmail(request: APIRequestContext, email: string) {
  let message: OutboxMessage | undefined
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
      // The newest login e-mail: offer e-mails to the same address can arrive after it.
      message = ((await response.json()) as { messages: OutboxMessage[] }).messages.find((candidate) =>
        LOGIN_SUBJECT.test(candidate.subject),
      )
      return message?.subject ?? ''
    })
    .toMatch(LOGIN_SUBJECT)
  const text = message?.text ?? ''
  const code = /: (\d{6})$/m.exec(text)?.[1] ?? ''
  const link = /(https?:\/\/\S+\/autologin\/\?token=[\w-]+)/.exec(text)?.[1] ?? ''
  return { code, link }
}

/** Logs in through the API (the login form itself has its own test). The page shares the cookies. */
export async function logInAs(page: Page, email = uniqueEmail()) {
  const start = await page.request.post('/api/v2/passwordless/start', { data: { email } })
  expect(start.ok()).toBe(true)
  const { code } = await latestLoginEmail(page.request, email)
  const verify = await page.request.post('/api/v2/passwordless/verify', { data: { email, code } })
  expect(verify.ok()).toBe(true)
  return email
}

/**
 * Opens a page and waits until React has taken it over. A click or a choice made before that is lost
 * or goes to the server-rendered form, which is how a test comes to pass or fail by the machine's speed.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
  return response
}

/**
 * Waits until the page is at `url` with its document loaded and hydrated. A test whose last step is a
 * click that loads a new document (every link from the landing's island does) ends after this, not
 * during that load: closing the browser in the middle of a navigation can hang the test's teardown.
 */
export async function expectLoadedAt(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url)
  await page.waitForLoadState('load')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
}

/** The admin the e2e server makes at start (ADMIN_EMAIL in playwright.config.ts). */
export const E2E_ADMIN = 'e2e-admin@example.fi'
/** The admin's cookies, saved once per run by `admin.setup.ts` (the projects depend on it). */
export const ADMIN_STATE = fileURLToPath(new URL('./.auth/admin.json', import.meta.url))

/**
 * Signs the page's browser context in as the shared admin, with the login `admin.setup.ts` made.
 * Never by a new code: two workers logging one address in at once can spend each other's codes.
 */
export async function logInAsAdmin(page: Page) {
  const state = JSON.parse(await readFile(ADMIN_STATE, 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0]
  }
  await page.context().addCookies(state.cookies)
}

/** A request context signed in as the shared admin (see `logInAsAdmin`). */
export function adminRequest(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  return playwright.request.newContext({ baseURL, storageState: ADMIN_STATE })
}
/** The header our own client sends (ADR 015): cookie-authenticated API calls from a request context. */
export const OUR_CLIENT = { 'x-lainava-client': 'web' }

/** Logs a request context in by the e-mailed code (as `logInAs` does for a page). */
export async function logInRequest(request: APIRequestContext, email: string) {
  expect((await request.post('/api/v2/passwordless/start', { data: { email } })).ok()).toBe(true)
  const { code } = await latestLoginEmail(request, email)
  expect((await request.post('/api/v2/passwordless/verify', { data: { email, code } })).ok()).toBe(true)
}

/** POSTs JSON as our client and expects success; returns the answer's body. */
export async function postJson(request: APIRequestContext, url: string, data: unknown) {
  const response = await request.post(url, { data, headers: OUR_CLIENT })
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true)
  return response.json()
}

/** A consumer-loan submission for the API, signed by `email`; the applicant and work may be varied. */
export function consumerApplication(
  email: string,
  options: {
    amount: number
    period: number
    applicant?: Record<string, string>
    work?: Record<string, string>
  },
) {
  return {
    kind: 'consumer-loan',
    idempotencyKey: randomUUID(),
    language: 'fi',
    application: {
      loan: { amount: options.amount, period: options.period, purpose: 'renovation' },
      applicant: {
        firstName: 'Aino',
        lastName: 'Virtanen',
        hetu: '131052-308T',
        email,
        phone: '040 123 4567',
        address: 'Mannerheimintie 1',
        postcode: '00100',
        city: 'Helsinki',
        maritalStatus: 'single',
        education: 'graduate',
        housing: 'renting',
        homeType: 'apartment',
        housingCostsPerMonth: '700',
        adults: '1',
        children: '0',
        ...options.applicant,
      },
      work: {
        employmentType: 'permanent',
        jobPosition: 'employee',
        employer: 'Esimerkki Oy',
        employedSince: '2012-03-01',
        monthlyGrossIncome: '4800',
        monthlyNetIncome: '3500',
        ...options.work,
      },
      debts: { debts: [], creditCards: [] },
      hasCoApplicant: false,
      consents: {
        termsAccepted: true,
        privacyAccepted: true,
        creditCheckConsent: true,
        shareWithLendersConsent: true,
      },
    },
  }
}

/** Axe finds no WCAG 2.1 A or AA violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(results.violations).toEqual([])
}

/** Makes the page hidden as switching tabs does: the analytics client flushes on it, the flag stream closes later. */
export async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

/** The stored choice the consent banner writes for marketing consent (its own test clicks it). */
export async function giveMarketingConsent(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'lainava_marketing', value: 'true', url: baseURL ?? '' }])
}

const EVENTS = '/api/v1/events'

/** The URL of every analytics request the page makes (a test without consent expects none). */
export function watchAnalyticsRequests(page: Page): string[] {
  const requests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes(EVENTS)) requests.push(request.url())
  })
  return requests
}

/** The body of every analytics batch the page sends, read on its way to the server (it goes on unchanged). */
export async function recordAnalytics(page: Page): Promise<string[]> {
  const bodies: string[] = []
  await page.route(`**${EVENTS}`, async (route) => {
    bodies.push(route.request().postDataBuffer()?.toString('utf8') ?? '')
    await route.continue()
  })
  return bodies
}

/** The events of the batches `recordAnalytics` kept, in the order sent. */
export function analyticsEvents(bodies: string[]) {
  return bodies.flatMap(
    (body) => (JSON.parse(body) as { events: Array<{ type: string; data?: unknown }> }).events,
  )
}

/** Hides the page, which makes the analytics client send its beacon, and expects the server to accept it. */
export async function flushAnalytics(page: Page) {
  const answer = page.waitForResponse((response) => response.url().endsWith(EVENTS))
  await hidePage(page)
  const response = await answer
  expect(response.status()).toBe(202)
  return response
}
