import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { startSimulator } from '@lainava/lender-simulator'
import { expect, test } from '@playwright/test'
import { adminRequest, logInAs, openPage, postJson as post, uniqueEmail } from './helpers.ts'

// Issue 17 item 5 (ADR 028): a lender's admin sets up the integration on /lender/integration/: a named
// API key shown once and revoked, the endpoint (a lender simulator over real HTTP), a signing-secret
// rotation, and a test application whose request and answer the page shows.

test.describe('lender integration settings', () => {
  test('a lender admin makes and revokes a key, sets the endpoint, rotates the secret and sends a test application', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // An admin connects an HTTP lender that matches no real application, and invites its first user.
    const admin = await adminRequest(playwright, baseURL)
    const suffix = randomUUID().slice(0, 6)
    const credentials = await post(admin, '/api/v1/admin/lenders', {
      slug: `integraatio-${suffix}`,
      name: `Integraatiopankki ${suffix}`,
      endpointUrl: 'http://127.0.0.1:9/unset',
      criteria: {
        products: ['consumer-loan'],
        minAmount: 69_991,
        maxAmount: 69_991,
        minMonths: 12,
        maxMonths: 120,
        minAge: 18,
        minNetIncome: 0,
        employmentTypes: ['permanent'],
        acceptsPaymentDefaults: false,
      },
    })
    const lenderEmail = uniqueEmail('integration')
    await post(admin, '/api/v1/admin/invitations', {
      email: lenderEmail,
      role: 'lender',
      lenderId: credentials.lenderId,
    })
    // The lender's own server, holding the secret it was given when connected.
    const lenderServer = await startSimulator({
      signingSecret: credentials.signingSecret,
      apiKey: credentials.apiKey,
      mode: 'instant',
      callbackDelayMs: 0,
      maxAmount: 40_000,
      minAmount: 1000,
      nominalRate: 8.9,
      openingFee: 0,
      monthlyFee: 3,
    })
    try {
      await logInAs(page, lenderEmail)
      await openPage(page, '/lender/integration/')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Integraatio')
      await expect(page.getByText('API key', { exact: true })).toBeVisible()

      // A named key, shown once; it works on the lender API until it is revoked.
      await page.getByLabel('Avaimen nimi').fill('Tuotanto')
      await page.getByRole('button', { name: 'Luo avain' }).click()
      await expect(page.getByText('Uusi avain ”Tuotanto” luotiin.', { exact: false })).toBeVisible()
      const key = await page.getByLabel('Uusi API-avain').inputValue()
      expect(key).toMatch(/^lvk_/)
      const unknownApplication = `/api/v1/lender/applications/${randomUUID()}/decline`
      const lenderApi = await playwright.request.newContext({ baseURL })
      const call = () =>
        lenderApi.post(unknownApplication, { data: {}, headers: { authorization: `Bearer ${key}` } })
      expect((await call()).status()).toBe(404)

      // The endpoint: the lender's server.
      await page.getByLabel('Osoite (URL)').fill(`${lenderServer.url}/applications`)
      await page.getByRole('button', { name: 'Tallenna osoite' }).click()
      await expect(page.getByText('Osoite tallennettiin.', { exact: false })).toBeVisible()

      // A new signing secret; the old one stays valid for the grace period.
      await page.getByRole('button', { name: 'Vaihda allekirjoitusavain' }).click()
      await expect(page.getByLabel('Uusi allekirjoitusavain')).toHaveValue(/^[\w-]{43}$/)
      await expect(page.getByText(/Vanha avain on voimassa .* asti/)).toBeVisible()

      // The test application reaches the lender (still on the old secret) and its answer is shown.
      await page.getByRole('button', { name: 'Lähetä testihakemus' }).click()
      const answer = page.getByRole('heading', { name: 'Rajapintanne vastaus' }).locator('..')
      await expect(answer).toContainText('200')
      await expect(answer).toContainText('"decision": "offer"')
      await expect(page.getByText('x-lainava-signature:')).toBeVisible()
      expect(lenderServer.stats.rejectedSignatures).toBe(0)
      expect(Object.values(lenderServer.stats.received).some((sent) => sent.test === true)).toBe(true)

      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
      expect(axe.violations).toEqual([])

      // Revoked: the next call with the key is refused.
      await page.getByRole('button', { name: 'Poista käytöstä avain ”Tuotanto”' }).click()
      await expect(page.getByText('Avain ”Tuotanto” poistettiin käytöstä.', { exact: false })).toBeVisible()
      expect((await call()).status()).toBe(401)

      // A phone: nothing scrolls sideways, with the test answer on the page.
      await page.setViewportSize({ width: 320, height: 800 })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    } finally {
      await lenderServer.close()
    }
  })
})
