import { randomUUID } from 'node:crypto'
import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { MORTGAGE_DATA_STEPS } from '@lainava/domain/mortgage/steps'
import { expect, type Page, test } from '@playwright/test'
import {
  E2E_ADMIN as ADMIN,
  expectAccessible,
  logInAs,
  logInAsAdmin,
  OUR_CLIENT,
  openPage,
  uniqueEmail,
} from './helpers.ts'

// Issue 15 item 6: an admin finds a business application by its Y-tunnus, sees the lenders' answers,
// adds a note and changes the status; a consumer opening the admin pages lands on the forbidden page.

/** A random Y-tunnus with a right check digit (weights 7 9 10 5 8 4 2; remainder 1 is never issued). */
function businessId(): string {
  for (;;) {
    const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')
    const sum = [7, 9, 10, 5, 8, 4, 2].reduce((total, weight, i) => total + weight * Number(digits[i]), 0)
    const remainder = sum % 11
    if (remainder !== 1) return `${digits}-${remainder === 0 ? 0 : 11 - remainder}`
  }
}

/**
 * A mortgage application sent to the banks by a new consumer in the page's context: the example's
 * steps through the mortgage API under the applicant's own e-mail, identified at the local test
 * provider, submitted. Returns the marketplace application's id.
 */
async function submittedMortgage(page: Page, email: string): Promise<string> {
  await logInAs(page, email)
  const api = page.request
  const started = await api.post('/api/v1/mortgage-application', {
    headers: OUR_CLIENT,
    data: { calculator: exampleMortgageSteps.calculator, ...exampleMortgageSteps['mortgage-application'] },
  })
  expect(started.status(), await started.text()).toBe(201)
  const { mortgageApplicationId: id } = (await started.json()) as { mortgageApplicationId: string }
  for (const step of MORTGAGE_DATA_STEPS) {
    if (step === 'calculator' || step === 'mortgage-application') continue
    const data =
      step === 'personal-information' ? { ...exampleMortgageSteps[step], email } : exampleMortgageSteps[step]
    const saved = await api.put(`/api/v1/mortgage-application/${id}/steps/${step}`, {
      headers: OUR_CLIENT,
      data,
    })
    expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200)
  }
  const person = exampleMortgageSteps['personal-information']
  await openPage(page, `/tunnistaudu/${id}/`)
  await page.getByRole('link', { name: 'Tunnistaudu', exact: true }).click()
  await page
    .getByRole('button', { name: `Tunnistaudu: ${person.firstName} ${person.lastName}, ${person.hetu}` })
    .click()
  await expect(page).toHaveURL(`/tunnistaudu/${id}/?identification=ok`)
  const submitted = await api.post(`/api/v1/mortgage-application/${id}/submit`, {
    headers: OUR_CLIENT,
    data: {},
  })
  expect(submitted.status(), await submitted.text()).toBe(202)
  return ((await submitted.json()) as { applicationId: string }).applicationId
}

