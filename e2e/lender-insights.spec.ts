import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { adminRequest, consumerApplication, logInAs, openPage, postJson, uniqueEmail } from './helpers.ts'

// Issue 17 item 4: a lender's staff read their figures on /lender/insights/. A manual lender of
// its own (criteria matching only this test's amount) receives one application and answers it
// with an offer; the page then shows exactly those figures, each chart followed by its table.

/** An amount no other test asks for; larger ones may still reach the lender (see below). */
const AMOUNT = 12_300

test.describe('lender insights', () => {
  test('a lender user sees its own figures, charts with their tables, and the CSV', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // An admin adds a manual lender that takes only this amount, and invites its first user.
    const admin = await adminRequest(playwright, baseURL)
    const suffix = randomUUID().slice(0, 6)
    const { lenderId } = await postJson(admin, '/api/v1/admin/lenders/manual', {
      slug: `tilasto-${suffix}`,
      name: `Tilastopankki ${suffix}`,
      criteria: {
        products: ['consumer-loan'],
        minAmount: AMOUNT,
        maxAmount: AMOUNT,
        minMonths: 12,
        maxMonths: 120,
        minAge: 18,
        minNetIncome: 0,
        employmentTypes: [
          'permanent',
          'temporary',
          'part-time',
          'entrepreneur',
          'retired',
          'student',
          'unemployed',
        ],
        acceptsPaymentDefaults: true,
      },
    })
    const lenderEmail = uniqueEmail('insights')
    await postJson(admin, '/api/v1/admin/invitations', { email: lenderEmail, role: 'lender', lenderId })

    // A consumer applies (signed out, its own context); the lender answers with an offer.
    const consumer = await playwright.request.newContext({ baseURL })
    const { applicationId } = await postJson(
      consumer,
      '/api/v1/applications',
      consumerApplication(uniqueEmail('applicant'), {
        amount: AMOUNT,
        period: 4,
        applicant: { firstName: 'Eeva', lastName: 'Tilasto' },
      }),
    )
    await logInAs(page, lenderEmail)
    await postJson(page.request, `/api/v1/lender/applications/${applicationId}/manual-offer`, {
      amount: AMOUNT,
      months: 48,
      nominalRate: 7.9,
      openingFee: 60,
      monthlyFee: 3,
      validDays: 30,
    })

    await openPage(page, '/lender/insights/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tilastot')
    const figures = page.getByRole('region', { name: 'Pääluvut' })
    // A larger application of another test may reach this lender too (a lender may offer less than asked,
    // so the maximum amount does not filter); it stays unanswered, so only "received" can grow.
    const received = figures
      .getByText('Vastaanotetut hakemukset', { exact: true })
      .locator('..')
      .locator('dd')
    expect(Number(await received.textContent())).toBeGreaterThanOrEqual(1)
    for (const [label, value] of [
      ['Vastatut hakemukset', '1'],
      ['Tehdyt tarjoukset', '1'],
      ['Hyväksytyt tarjoukset', '0'],
      ['Hyväksymisaste', '0,0 %'],
    ] as const) {
      await expect(figures.getByText(label, { exact: true }).locator('..').locator('dd')).toHaveText(value)
    }
    // Four charts, each an image with a text alternative and followed by a table of its numbers.
    await expect(page.locator('svg[role="img"]')).toHaveCount(4)
    await expect(page.getByRole('table')).toHaveCount(4)
    // The only offer on its application (other lenders may have offered too: it ranks among them).
    await expect(page.getByRole('region', { name: 'Tarjoustesi sijoitus' }).getByRole('table')).toContainText(
      /\d+\. \/ \d+/,
    )
    await expect(page.getByRole('region', { name: 'Konversio liikenteen lähteen mukaan' })).toContainText(
      'Suora liikenne',
    )
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations).toEqual([])

    // The CSV of the same figures.
    const csvHref = await page.getByRole('link', { name: 'Lataa luvut CSV-tiedostona' }).getAttribute('href')
    const csv = await page.request.get(csvHref ?? '')
    expect(csv.headers()['content-type']).toContain('text/csv')
    expect(await csv.text()).toContain(
      'answered,,,,,,,1\r\noffers_made,,,,,,,1\r\noffers_accepted,,,,,,,0\r\n',
    )

    // A bad period gives the message in Finnish next to the field.
    await openPage(page, '/lender/insights/?from=2026-10-31&to=2026-10-01')
    await expect(page.getByLabel('Alkaen')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Alkupäivä ei voi olla päättymispäivän jälkeen.')).toBeVisible()

    // On a 320 px phone the page does not scroll sideways (the charts scale, tables scroll in place).
    await page.setViewportSize({ width: 320, height: 720 })
    await openPage(page, '/lender/insights/')
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
