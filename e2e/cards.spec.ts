import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { logInAs, openPage, uniqueEmail } from './helpers.ts'

// Issue 14: a credit card application gets card offers (card type, limit, rate, annual fee, grace
// period, the representative example's APR) from the issuers of the card asked for, and one can be
// accepted — on a laptop and on a phone. Mastercard: two sandbox issuers, answering within a second.

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations).toEqual([])
}

async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ])
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

function cardApplication(email: string) {
  return {
    kind: 'credit-card',
    idempotencyKey: crypto.randomUUID(),
    language: 'fi',
    application: {
      applicant: {
        firstName: 'Kaisa',
        lastName: 'Virtanen',
        hetu: '131052-308T',
        email,
        phone: '040 123 4567',
        address: 'Mannerheimintie 1',
        postcode: '00100',
        city: 'Helsinki',
        citizenship: 'FI',
        maritalStatus: 'single',
        education: 'graduate',
        housing: 'renting',
        homeType: 'apartment',
        housingCostsPerMonth: '700',
        adults: '1',
        children: '0',
      },
      work: { employmentType: 'permanent', monthlyGrossIncome: '4200', monthlyNetIncome: '3100' },
      cardTypePreference: 'mastercard',
      limitWished: '3000',
      consents: {
        termsAccepted: true,
        privacyAccepted: true,
        creditCheckConsent: true,
        shareWithLendersConsent: true,
      },
    },
  }
}

