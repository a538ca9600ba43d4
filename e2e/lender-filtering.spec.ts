import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { adminRequest, consumerApplication, logInAs, openPage, postJson, uniqueEmail } from './helpers.ts'

// Issue 17 item 3 (ADR 030): a lender's admin narrows its filter on /lender/filtering/. A manual lender
// of its own (taking only amounts no other test asks for) has received one application from Lapland;
// the admin limits the regions to Uusimaa, previews (one application then, none now), saves, sees the
// version history, and the same application sent again no longer reaches the lender.

/** An amount no other test asks for (a lender also receives amounts above its maximum). */
const AMOUNT = 69_993

/** An application from Rovaniemi (Lapland) for this test's amount. */
function application(email: string) {
  return consumerApplication(email, {
    amount: AMOUNT,
    period: 10,
    applicant: {
      firstName: 'Lauri',
      lastName: 'Suodatin',
      address: 'Koskikatu 1',
      postcode: '96100',
      city: 'Rovaniemi',
    },
    work: { monthlyGrossIncome: '6800', monthlyNetIncome: '4800' },
  })
}

test.describe('lender filtering', () => {
  test('a lender admin previews a narrower filter, saves it, and the next application no longer comes', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const admin = await adminRequest(playwright, baseURL)
    const suffix = randomUUID().slice(0, 6)
    const { lenderId } = await postJson(admin, '/api/v1/admin/lenders/manual', {
      slug: `suodatus-${suffix}`,
      name: `Suodatuspankki ${suffix}`,
      criteria: {
        products: ['consumer-loan'],
        minAmount: AMOUNT,
        maxAmount: 70_000,
        minMonths: 12,
        maxMonths: 240,
        minAge: 18,
        minNetIncome: 0,
        employmentTypes: ['permanent', 'temporary', 'part-time', 'entrepreneur', 'retired'],
        acceptsPaymentDefaults: false,
      },
    })
    const lenderEmail = uniqueEmail('filtering')
    await postJson(admin, '/api/v1/admin/invitations', { email: lenderEmail, role: 'lender', lenderId })

    const consumer = await playwright.request.newContext({ baseURL })
    const first = await postJson(consumer, '/api/v1/applications', application(uniqueEmail('applicant')))
    expect(first.lenders.map((lender: { id: string }) => lender.id)).toContain(lenderId)

    await logInAs(page, lenderEmail)
    await openPage(page, '/lender/filtering/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hakemusten suodatus')
    await expect(page.getByText('Tänään välitetty teille: 1')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Versiohistoria' })).toBeVisible()
    await expect(page.getByText('Suodatusta ei ole vielä muutettu portaalissa.')).toBeVisible()

    // Only applicants from Uusimaa: the preview counts the Lapland application out before anything is saved.
    const regions = page.getByRole('group', { name: 'Maakunnat' })
    await regions.getByRole('checkbox', { name: 'Uusimaa' }).check()
    await page.getByRole('button', { name: 'Esikatsele' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Tällä suodatuksella' })).toContainText(
      /teille olisi välitetty niistä \d+, nykyisellä suodatuksella \d+\./,
    )
    const counts = await page.getByRole('status').filter({ hasText: 'Tällä suodatuksella' }).textContent()
    const found = /niistä (\d+), nykyisellä suodatuksella (\d+)/.exec(counts ?? '')
    expect(Number(found?.[2]) - Number(found?.[1])).toBe(1)

    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations).toEqual([])

    // A minimum above the maximum: the field says so in Finnish, and nothing is saved.
    const minAge = page.getByLabel('Alin ikä (vuotta)')
    await page.getByLabel('Ylin ikä (vuotta)').fill('30')
    await minAge.fill('40')
    await minAge.blur()
    await page.getByRole('button', { name: 'Tallenna suodatus' }).click()
    await expect(page.getByText('Ylärajan on oltava vähintään yhtä suuri kuin alaraja.')).toBeVisible()
    await page.getByLabel('Ylin ikä (vuotta)').fill('')
    await minAge.fill('18')
    await minAge.blur()

    await page.getByRole('button', { name: 'Tallenna suodatus' }).click()
    await expect(page.getByText('Suodatus tallennettu (versio 2).')).toBeVisible()
    const history = page.getByRole('region', { name: 'Versiohistoria' })
    await expect(history.getByRole('listitem').filter({ hasText: 'Versio 2' })).toContainText(
      'Maakunnat: ei valintoja → Uusimaa',
    )
    await expect(history.getByRole('listitem').filter({ hasText: 'Versio 2' })).toContainText(lenderEmail)
    await expect(history.getByText('Suodatus sellaisena kuin se oli ennen portaalia')).toBeVisible()

    // The same application again: the marketplace now leaves this lender out.
    const second = await postJson(consumer, '/api/v1/applications', application(uniqueEmail('applicant')))
    expect(second.lenders.map((lender: { id: string }) => lender.id)).not.toContain(lenderId)

    // A phone: nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 })
    await openPage(page, '/lender/filtering/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
