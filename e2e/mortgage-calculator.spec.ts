import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { openPage } from './helpers.ts'

// Issue 16: the mortgage calculator page. A person changes the figures, sees the instalment, the
// stress rows and the loan-to-value warning change, and carries the figures to the application.

test.describe('mortgage calculator /asuntolainalaskuri/', () => {
  test('figures change the results, the LTV warning names the missing euros, and continue carries them @mobile', async ({
    page,
  }) => {
    await openPage(page, '/asuntolainalaskuri/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asuntolainalaskuri')
    const summary = page.getByTestId('mortgage-summary')
    await expect(summary).toContainText('Kuukausierä')
    const before = await summary.textContent()
    const stress = page.getByTestId('mortgage-stress')
    await expect(stress).toContainText('+2 prosenttiyksikköä')
    await expect(stress).toContainText('+5 prosenttiyksikköä')
    await expect(page.getByTestId('mortgage-ltv-warning')).toHaveCount(0)

    const ownFunds = page.getByLabel('Omarahoitus')
    await ownFunds.fill('10000')
    // 240 000 € of 250 000 €: the 90 % cap allows 225 000 €, so 15 000 € is missing.
    await expect(page.getByTestId('mortgage-ltv-warning')).toContainText('15 000 €')
    await expect(summary).not.toHaveText(before ?? '')

    await page.getByRole('radio', { name: 'Tasalyhennys' }).check()
    await expect(summary).toContainText('Ensimmäinen kuukausierä')
    await page.getByLabel('Laina-aika (vuotta)').fill('20')

    await page.getByRole('link', { name: 'Jatka asuntolainahakemukseen' }).click()
    await expect(page).toHaveURL(
      /\/asuntolainahakemus\/\?price=250000&ownFunds=10000&years=20&repaymentType=equal-principal$/,
    )
  })

  test('fits a 320 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 })
    await openPage(page, '/asuntolainalaskuri/')
    await page.getByRole('radio', { name: 'Kiinteä tasaerä' }).check()
    await page.getByLabel('Omarahoitus').fill('5000')
    await expect(page.getByTestId('mortgage-ltv-warning')).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  for (const path of [
    '/asuntolainalaskuri/',
    '/sv/asuntolainalaskuri/',
    '/en/asuntolainalaskuri/?ownFunds=5000',
  ]) {
    test(`${path} has no accessibility violations (axe, WCAG 2.1 AA)`, async ({ page }) => {
      await openPage(page, path)
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
      expect(results.violations).toEqual([])
    })
  }
})