/** Accepts the offer on its own page through the confirmation dialog. */
async function acceptOffer(page: Page, lender: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tarjous: ${lender}`)
  await expect(
    page.getByText(/Edustava esimerkki: .* kerralla 1\s500\s€ .* 12 yhtä suuressa kuukausierässä/),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Hyväksy tarjous' }).click()
  const dialog = page.getByRole('dialog', { name: 'Hyväksytkö tarjouksen?' })
  await expect(dialog).toContainText('Mastercard')
  await expect(dialog).toContainText('luottoraja')
  await dialog.getByRole('button', { name: 'Hyväksy tarjous' }).click()
  await expect(page.getByTestId('offer-accepted')).toContainText('Tarjous hyväksytty')
  await expect(page.getByTestId('offer-accepted')).toContainText('luottosopimuksen')
}

test.describe('credit card offers on a laptop', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('a signed-in person applies for a Mastercard, compares card offers and accepts one', async ({
    page,
  }) => {
    const email = await logInAs(page, uniqueEmail('card-offers'))
    await openPage(page, '/luottokorttihakemus/')
    const form = page.locator('form')
    // Issue 14: the account's e-mail is filled in.
    await expect(form.getByLabel('Sähköposti', { exact: true })).toHaveValue(email)
    await form.getByLabel('Etunimi', { exact: true }).fill('Kaisa')
    await form.getByLabel('Sukunimi', { exact: true }).fill('Virtanen')
    await form.getByLabel('Henkilötunnus', { exact: true }).fill('131052-308T')
    await form.getByLabel('Matkapuhelin', { exact: true }).fill('040 123 4567')
    await form.getByLabel('Katuosoite', { exact: true }).fill('Mannerheimintie 1')
    await form.getByLabel('Postinumero', { exact: true }).fill('00100')
    await form.getByLabel('Postitoimipaikka', { exact: true }).fill('Helsinki')
    await form.getByLabel('Siviilisääty', { exact: true }).selectOption('single')
    await form.getByLabel('Koulutus', { exact: true }).selectOption('graduate')
    await form.getByLabel('Asumismuoto', { exact: true }).selectOption('renting')
    await form.getByLabel('Asuntotyyppi', { exact: true }).selectOption('apartment')
    await form.getByLabel('Asumiskulut kuukaudessa (€)', { exact: true }).fill('700')
    await form.getByLabel('Työsuhde', { exact: true }).selectOption('permanent')
    await form.getByLabel('Bruttotulot kuukaudessa (€)', { exact: true }).fill('4200')
    await form.getByLabel('Nettotulot kuukaudessa (€)', { exact: true }).fill('3100')
    await form.getByLabel('Toivottu kortti', { exact: true }).selectOption('mastercard')
    await expect(page.getByTestId('review-lenders').getByRole('listitem').first()).toBeVisible()
    for (const consent of [
      'Hyväksyn käyttöehdot',
      'Olen lukenut tietosuojaselosteen',
      'Lainanantajat saavat tarkistaa luottotietoni',
      'Hakemukseni saa välittää yllä luetelluille lainanantajille',
    ]) {
      await page.getByLabel(consent).check()
    }
    await page.getByRole('button', { name: 'Lähetä hakemus' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kiitos, hakemuksesi on lähetetty')

    await openPage(page, '/offers/')
    await expect(page.getByRole('heading', { name: 'Luottokorttihakemus: raja 3 000 €' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Korttitarjoukset' })).toBeVisible()
    const rows = page.getByTestId('offer-row')
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(1)
    await expect(page.getByTestId('offer-card').first()).toBeHidden()
    for (const row of await rows.all()) {
      await expect(row.getByTestId('offer-card-type')).toHaveText('Mastercard')
      await expect(row.getByTestId('offer-limit')).toHaveText(/^\d[\d\s]*\s€$/)
      await expect(row.getByTestId('offer-apr')).toHaveText(/^\d+,\d\d\s%$/)
      await expect(row.getByTestId('offer-annual-fee')).toContainText('Vuosimaksu')
      await expect(row.getByTestId('offer-grace-period')).toHaveText(/^\d+ päivää$/)
    }
    await expect(page.getByTestId('offer-lowest-apr').first()).toHaveText('Alhaisin todellinen vuosikorko')
    await expect(page.getByTestId('offer-lowest-cost')).toHaveCount(0)
    await expect(page.getByText(/^Edustava esimerkki: .*Mastercard, luottoraja/).first()).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectAxeClean(page)

    const first = rows.first()
    const lender = (await first.getByTestId('offer-lender').textContent())?.trim() ?? ''
    await first.getByRole('link', { name: `Katso tarjous: ${lender}` }).click()
    await acceptOffer(page, lender)
    await expectAxeClean(page)
  })
})

test.describe('credit card offers on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('card offers are cards with limit, annual fee and grace period, and one is accepted', async ({
    page,
  }) => {
    const email = uniqueEmail('card-phone')
    expect((await page.request.post('/api/v1/applications', { data: cardApplication(email) })).status()).toBe(
      201,
    )
    await logInAs(page, email)
    await openPage(page, '/offers/')
    const cards = page.getByTestId('offer-card')
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(1)
    await expect(page.getByTestId('offers-table').first()).toBeHidden()
    const card = cards.first()
    await expect(card.getByTestId('offer-card-type')).toHaveText('Mastercard')
    await expect(card.getByTestId('offer-limit')).toHaveText(/^\d[\d\s]*\s€$/)
    await expect(card.getByTestId('offer-annual-fee')).toHaveText(/€$/)
    await expect(card.getByTestId('offer-grace-period')).toHaveText(/^\d+ päivää$/)
    await expect(card.getByTestId('offer-apr')).toHaveText(/^\d+,\d\d\s%$/)
    await expect(card).toContainText('1 500 € nostettuna, 12 kuukausierää')
    for (const each of await cards.all()) {
      const box = await each.boundingBox()
      expect((box?.x ?? -1) + (box?.width ?? 391)).toBeLessThanOrEqual(390)
    }
    await expectNoSidewaysScroll(page)
    await expectAxeClean(page)

    const lender = (await card.getByTestId('offer-lender').textContent())?.trim() ?? ''
    await card.getByRole('link', { name: `Katso tarjous: ${lender}` }).click()
    await expectNoSidewaysScroll(page)
    await acceptOffer(page, lender)
    await expectNoSidewaysScroll(page)
  })
})
