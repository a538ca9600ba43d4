import { expect, test } from '@playwright/test'
import { expectAccessible, hidePage, openPage } from './helpers.ts'

// Issue 18: the cookie choice can be changed later from the footer's "Evästeasetukset" on every page,
// signed out too, with and without JavaScript; withdrawing consent stops analytics at once.

test.describe('cookie settings', () => {
  test('accept, then "only necessary" from the footer link: analytics stops at once, focus comes back, axe clean at 320 px', async ({
    page,
  }) => {
    const events: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/events')) events.push(request.url())
    })
    await page.setViewportSize({ width: 320, height: 640 })
    await openPage(page, '/')
    const banner = page.getByRole('region', { name: 'Evästeasetukset' })
    await banner.getByRole('button', { name: 'Salli kaikki' }).click()
    await expect(banner).toBeHidden()
    // Consent given: the page view goes out.
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/v1/events'))
    await hidePage(page)
    expect((await sent).status()).toBe(202)

    // The footer link reopens the banner with the current choice, the focus inside it.
    await openPage(page, '/autolaina/')
    const link = page.getByRole('link', { name: 'Evästeasetukset' })
    await link.focus()
    await page.keyboard.press('Enter')
    await expect(banner).toBeVisible()
    await expect(banner.getByRole('heading')).toBeFocused()
    await expect(banner.getByRole('checkbox', { name: 'Analytiikka ja markkinointi' })).toBeChecked()
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await expectAccessible(page)
    // Escape closes it and the focus returns to the link.
    await page.keyboard.press('Escape')
    await expect(banner).toBeHidden()
    await expect(link).toBeFocused()

    // Reopened and answered "only necessary": the choice is stored, the ids are forgotten.
    await link.click()
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: 'Vain välttämättömät' }).click()
    await expect(banner).toBeHidden()
    await expect(link).toBeFocused()
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'lainava_marketing')?.value).toBe('false')
    expect(cookies.find((cookie) => cookie.name === 'lainava_device_id')?.expires).toBe(-1)
    const stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('lainava.analytics.session'),
      count: localStorage.getItem('lainava.analytics.sessions'),
    }))
    expect(stored).toEqual({ session: null, count: null })

    // No analytics request after the withdrawal: not for this page, not for the next.
    const before = events.length
    await hidePage(page)
    await openPage(page, '/lainahakemus/')
    await hidePage(page)
    expect((await page.request.get('/api/health')).ok()).toBe(true)
    expect(events).toHaveLength(before)
  })

  test('without JavaScript a signed-out visitor changes the choice through the banner as a form', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    await context.addCookies([{ name: 'lainava_marketing', value: 'true', url: baseURL ?? '' }])
    const page = await context.newPage()
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Evästeasetukset' })
    await expect(banner).toHaveCount(0)
    await page.getByRole('link', { name: 'Evästeasetukset' }).click()
    await expect(page).toHaveURL(/\/evastekaytanto\/\?cookie-settings$/)
    await expect(banner).toBeVisible()
    await expect(banner.getByRole('checkbox', { name: 'Analytiikka ja markkinointi' })).toBeChecked()
    await banner.getByRole('button', { name: 'Vain välttämättömät' }).click()
    await expect(page).toHaveURL(/\/evastekaytanto\/$/)
    await expect(banner).toHaveCount(0)
    const cookies = await context.cookies()
    expect(cookies.find((cookie) => cookie.name === 'lainava_marketing')?.value).toBe('false')
    await context.close()
  })
})
