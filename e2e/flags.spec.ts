import AxeBuilder from '@axe-core/playwright'
import { GrowthBook } from '@growthbook/growthbook'
import { LANDING_CTA_FLAG } from '@lainava/domain/demo-flags'
import { expect, type Page, test } from '@playwright/test'
import {
  analyticsEvents,
  expectLoadedAt,
  flushAnalytics,
  giveMarketingConsent,
  logInAs,
  logInAsAdmin,
  openPage,
  recordAnalytics,
  watchAnalyticsRequests,
} from './helpers.ts'

// Issue 18 items 3, 4 and 7 (ADR 038): the landing's call-to-action flag evaluated on the server, the SDK
// streaming in the browser after hydration, and the cookie banner.

const FLAG = `/api/v1/admin/flags/production/features/${LANDING_CTA_FLAG.key}`
const TEXT = { apply: 'Hae lainaa', compare: 'Vertaa lainatarjouksia' } as const
const CTA = /^(Hae lainaa|Vertaa lainatarjouksia)$/
/** The seeded experiment (the seed's LANDING_CTA_FLAG), put back after a test changes it. */
const EXPERIMENT = LANDING_CTA_FLAG.definition

/** Console errors and page errors, from the first byte on. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function saveFlag(page: Page, baseURL: string | undefined, definition: object) {
  const response = await page.request.put(FLAG, {
    data: { valueType: 'string', description: 'e2e', definition },
    headers: { origin: baseURL ?? '' },
  })
  expect(response.status(), await response.text()).toBe(200)
}

function variationOf(deviceId: string): 'apply' | 'compare' {
  const growthbook = new GrowthBook({ attributes: { deviceId } }).initSync({
    payload: { features: { 'landing-cta-text': EXPERIMENT as never } },
  })
  const value = growthbook.getFeatureValue('landing-cta-text', 'apply') as 'apply' | 'compare'
  growthbook.destroy()
  return value
}

test.describe('flags on the landing', () => {
  test.describe.configure({ mode: 'serial' })

  test('an admin edit reaches the open landing through the stream without a reload', async ({
    page,
    browser,
    baseURL,
  }) => {
    const admin = await (await browser.newContext({ baseURL })).newPage()
    await logInAsAdmin(admin)
    try {
      await saveFlag(admin, baseURL, { defaultValue: 'apply' })
      const errors = watchErrors(page)
      await openPage(page, '/')
      const button = page.getByRole('button', { name: CTA })
      await expect(button).toHaveText(TEXT.apply)
      await expect(page.locator('html')).toHaveAttribute('data-flags', 'live', { timeout: 15_000 })
      await page.evaluate(() => {
        ;(window as unknown as { sameDocument: boolean }).sameDocument = true
      })

      await saveFlag(admin, baseURL, { defaultValue: 'compare' })
      await expect(button).toHaveText(TEXT.compare)
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      )
      expect(errors).toEqual([])
    } finally {
      await saveFlag(admin, baseURL, EXPERIMENT)
    }
  })

  test('SSR and hydration give the same variation for two devices in different buckets', async ({
    browser,
    baseURL,
  }) => {
    const devices = new Map<string, string>()
    for (let i = 0; devices.size < 2 && i < 50; i++) {
      const id = `e2eflagsdevice${i}abcdefgh`
      devices.set(variationOf(id), devices.get(variationOf(id)) ?? id)
    }
    expect([...devices.keys()].sort()).toEqual(['apply', 'compare'])
    for (const [variation, deviceId] of devices) {
      const context = await browser.newContext({ baseURL })
      await context.addCookies([{ name: 'lainava_device_id', value: deviceId, url: baseURL ?? '' }])
      const html = await (await context.request.get('/')).text()
      const served = /<button[^>]*type="submit"[^>]*>([^<]*)<\/button>/.exec(html)?.[1]
      expect(served).toBe(TEXT[variation as 'apply' | 'compare'])
      const page = await context.newPage()
      const errors = watchErrors(page)
      await openPage(page, '/')
      await expect(page.locator('html')).toHaveAttribute('data-flags', 'live', { timeout: 15_000 })
      await expect(page.getByRole('button', { name: CTA })).toHaveText(served ?? '')
      // No hydration mismatch (React reports one as a console error) and nothing else either.
      expect(errors).toEqual([])
      await context.close()
    }
  })

  test('with consent the landing reports its experiment at hydration, without any interaction, and only once', async ({
    page,
    context,
    baseURL,
  }) => {
    await giveMarketingConsent(context, baseURL)
    const bodies = await recordAnalytics(page)
    const exposures = () =>
      analyticsEvents(bodies)
        .filter((event) => event.type === 'experiment_viewed')
        .map((event) => event.data)
    await openPage(page, '/')
    const served = await page.getByRole('button', { name: CTA }).textContent()
    const variationId = served === TEXT.compare ? '1' : '0'
    // Hidden before the SDK loads (it waits for an interaction or 5 s): the page sent it already.
    expect(await page.locator('html').getAttribute('data-flags')).toBeNull()
    await flushAnalytics(page)
    expect(exposures()).toEqual([{ experimentKey: 'landing-cta-text', variationId }])

    // The SDK's own callback, once it runs, does not send the same exposure again.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
    })
    await expect(page.locator('html')).toHaveAttribute('data-flags', 'live', { timeout: 15_000 })
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')))
    expect((await page.request.get('/api/health')).ok()).toBe(true)
    expect(exposures()).toEqual([{ experimentKey: 'landing-cta-text', variationId }])
  })

  test('with the flag server refused the page keeps its values, works, and logs no error', async ({
    page,
  }) => {
    await page.route('**/sub/**', (route) => route.fulfill({ status: 404, body: '' }))
    await page.route('**/api/features/**', (route) => route.fulfill({ status: 404, body: '' }))
    const errors = watchErrors(page)
    await openPage(page, '/')
    await expect(page.locator('html')).toHaveAttribute('data-flags', 'live', { timeout: 15_000 })
    const button = page.getByRole('button', { name: CTA })
    await expect(button).toBeVisible()
    await button.click()
    await expectLoadedAt(page, /\/lainahakemus\/\?amount=20000&period=4$/)
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([])
  })
})

test.describe('cookie banner', () => {
  test('asks before any analytics, is accessible, fits 320 px and keeps the choice', async ({ page }) => {
    const events = watchAnalyticsRequests(page)
    await page.setViewportSize({ width: 320, height: 640 })
    await openPage(page, '/')
    const banner = page.getByRole('region', { name: 'Evästeasetukset' })
    await expect(banner).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect((await banner.boundingBox())?.width).toBeLessThanOrEqual(320)
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations).toEqual([])

    // Hidden before a choice: the analytics client would flush now, and must send nothing.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
    })
    expect((await page.request.get('/api/health')).ok()).toBe(true)
    expect(events).toEqual([])

    // Choose with the keyboard: the choices open with the focus on them.
    await banner.getByRole('button', { name: 'Valitse itse' }).focus()
    await page.keyboard.press('Enter')
    const marketing = banner.getByRole('checkbox', { name: 'Analytiikka ja markkinointi' })
    await expect(marketing).toBeFocused()
    await page.keyboard.press('Space')
    await expect(marketing).toBeChecked()
    const axeOpen = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axeOpen.violations).toEqual([])
    await banner.getByRole('button', { name: 'Tallenna valinnat' }).click()
    await expect(banner).toBeHidden()
    await expect(page.locator('main')).toBeFocused()
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'lainava_marketing')?.value).toBe('true')
    // The consented deviceId now lasts (a year), randomId stays for the session.
    const device = cookies.find((cookie) => cookie.name === 'lainava_device_id')
    expect(device?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600)

    await openPage(page, '/')
    await expect(page.getByRole('region', { name: 'Evästeasetukset' })).toHaveCount(0)
  })

  test("a signed-in person's choice also goes to their consents", async ({ page }) => {
    await logInAs(page)
    await openPage(page, '/')
    await page
      .getByRole('region', { name: 'Evästeasetukset' })
      .getByRole('button', { name: 'Salli kaikki' })
      .click()
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/v1/user/consents')).json()) as { analyticsCookies: boolean })
            .analyticsCookies,
      )
      .toBe(true)
    await openPage(page, '/asetukset/?menu=consents')
    await expect(page.getByRole('checkbox', { name: 'Analytiikkaevästeet' })).toBeChecked()
  })

  test('only necessary: no banner again and no analytics', async ({ page }) => {
    await openPage(page, '/sv/')
    const banner = page.getByRole('region', { name: 'Inställningar för kakor' })
    await banner.getByRole('button', { name: 'Endast nödvändiga' }).click()
    await expect(banner).toBeHidden()
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'lainava_marketing')?.value).toBe('false')
    expect(cookies.find((cookie) => cookie.name === 'lainava_device_id')?.expires).toBe(-1)
  })
})
