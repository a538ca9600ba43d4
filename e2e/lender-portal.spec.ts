import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { expectAccessible, logInAs, logInAsAdmin, openPage, uniqueEmail } from './helpers.ts'

// Issue 17: the lender portal end to end. An admin invites a lender admin of the demo database's
// manual lender (Harjun Säästöpankki, which takes applications from Kainuu); the lender admin logs in,
// sees an incoming application and makes an offer by hand, which the applicant sees arrive on /offers/.

const MANUAL_LENDER = 'Harjun Säästöpankki'

/** A consumer loan application from Kajaani (Kainuu), so it reaches the manual lender too. */
function kainuuApplication(email: string, amount: number) {
  return {
    kind: 'consumer-loan',
    idempotencyKey: randomUUID(),
    language: 'fi',
    application: {
      loan: { amount, period: 5, purpose: 'renovation' },
      applicant: {
        firstName: 'Kerttu',
        lastName: 'Kainulainen',
        hetu: '150385-246Y',
        email,
        phone: '040 123 4567',
        address: 'Kauppakatu 1',
        postcode: '87100',
        city: 'Kajaani',
        maritalStatus: 'single',
        education: 'graduate',
        housing: 'renting',
        homeType: 'apartment',
        housingCostsPerMonth: '650',
        adults: '1',
        children: '0',
      },
      work: {
        employmentType: 'permanent',
        jobPosition: 'employee',
        employer: 'Esimerkki Oy',
        employedSince: '2012-03-01',
        monthlyGrossIncome: '4200',
        monthlyNetIncome: '3100',
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

test.describe('lender portal', () => {
  test('an admin invites a lender admin, who makes a manual offer that the applicant sees live', async ({
    page,
    browser,
  }) => {
    // The applicant applies; the answer names the lenders, the manual one among them.
    const applicantEmail = uniqueEmail('kainuu')
    const amount = 12_345
    const submitted = await page.request.post('/api/v1/applications', {
      data: kainuuApplication(applicantEmail, amount),
    })
    expect(submitted.status()).toBe(201)
    const lenders = (await submitted.json()).lenders as Array<{ id: string; name: string }>
    const manual = lenders.find((lender) => lender.name === MANUAL_LENDER)
    expect(manual).toBeDefined()

    // The admin invites the lender's first user (a lender-admin) at /admin/users/.
    const lenderEmail = uniqueEmail('lender-admin')
    await logInAsAdmin(page)
    await openPage(page, '/admin/users/')
    await page.getByLabel('Sähköposti').fill(lenderEmail)
    await page.getByLabel('Rooli').selectOption('lender')
    await page.getByLabel('Lainanantajan tunniste (lainanantajan käyttäjälle)').fill(manual?.id ?? '')
    await page.getByRole('button', { name: 'Kutsu käyttäjä' }).click()
    await expect(page.getByText(`Kutsu lähetetty osoitteeseen ${lenderEmail}.`)).toBeVisible()

    // The applicant watches the offers page (its own browser).
    const applicantContext = await browser.newContext()
    const applicant = await applicantContext.newPage()
    await logInAs(applicant, applicantEmail)
    await openPage(applicant, '/offers/')
    await expect(applicant.getByRole('heading', { level: 1 })).toHaveText('Tarjoukset')
    const manualRows = applicant.getByTestId('offer-row').filter({ hasText: MANUAL_LENDER })
    await expect(manualRows).toHaveCount(0)

    // The lender admin logs in, finds the portal from the header and the application in it.
    const lenderContext = await browser.newContext()
    const lender = await lenderContext.newPage()
    await logInAs(lender, lenderEmail)
    await openPage(lender, '/')
    await lender.getByRole('link', { name: 'Työtila' }).first().click()
    await expect(lender).toHaveURL(/\/lender\/applications\/$/)
    await expect(lender.getByRole('heading', { level: 1 })).toHaveText('Saapuneet hakemukset')
    const workspace = lender.getByRole('navigation', { name: 'Lainanantajan työtila' })
    await expect(workspace.getByRole('link', { name: 'Käyttäjät' })).toBeVisible()
    await expectAccessible(lender)

    // The lender admin narrows the filter (ADR 030): net income from 3 500 €, previewed before saving.
    await workspace.getByRole('link', { name: 'Suodatus' }).click()
    await expect(lender.getByRole('heading', { level: 1 })).toHaveText('Hakemusten suodatus')
    await expect(
      lender.getByRole('group', { name: 'Maakunnat' }).getByRole('checkbox', { name: 'Kainuu' }),
    ).toBeChecked()
    const income = lender.getByLabel('Nettotulot vähintään (€/kk)')
    await income.fill('3500')
    await income.blur()
    await lender.getByRole('button', { name: 'Esikatsele' }).click()
    await expect(lender.getByRole('status').filter({ hasText: 'Tällä suodatuksella' })).toContainText(
      /teille olisi välitetty niistä \d+, nykyisellä suodatuksella \d+\./,
    )
    await lender.getByRole('button', { name: 'Tallenna suodatus' }).click()
    await expect(lender.getByText(/^Suodatus tallennettu \(versio \d+\)\.$/)).toBeVisible()
    // The next application from Kainuu with a smaller income no longer reaches the manual lender.
    const stranger = await browser.newContext()
    const narrowed = await stranger.request.post('/api/v1/applications', {
      data: kainuuApplication(uniqueEmail('kainuu'), amount),
    })
    expect(narrowed.status()).toBe(201)
    const narrowedLenders = (await narrowed.json()).lenders as Array<{ name: string }>
    expect(narrowedLenders.map((each) => each.name)).not.toContain(MANUAL_LENDER)
    await stranger.close()
    await workspace.getByRole('link', { name: 'Hakemukset' }).click()
    await expect(lender.getByRole('heading', { level: 1 })).toHaveText('Saapuneet hakemukset')

    await lender.getByRole('link', { name: /^Kulutusluotto 12\s345\s€$/ }).click()
    await expect(lender.getByRole('heading', { level: 1 })).toHaveText(/^Hakemus: Kulutusluotto 12\s345\s€$/)
    await expect(lender.getByText('150385-246Y')).toHaveCount(0)
    const applicationPath = new URL(lender.url()).pathname
    await lender.getByRole('button', { name: 'Näytä henkilötunnus' }).click()
    await expect(lender.getByTestId('hetu-main')).toHaveText('150385-246Y')
    await expectAccessible(lender)

    await lender.getByLabel('Nimelliskorko (%)').fill('6.9')
    await lender.getByLabel('Avausmaksu (€)').fill('60')
    await lender.getByRole('button', { name: 'Lähetä tarjous' }).click()
    await expect(lender.getByRole('status').filter({ hasText: 'Tarjous lähetetty' })).toBeVisible()
    await expect(lender.getByTestId('lender-offer')).toContainText('Voimassa')
    await expect(lender.getByRole('button', { name: 'Lähetä tarjous' })).toHaveCount(0)

    // The applicant's open page shows the manual offer without a reload.
    await expect(manualRows).toHaveCount(1, { timeout: 30_000 })
    await expect(manualRows).toContainText(/12\s345/)

    // On a 320 px phone the portal's pages do not scroll sideways.
    await lender.setViewportSize({ width: 320, height: 800 })
    for (const path of ['/lender/applications/', applicationPath, '/lender/users/']) {
      await openPage(lender, path)
      const overflow = await lender.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
    await expectAccessible(lender)
    await applicantContext.close()
    await lenderContext.close()
  })

  test('a consumer opening the lender portal lands on the forbidden page, logged out', async ({ page }) => {
    await logInAs(page)
    await openPage(page, '/lender/applications/')
    await expect(page).toHaveURL(/\/forbidden\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ei käyttöoikeutta')
    await expectAccessible(page)
  })
})