test.describe('admin pages', () => {
  test('an admin finds a business application by Y-tunnus, sees the answers, adds a note, changes the status', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // A company applies through the real submit, signed out (its own request context, no cookies shared).
    const id = businessId()
    const company = `Ylläpitotesti ${randomUUID().slice(0, 6)} Oy`
    const applicant = await playwright.request.newContext({ baseURL })
    const submitted = await applicant.post('/api/v1/applications', {
      data: {
        kind: 'business-loan',
        idempotencyKey: randomUUID(),
        language: 'fi',
        application: {
          loan: { amount: 60_000, months: 36, purpose: 'Buying equipment' },
          company: {
            businessId: id,
            name: company,
            legalForm: 'oy',
            registeredOn: '2015-04-20',
            industry: 'C',
            turnover: '850000',
            result: '60000',
            employees: '12',
          },
          person: {
            firstName: 'Kaisa',
            lastName: 'Yrittäjä',
            email: uniqueEmail('company'),
            phone: '040 765 4321',
            role: 'ceo',
            canSign: true,
          },
          consents: {
            termsAccepted: true,
            privacyAccepted: true,
            creditCheckConsent: true,
            shareWithLendersConsent: true,
            marketingEmail: false,
            marketingSms: false,
          },
        },
      },
    })
    expect(submitted.status(), await submitted.text()).toBeLessThan(300)
    const { lenders } = (await submitted.json()) as { lenders: Array<{ name: string }> }
    expect(lenders.length).toBeGreaterThan(0)
    await applicant.dispose()

    await logInAsAdmin(page)
    await openPage(page, '/')
    await page.getByRole('link', { name: 'Ylläpito' }).first().click()
    await expect(page).toHaveURL(/\/admin\/sme-applications\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yrityshakemukset')

    await page.getByLabel('Yrityksen nimi tai Y-tunnus').fill(id)
    await page.getByRole('button', { name: 'Hae' }).click()
    await expect(page).toHaveURL(new RegExp(`q=${id}`))
    await expect(page.getByRole('status').filter({ hasText: 'hakemus' })).toHaveText('1 hakemus')
    await expectAccessible(page)
    await page.getByRole('link', { name: company }).click()

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hakemus: ${company}`)
    const answers = page.getByTestId('lender-answer')
    await expect(answers).toHaveCount(lenders.length)
    for (const lender of lenders) await expect(answers.filter({ hasText: lender.name })).toHaveCount(1)
    await expect(page.getByText(id)).toBeVisible()

    await page.getByLabel('Uusi muistiinpano').fill('Soitettu yrittäjälle, tilinpäätös tulossa')
    await page.getByRole('button', { name: 'Lisää muistiinpano' }).click()
    await expect(page.getByText('Muistiinpano lisätty.')).toBeVisible()
    await expect(page.getByText('Soitettu yrittäjälle, tilinpäätös tulossa')).toBeVisible()

    await page.getByLabel('Uusi tila').selectOption({ label: 'Käsittelyssä' })
    await page.getByRole('button', { name: 'Tallenna tila' }).click()
    await expect(page.getByText('Tila tallennettu: Käsittelyssä.')).toBeVisible()
    await expect(page.getByTestId('application-status')).toHaveText('Käsittelyssä')

    // Who read or changed it: the audit log's entries for this application.
    const history = page.getByRole('region', { name: 'Kuka luki tai muutti tätä' })
    await expect(history.getByText('Muutti tilan: Saapunut → Käsittelyssä')).toBeVisible()
    await expect(history.getByText('Lisäsi muistiinpanon')).toBeVisible()
    await expect(history.getByText(`${ADMIN}: Avasi hakemuksen`).first()).toBeVisible()
    await expectAccessible(page)

    // On a 320 px phone nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 })
    await page.reload()
    await expect(page.getByTestId('application-status')).toHaveText('Käsittelyssä')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('a consumer opening the business applications lands on the forbidden page, logged out', async ({
    page,
  }) => {
    await logInAs(page)
    await openPage(page, '/admin/sme-applications/')
    await expect(page).toHaveURL(/\/forbidden\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ei käyttöoikeutta')
    await expect(page.getByRole('link', { name: 'Kirjaudu', exact: true })).toBeVisible()
    await expectAccessible(page)
  })

  test('the one-page list and its filters fit a phone and pass axe, in English', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 })
    await logInAsAdmin(page)
    await openPage(page, '/en/admin/one-page-onboarding/?kind=credit-card')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('One-page applications')
    await expect(page.getByLabel('Kind of application')).toHaveValue('credit-card')
    await expect(page.getByRole('status').filter({ hasText: /application/ })).toHaveText(/\d+ applications?/)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectAccessible(page)
  })

  test('the mortgage list fits a phone and passes axe in Finnish, its long one-word heading wrapped', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 })
    await logInAsAdmin(page)
    await openPage(page, '/admin/mortgage-applications/')
    // "Asuntolainahakemukset" is one word wider than the phone at the heading's size: it must break.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asuntolainahakemukset')
    await expect(page.getByRole('status').filter({ hasText: /hakemus/ })).toHaveText(/\d+ hakemus(ta)?/)
    // Every application here is a mortgage: no kind to choose, the other filters stay.
    await expect(page.getByLabel('Hakemuksen laji')).toHaveCount(0)
    await expect(page.getByLabel('Tila', { exact: true })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectAccessible(page)
  })

  test('an admin opens a mortgage application from the list and sees the property, loan, funding and household', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000)
    const email = uniqueEmail('mortgage-admin')
    const applicant = await browser.newContext()
    const applicationId = await submittedMortgage(await applicant.newPage(), email)
    await applicant.close()

    await page.setViewportSize({ width: 1366, height: 900 })
    await logInAsAdmin(page)
    await openPage(page, '/admin/mortgage-applications/')
    await page.getByLabel('Hakijan sähköposti tai sukunimi').fill(email)
    await page.getByRole('button', { name: 'Hae' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'hakemus' })).toHaveText('1 hakemus')
    await page.getByRole('link', { name: `Asuntolaina, ${applicationId.slice(0, 8)}` }).click()
    await expect(page).toHaveURL(`/admin/mortgage-applications/${applicationId}/`)

    const section = (name: string) => page.getByRole('region', { name, exact: true })
    const property = section('Asunto')
    await expect(property).toContainText('Kerrostaloasunto')
    await expect(property).toContainText('00530 Helsinki')
    await expect(property).toContainText('250 000 €')
    await expect(property).not.toContainText(exampleMortgageSteps['property-information'].streetAddress)
    const loan = section('Haettu laina')
    await expect(loan).toContainText('200 000 €')
    await expect(loan).toContainText('25 vuotta')
    await expect(loan).toContainText('12 kuukauden euribor')
    const funding = section('Omarahoitus ja muu rahoitus')
    await expect(funding).toContainText('50 000 €')
    await expect(funding).toContainText('Säästöt')
    const household = section('Talous')
    await expect(household).toContainText('Alaikäisiä lapsia taloudessa')
    await expect(household.getByRole('heading', { level: 3 })).toHaveText(['Hakija', 'Kanssahakija'])
    await expect(household).toContainText('Sairaanhoitaja')
    await expect(household).toContainText('Opintolaina, Pankki: jäljellä 8 000 €, kuukausierä 120 €')
    // The henkilötunnus only on request (the button), never on the page as it opens.
    await expect(page.getByText(exampleMortgageSteps['personal-information'].hetu)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Näytä henkilötunnus' })).toHaveCount(2)
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectAccessible(page)

    await page.setViewportSize({ width: 320, height: 800 })
    await page.reload()
    await expect(section('Talous')).toContainText('Sairaanhoitaja')
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectAccessible(page)
  })
})
