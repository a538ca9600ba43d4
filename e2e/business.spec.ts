import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { latestLoginEmail, openPage, uniqueEmail } from './helpers.ts'

// Issue 15: a company applies through the SME onboarding, from the business loan page's
// calculator to the offers, and the factoring onboarding fits a 320 px phone.

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(results.violations).toEqual([])
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

const FI_CONSENTS = [
  'Hyväksyn käyttöehdot',
  'Olen lukenut tietosuojaselosteen',
  'Lainanantajat saavat tarkistaa luottotietoni',
  'Hakemukseni saa välittää rahoittajille, joiden ehtoihin se sopii (näet ne ennen lähettämistä)',
] as const

async function fillEmailAndTerms(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 2, name: 'Sähköposti ja ehdot' })).toBeFocused()
  await page.getByLabel('Sähköposti', { exact: true }).fill(email)
  for (const consent of FI_CONSENTS) await page.getByLabel(consent).check()
}

async function fillCompany(page: Page, businessId: string) {
  await page.getByLabel('Y-tunnus', { exact: true }).fill(businessId)
  await page.getByLabel('Yrityksen nimi', { exact: true }).fill('Rakennus Koivu Oy')
  await page.getByLabel('Yhtiömuoto', { exact: true }).selectOption('oy')
  await page.getByLabel('Rekisteröintipäivä', { exact: true }).fill('2015-03-01')
  await page.getByLabel('Toimiala (TOL 2008)', { exact: true }).selectOption('F')
  await page
    .getByLabel('Liikevaihto viimeisimmällä päättyneellä tilikaudella (€)', { exact: true })
    .fill('850000')
  await page.getByLabel('Tilikauden tulos (€)', { exact: true }).fill('64000')
  await page.getByLabel('Henkilöstön määrä', { exact: true }).fill('7')
  await page.getByLabel('Etunimi', { exact: true }).fill('Aino')
  await page.getByLabel('Sukunimi', { exact: true }).fill('Koivu')
  await page.getByLabel('Matkapuhelin', { exact: true }).fill('040 123 4567')
  await page.getByLabel('Asemasi yrityksessä', { exact: true }).selectOption('ceo')
  await page.getByLabel('Minulla on oikeus edustaa yritystä ja allekirjoittaa sen puolesta').check()
}

