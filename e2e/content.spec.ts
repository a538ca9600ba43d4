import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

// The content site (issue 7): blog paging and navigation, the glossary, and an axe scan
// of every page the sitemap lists.

test.describe('blog', () => {
  test('page 1 has no page segment, page 2 works, /blogi/1/ goes to /blogi/; a category and an article open from the list', async ({
    page,
  }) => {
    await page.goto('/blogi/')
    await expect(page.getByRole('heading', { level: 1, name: 'Blogi' })).toBeVisible()
    const pages = page.getByRole('navigation', { name: 'Sivut' })
    await expect(pages.getByRole('link', { name: 'sivu 1' })).toHaveCount(0)
    await pages.getByRole('link', { name: 'Seuraava sivu' }).click()
    await expect(page).toHaveURL(/\/blogi\/2\/$/)
    await expect(page.getByTestId('article-list').getByRole('listitem').first()).toBeVisible()
    await page.getByRole('navigation', { name: 'Sivut' }).getByRole('link', { name: 'sivu 1' }).click()
    await expect(page).toHaveURL(/\/blogi\/$/)

    await page.goto('/blogi/1/')
    await expect(page).toHaveURL(/\/blogi\/$/)

    await page.getByRole('navigation', { name: 'Aiheet' }).getByRole('link', { name: 'Oma talous' }).click()
    await expect(page).toHaveURL(/\/blogi\/kategoria\/oma-talous\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Oma talous' })).toBeVisible()

    const firstArticle = page
      .getByTestId('article-list')
      .getByRole('heading', { level: 2 })
      .first()
      .getByRole('link')
    const title = (await firstArticle.textContent()) ?? ''
    await firstArticle.click()
    await expect(page).toHaveURL(/\/blogi\/artikkeli\/[a-z0-9-]+\/$/)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('Edustava esimerkki').first()).toBeVisible()
  })
})

test.describe('glossary', () => {
  test('a term opens from the glossary', async ({ page }) => {
    await page.goto('/sanasto/')
    await page
      .getByTestId('glossary-list')
      .getByRole('link', { name: 'Todellinen vuosikorko', exact: true })
      .click()
    await expect(page).toHaveURL(/\/sanasto\/todellinen-vuosikorko\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Todellinen vuosikorko' })).toBeVisible()
    await page.getByRole('link', { name: 'Takaisin sanastoon' }).click()
    await expect(page).toHaveURL(/\/sanasto\/$/)
  })
})

test.describe('prerendered pages', () => {
  test('a page from the build hydrates under its hash-based policy: no script is blocked and links navigate in the app', async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const response = await page.goto('/sanasto/')
    expect(response?.headers()['x-lainava-render']).toBe('prerendered')
    expect(response?.headers()['content-security-policy']).toContain("'sha256-")
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await page.getByTestId('glossary-list').getByRole('link', { name: 'Euribor', exact: true }).click()
    await expect(page).toHaveURL(/\/sanasto\/euribor\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Euribor' })).toBeVisible()
    expect(documents).toEqual([])
    expect(errors).toEqual([])
  })

  // zod runs only where a form validates (issue 19: loan pages load none), and there only once the
  // form is touched (ADR 050); where it runs, it must not probe for eval, which our CSP forbids.
  for (const [path, zod] of [
    ['/lainahakemus/', true],
    ['/autolaina/', false],
  ] as const) {
    test(`${path} runs its scripts without any Content-Security-Policy violation (zod ${zod ? 'loaded on the form’s first touch, does not probe for eval' : 'not loaded'})`, async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const seen: string[] = []
        Object.assign(window, { cspViolations: seen })
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
        )
      })
      await page.goto(path)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      const scripts = () =>
        page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
      const checks = (urls: string[]) => urls.some((url) => /\/assets\/validate-[\w-]+\.js$/.test(url))
      // Neither page loads the form's checks with itself.
      expect(checks(await scripts())).toBe(false)
      if (zod) {
        // The first touch of the form loads them; a step checked shows their message.
        await page.getByRole('button', { name: 'Seuraava' }).click()
        await expect(page.getByLabel('Lainan käyttötarkoitus')).toHaveAccessibleDescription(
          /Tämä tieto tarvitaan/,
        )
        expect(checks(await scripts())).toBe(true)
      }
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([])
    })
  }
})

test.describe('loan page', () => {
  test('the calculator starts from the page’s defaults and the button opens the form with the purpose', async ({
    page,
  }) => {
    await page.goto('/autolaina/')
    await page.getByRole('button', { name: 'Hae lainaa' }).click()
    await expect(page).toHaveURL(/\/lainahakemus\/\?purpose=car%2Fboat%2Fmotorcycle&amount=15000&period=5$/)
  })
})

// Every sitemap URL through axe, in chunks so both workers share the work.
const CHUNKS = 6
for (let chunk = 0; chunk < CHUNKS; chunk++) {
  test(`sitemap pages, part ${chunk + 1}/${CHUNKS}, have no accessibility violations (axe, WCAG 2.1 AA)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000)
    const sitemap = await (await request.get('/sitemap/sitemap-0.xml')).text()
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] ?? '').pathname,
    )
    expect(paths.length).toBeGreaterThan(100)
    const mine = paths.filter((_, index) => index % CHUNKS === chunk)
    for (const path of mine) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
      expect(
        results.violations.map(
          (violation) => `${path}: ${violation.id} ${violation.nodes.map((node) => node.target).join(' ')}`,
        ),
      ).toEqual([])
    }
  })
}
