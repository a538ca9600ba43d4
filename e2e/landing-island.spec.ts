import { messagesFor } from '@lainava/i18n/server'
import { expect, type Page, test } from '@playwright/test'
import { expectLoadedAt, logInAs, openPage } from './helpers.ts'

// ADR 064: the landing's document hydrates as an island, without React Router: the same header, page,
// footer and cookie banner as the app's, from its own script. A link from it loads the next document.

const fi = messagesFor('fi') as Record<string, string>
const sv = messagesFor('sv') as Record<string, string>

/** The page's script files by path, and every error the page or its console reports. */
function watch(page: Page) {
  const scripts: string[] = []
  const errors: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return { scripts, errors }
}

const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }))
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)

test.describe('the landing as an island', () => {
  test('loads only its own scripts, hydrates without an error, and its menu links load the next document', async ({
    page,
  }) => {
    const { scripts, errors } = watch(page)
    await openPage(page, '/')
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((path) => !/^\/assets\/island-[\w-]+\.js$/.test(path))).toEqual([])
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false)

    // The header's menus are buttons once the island runs, as on every page of the app.
    const nav = page.getByRole('navigation', { name: fi['header.mainNav'] })
    await nav.getByRole('button', { name: fi['nav.group.guide'] }).click()
    await markDocument(page)
    await nav.getByRole('link', { name: fi['glossary.title'] }).click()
    await expect(page).toHaveURL(/\/sanasto\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi['glossary.title'] as string)
    // A new document, which hydrates as the app (React Router's scripts).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
    expect(await sameDocument(page)).toBe(false)
    expect(scripts.some((path) => !path.startsWith('/assets/island-'))).toBe(true)
    expect(errors).toEqual([])
  })

  test('in Swedish on a phone, the calculator answers a move and the page fits the screen @mobile', async ({
    page,
  }) => {
    const { errors } = watch(page)
    await openPage(page, '/sv/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv')
    const amount = page.getByRole('slider', { name: sv['calculator.amount'] })
    const payment = page.getByTestId('monthly-payment')
    const before = await payment.textContent()
    await amount.focus()
    await page.keyboard.press('End')
    await expect(payment).not.toHaveText(before ?? '')
    // Issue 18 item 7: the call-to-action experiment shows a visitor either text.
    const texts = [sv['calculator.submit'], sv['landing.cta.compare']]
    await page.getByRole('button', { name: new RegExp(`^(${texts.join('|')})$`) }).click()
    await expectLoadedAt(page, /\/sv\/lainahakemus\/\?amount=70000&period=\d+$/)
    expect(errors).toEqual([])
  })

  test('signed in, the landing shows the person’s links, and logging out there signs them out', async ({
    page,
  }) => {
    const { errors } = watch(page)
    await logInAs(page)
    await openPage(page, '/')
    await expect(page.getByTestId('header-offers')).toBeVisible()
    // On the island a navigation loads the next document: logging out loads the landing again. The test
    // waits for it, so that it does not end (and close the browser) in the middle of that load.
    const reloaded = page.waitForEvent('load')
    await page.getByRole('button', { name: fi['header.logout'] }).first().click()
    await reloaded
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
    await expect(page.getByRole('link', { name: fi['header.login'] }).first()).toBeVisible()
    await expect(page.getByTestId('header-offers')).toHaveCount(0)
    expect((await page.request.get('/api/v2/user/profile')).status()).toBe(401)
    expect(errors).toEqual([])
  })
})

test.describe('the landing island’s fetch ahead', () => {
  test('fetches the app’s modules for the next page once the landing has loaded, and the next page has them', async ({
    page,
  }) => {
    await openPage(page, '/')
    await expect(page.locator('html')).toHaveAttribute('data-prefetch', 'on')
    const ahead = await page
      .locator('head link[rel="prefetch"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname))
    expect(ahead.length).toBeGreaterThan(2)
    // They are the modules the next page of the app loads.
    const fetched: string[] = []
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
    await page.goto('/sanasto/')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
    const preloaded = await page
      .locator('head link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname))
    for (const href of ahead) expect(preloaded).toContain(href)
  })

  test('fetches nothing ahead in data-saver mode', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } })
    })
    await openPage(page, '/')
    await expect(page.locator('html')).toHaveAttribute('data-prefetch', 'off:save-data')
    await expect(page.locator('head link[rel="prefetch"]')).toHaveCount(0)
  })
})