test.describe('business loans', () => {
  test('a new company applies through the onboarding, logs in, sees business offers and accepts one', async ({
    page,
  }) => {
    // The business loan page's calculator leads into the form with the SME limits (months).
    await openPage(page, '/yrityslaina/')
    const calculator = page.getByRole('complementary', { name: 'Lainalaskuri' })
    await calculator.getByRole('button', { name: 'Hae yrityslainaa' }).click()
    await expect(page).toHaveURL(/\/yrityslainahakemus\/\?amount=25000&period=24/)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yrityslainahakemus')

    // Calculator: the amount and period from the page, the purpose still to choose.
    await expect(page.getByRole('progressbar')).toHaveAccessibleName('Hakemuksen eteneminen: vaihe 1/4')
    await expect(page.getByRole('slider', { name: 'Laina-aika (kuukautta)' })).toHaveValue('24')
    await expect(page.getByTestId('business-representative-example')).toContainText(
      'Huomio! Rahan lainaaminen maksaa.',
    )
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Seuraava' }).click()
    const purpose = page.getByLabel('Rahoituksen käyttötarkoitus')
    await expect(purpose).toBeFocused()
    await purpose.selectOption('Buying equipment')
    await page.getByRole('button', { name: 'Seuraava' }).click()

    // E-mail and terms; back and forward keep what was entered.
    const email = uniqueEmail('sme')
    await fillEmailAndTerms(page, email)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Edellinen' }).click()
    await expect(purpose).toHaveValue('Buying equipment')
    await page.getByRole('button', { name: 'Seuraava' }).click()
    await expect(page.getByLabel('Sähköposti', { exact: true })).toHaveValue(email)
    await page.getByRole('button', { name: 'Seuraava' }).click()

    // Company details: a wrong check digit is refused beside the field, with focus on it.
    await expect(page.getByRole('heading', { level: 2, name: 'Yrityksen tiedot' })).toBeFocused()
    await fillCompany(page, '1234567-2')
    await page.getByRole('button', { name: 'Lähetä hakemus' }).click()
    const businessId = page.getByLabel('Y-tunnus', { exact: true })
    await expect(businessId).toBeFocused()
    await expect(businessId).toHaveAccessibleDescription(/Y-tunnus ei ole oikein/)
    await businessId.fill('1234567-1')

    // A reload keeps every value and the step.
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
    await expect(page.getByLabel('Yrityksen nimi', { exact: true })).toHaveValue('Rakennus Koivu Oy')

    // The review lists the business lenders this application matches; exactly those receive it.
    const shown = page.getByTestId('business-review-lenders').getByRole('listitem')
    await expect(shown.first()).toBeVisible()
    const shownNames = await shown.allTextContents()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Lähetä hakemus' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Kiitos, hakemuksesi on lähetetty' }),
    ).toBeVisible()
    await expect(page.getByRole('progressbar')).toHaveCount(0)
    await expect(page.getByTestId('business-sent-lenders').getByRole('listitem')).toHaveText(shownNames)
    await expectNoAxeViolations(page)

    // Log in with the code the application's e-mail carried, then the offers arrive and one is accepted.
    const { code } = await latestLoginEmail(page.request, email)
    const verify = await page.request.post('/api/v2/passwordless/verify', { data: { email, code } })
    expect(verify.ok()).toBe(true)
    await page.getByRole('link', { name: 'Katso tarjoukset' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarjoukset')
    const rows = page.getByTestId('offer-row')
    await expect(rows.first()).toBeVisible({ timeout: 60_000 })
    const lender = (await rows.first().getByTestId('offer-lender').textContent())?.trim() ?? ''
    expect(shownNames).toContain(lender)
    await expectNoAxeViolations(page)
    await rows
      .first()
      .getByRole('link', { name: `Katso tarjous: ${lender}` })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tarjous: ${lender}`)
    await page.getByRole('button', { name: 'Hyväksy tarjous' }).click()
    const dialog = page.getByRole('dialog', { name: 'Hyväksytkö tarjouksen?' })
    await dialog.getByRole('button', { name: 'Hyväksy tarjous' }).click()
    await expect(page.getByTestId('offer-accepted')).toContainText(lender)
  })

  test('a saved step is resumed in another visit of the same browser', async ({ page }) => {
    await openPage(page, '/yrityslainahakemus/?amount=150000&period=120')
    await expect(page.getByRole('slider', { name: 'Laina-aika (kuukautta)' })).toHaveValue('120')
    await page.getByLabel('Rahoituksen käyttötarkoitus').selectOption('Working capital')
    await page.getByRole('button', { name: 'Seuraava' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Sähköposti ja ehdot' })).toBeVisible()
    // This tab's copy gone (another tab or device): the server's draft brings the step back.
    await page.evaluate(() => sessionStorage.clear())
    await openPage(page, '/yrityslainahakemus/')
    await expect(page.getByRole('heading', { level: 2, name: 'Sähköposti ja ehdot' })).toBeVisible()
    await page.getByRole('button', { name: 'Edellinen' }).click()
    await expect(page.getByLabel('Rahoituksen käyttötarkoitus')).toHaveValue('Working capital')
  })
})

test.describe('factoring on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 800 } })

  test('every step fits without sideways scrolling and passes axe', async ({ page }) => {
    await openPage(page, '/factoring-hakemus/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Factoring-hakemus')
    await expectNoSidewaysScroll(page)
    await expectNoAxeViolations(page)
    await page.getByLabel('Laskutus kuukaudessa (€)').fill('60000')
    await page.getByLabel('Laskutettavien asiakkaiden määrä').fill('25')
    await page.getByLabel('Tyypillinen maksuaika (päivää)').fill('30')
    await page.getByLabel('Suurimman asiakkaan osuus laskutuksesta (%)').fill('20')
    await page.getByRole('button', { name: 'Seuraava' }).click()
    await fillEmailAndTerms(page, uniqueEmail('factoring'))
    await expectNoSidewaysScroll(page)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Seuraava' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Yrityksen tiedot' })).toBeFocused()
    await fillCompany(page, '1234567-1')
    await expect(page.getByTestId('business-review-lenders').getByRole('listitem').first()).toBeVisible()
    await expectNoSidewaysScroll(page)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Lähetä hakemus' }).click()
    await expect(
      page.getByRole('heading', { level: 2, name: 'Kiitos, hakemuksesi on lähetetty' }),
    ).toBeVisible()
    await expectNoSidewaysScroll(page)
  })
})
