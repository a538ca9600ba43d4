import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { logInAs, openPage } from './helpers.ts'

// Strong identification (issue 16 item 5, ADR 024): the applicant identifies at the local test provider
// (oidc-provider at /test-idp/) from the bank ID page and sees the identification status page. The
// mortgage application comes from the mortgage API, as the form makes it.

const OUR_CLIENT = { 'x-lainava-client': 'web' }

/** A mortgage application, signed in as the page's user, whose lead applicant has the henkilötunnus. */
async function mortgageApplication(page: Page, hetu: string): Promise<string> {
  const started = await page.request.post('/api/v1/mortgage-application', {
    headers: OUR_CLIENT,
    data: {
      calculator: { price: 250_000, ownFunds: 50_000, years: 25, repaymentType: 'annuity' },
      purpose: 'first-home',
      hasCoApplicant: false,
      consents: { terms: true, privacy: true, creditCheck: true },
    },
  })
  expect(started.status()).toBe(201)
  const { mortgageApplicationId } = (await started.json()) as { mortgageApplicationId: string }
  const saved = await page.request.put(
    `/api/v1/mortgage-application/${mortgageApplicationId}/steps/personal-information`,
    {
      headers: OUR_CLIENT,
      data: {
        firstName: 'Aino',
        lastName: 'Virtanen',
        hetu,
        email: 'aino.virtanen@example.fi',
        phone: '040 123 4567',
        streetAddress: 'Mannerheimintie 1',
        postalCode: '00100',
        city: 'Helsinki',
        citizenship: 'FI',
      },
    },
  )
  expect(saved.status()).toBe(200)
  return mortgageApplicationId
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(results.violations).toEqual([])
}

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
}

test('the applicant identifies with a test identity and sees the application signed', async ({ page }) => {
  await logInAs(page)
  const id = await mortgageApplication(page, '131052-308T')

  await openPage(page, `/tunnistaudu/${id}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Tunnistaudu pankkitunnuksilla' })).toBeVisible()
  await expect(page.getByText('testiympäristö')).toBeVisible()
  await expectAxeClean(page)
  await page.getByRole('link', { name: 'Tunnistaudu', exact: true }).click()

  // The test provider's own page, in the page's language, saying it is no real bank.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Testitunnistus – ei oikea pankki' }),
  ).toBeVisible()
  await expectAxeClean(page)
  await page.getByRole('button', { name: 'Tunnistaudu: Aino Virtanen, 131052-308T' }).click()

  await expect(page).toHaveURL(`/tunnistaudu/${id}/?identification=ok`)
  await expect(page.getByTestId('identification-outcome')).toContainText('Tunnistautuminen onnistui')
  await hydrated(page)
  await page.getByRole('link', { name: 'Näytä tunnistautumisen tiedot' }).click()

  await expect(page).toHaveURL(`/tunnistautuminen/${id}/`)
  await expect(
    page.getByRole('heading', { level: 2, name: 'Hakemus on allekirjoitettu vahvalla tunnistautumisella.' }),
  ).toBeVisible()
  await expect(page.getByTestId('identification-detail')).toContainText([
    'Vahva sähköinen tunnistus',
    'Korotettu (eIDAS substantial)',
    /\d{4}/,
    'Testitunnistus (ei oikea pankki)',
  ])
  await expectAxeClean(page)
})

test('in English on a phone: another person than the applicant is refused, with a retry', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 })
  await logInAs(page)
  const id = await mortgageApplication(page, '010594Y123W')

  await openPage(page, `/en/identify/${id}/`)
  await page.getByRole('link', { name: 'Identify', exact: true }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Test identification – not a real bank' }),
  ).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  // A mistyped number is caught on the provider's page, then another (valid) person identifies.
  await page.getByLabel('Test personal identity code').fill('131052-308U')
  await page.getByLabel('First name').fill('Aino')
  await page.getByLabel('Last name').fill('Virtanen')
  await page.getByRole('button', { name: 'Identify as this person' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Enter a personal identity code with a correct check character.',
  )
  await expectAxeClean(page)
  await page.getByLabel('Test personal identity code').fill('131052-308T')
  await page.getByRole('button', { name: 'Identify as this person' }).click()

  await expect(page).toHaveURL(`/en/identify/${id}/?identification=HETU_MISMATCH`)
  await expect(page.getByTestId('identification-outcome')).toContainText(
    'The person who identified is not the applicant.',
  )
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await expectAxeClean(page)

  await openPage(page, `/en/identification-status/${id}/`)
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: 'The application is not yet signed with strong identification.',
    }),
  ).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await expectAxeClean(page)
})
