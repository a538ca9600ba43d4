import { expect, test } from '@playwright/test'

test.describe('routing and languages', () => {
  test('switching language keeps the screen and its query', async ({ page }) => {
    await page.goto('/test/?from=e2e')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Testisivu')
    await page.getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(/\/en\/test\/\?from=e2e$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test page')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.getByRole('link', { name: 'Svenska' }).click()
    await expect(page).toHaveURL(/\/sv\/test\/\?from=e2e$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Testsida')
  })

  test('a client-side navigation to an old path follows the redirect table', async ({ page }) => {
    // The landing is an island without the router (ADR 064): another page of the app.
    await page.goto('/en/sanasto/')
    await expect(page.locator('html')).toHaveAttribute('data-prefetch', 'on')
    // Navigate inside the app, as a link would, without a document load.
    await page.evaluate(() => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter
      return router.navigate('/en/ukk/')
    })
    await expect(page).toHaveURL(/\/en\/usein-kysyttya\/$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })

  test('a client-side navigation to an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/sanasto/')
    await expect(page.locator('html')).toHaveAttribute('data-prefetch', 'on')
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate('/ei-tallaista-sivua/'),
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sivua ei löytynyt')
  })

  test('links in view are prefetched', async ({ page }) => {
    const prefetch = page.waitForRequest((request) => /\/page-data\/.+\/page-data\.json$/.test(request.url()))
    await page.goto('/sanasto/')
    expect((await prefetch).url()).toMatch(/page-data\.json$/)
    // The prefetched page's modules are preloaded for a later navigation, at low priority.
    const preloads = page.locator('head link[rel="modulepreload"][fetchpriority="low"]')
    await expect(preloads.first()).toBeAttached()
  })

  test('nothing is prefetched in data-saver mode', async ({ page }) => {
    const requests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/page-data/')) requests.push(request.url())
    })
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } })
    })
    await page.goto('/autolaina/')
    await expect(page.locator('html')).toHaveAttribute('data-prefetch', 'off:save-data')
    await expect(page.getByRole('slider', { name: 'Lainasumma' })).toBeVisible()
    expect(requests).toEqual([])
  })
})
