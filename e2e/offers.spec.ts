import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { logInAs, uniqueEmail } from './helpers.ts'

// The marketplace end to end: the e2e server's sandbox lenders answer over
// about a minute (SANDBOX_DELAY_SCALE in playwright.config.ts), so offers keep
// arriving while the page is open.

function application(email: string) {
  const person = {
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
  }
  return {
    kind: 'consumer-loan',
    idempotencyKey: crypto.randomUUID(),
    language: 'fi',
    application: {
      loan: { amount: 8000, period: 5, purpose: 'renovation' },
      applicant: person,
      work: {
        employmentType: 'permanent',
        jobPosition: 'employee',
        employer: 'Esimerkki Oy',
        employedSince: '2012-03-01',
        monthlyGrossIncome: '4800',
        monthlyNetIncome: '3500',
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

const rows = (page: Page) => page.getByTestId('offer-row')

function euros(texts: string[]): number[] {
  return texts.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')))
}

test.describe('offers', () => {
  test('a new user applies, watches offers arrive, sorts, and accepts one', async ({ page }) => {
    const email = uniqueEmail('offers')
    const submitted = await page.request.post('/api/v1/applications', { data: application(email) })
    expect(submitted.status()).toBe(201)
    await logInAs(page, email)

    await page.goto('/offers/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarjoukset')
    await expect(page.getByTestId('offers-progress')).toContainText('Hakemus lähetettiin')
    await expect(rows(page).first()).toBeVisible()
    const before = await rows(page).count()
    // More lenders answer while the page is open: new rows appear without a reload.
    await expect.poll(() => rows(page).count(), { timeout: 45_000 }).toBeGreaterThan(before)
    await expect(page.getByTestId('offers-progress')).toContainText(/Odotetaan vielä|Kaikki lainanantajat/)
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations).toEqual([])

    // Sort by the monthly payment: the column reads from the smallest up.
    await page.getByLabel('Järjestä').selectOption('monthlyPayment')
    await expect(page).toHaveURL(/sort=monthlyPayment/)
    await expect(page.locator('caption')).toContainText('Kuukausierä')
    const payments = euros(await page.getByTestId('offer-monthly').allTextContents())
    expect(payments.length).toBeGreaterThan(1)
    expect(payments).toEqual([...payments].sort((a, b) => a - b))

    // Open the cheapest monthly payment and accept it.
    const first = rows(page).first()
    const lender = (await first.getByRole('rowheader').textContent())?.trim() ?? ''
    await first.getByRole('link', { name: `Katso tarjous: ${lender}` }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tarjous: ${lender}`)
    await expect(page.getByText('Edustava esimerkki')).toBeVisible()
    await page.getByRole('button', { name: 'Hyväksy tarjous' }).click()
    const dialog = page.getByRole('dialog', { name: 'Hyväksytkö tarjouksen?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Hyväksy tarjous' }).click()
    await expect(page.getByTestId('offer-accepted')).toContainText('Tarjous hyväksytty')
    await expect(page.getByTestId('offer-accepted')).toContainText(lender)

    await page.getByRole('link', { name: 'Takaisin tarjouksiin' }).click()
    const accepted = rows(page).filter({ hasText: lender })
    await expect(accepted.getByTestId('offer-status')).toHaveText('Hyväksytty')
  })

  test('another user cannot open the offer', async ({ page, browser }) => {
    const email = uniqueEmail('owner')
    expect((await page.request.post('/api/v1/applications', { data: application(email) })).status()).toBe(201)
    await logInAs(page, email)
    await page.goto('/offers/')
    const link = page.getByTestId('offer-row').first().getByRole('link')
    await expect(link).toBeVisible()
    const href = (await link.getAttribute('href')) ?? ''

    const stranger = await browser.newPage()
    await logInAs(stranger)
    const response = await stranger.goto(href)
    expect(response?.status()).toBe(404)
    await expect(stranger.getByRole('heading', { level: 1 })).toHaveText(/Tarjousta ei löytynyt/)
    await stranger.close()
  })
})
