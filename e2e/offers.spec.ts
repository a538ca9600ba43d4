import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { logInAs, openPage, uniqueEmail } from './helpers.ts'

// The marketplace end to end: the e2e server's sandbox lenders answer over
// about a minute (SANDBOX_DELAY_SCALE in playwright.config.ts), so offers keep
// arriving while the page is open.

function application(email: string, amount = 8000) {
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
      loan: { amount, period: 5, purpose: 'renovation' },
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

const rows = (scope: Page | Locator) => scope.getByTestId('offer-row')
// Offers for the amount asked, and for another amount (issue 14: never ranked together).
const asked = (page: Page) => page.getByTestId('offers-asked')
const other = (page: Page) => page.getByTestId('offers-other')

function euros(texts: string[]): number[] {
  return texts.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')))
}

test.describe('offers', () => {
  test('a new user applies, watches offers arrive, sorts, and accepts one', async ({ page }) => {
    const email = uniqueEmail('offers')
    const submitted = await page.request.post('/api/v1/applications', { data: application(email) })
    expect(submitted.status()).toBe(201)
    await logInAs(page, email)

    await openPage(page, '/offers/')
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
    await expect(asked(page).locator('caption')).toContainText('Kuukausierä')
    const payments = euros(await rows(asked(page)).getByTestId('offer-monthly').allTextContents())
    expect(payments.length).toBeGreaterThan(1)
    expect(payments).toEqual([...payments].sort((a, b) => a - b))

    // Open the cheapest monthly payment and accept it.
    const first = rows(asked(page)).first()
    const lender = (await first.getByTestId('offer-lender').textContent())?.trim() ?? ''
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
    await openPage(page, '/offers/')
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

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations).toEqual([])
}

/** Nothing scrolls sideways: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ])
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/** Tab and Shift+Tab keep the focus inside the open dialog, round and round. */
async function expectFocusKeptIn(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  }
}

/** A 40 000 € application: some sandbox lenders lend only up to 20 000 or 30 000 €. */
async function applyForFortyThousand(page: Page) {
  const email = uniqueEmail('compare')
  const submitted = await page.request.post('/api/v1/applications', { data: application(email, 40_000) })
  expect(submitted.status()).toBe(201)
  await logInAs(page, email)
  await openPage(page, '/offers/')
  await expect(
    asked(page).getByRole('heading', { name: 'Tarjoukset hakemallesi summalle 40 000 €' }),
  ).toBeVisible()
}

for (const width of [320, 390]) {
  test.describe(`offers on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 640 }, isMobile: true, hasTouch: true })

    test('offers are cards, partial offers stand apart, and the accept dialog fits', async ({ page }) => {
      await applyForFortyThousand(page)
      const cards = asked(page).getByTestId('offer-card')
      // Several full offers and one smaller one, so there is something to compare.
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(2)
      await expect(other(page).getByTestId('offer-card').first()).toBeVisible({ timeout: 30_000 })
      await expect(page.getByTestId('offers-table').first()).toBeHidden()

      const card = cards.first()
      await expect(card.getByTestId('offer-lender')).not.toBeEmpty()
      await expect(card.getByTestId('offer-apr')).toHaveText(/^\d+,\d\d\s%$/)
      await expect(card.getByTestId('offer-monthly')).toHaveText(/€/)
      await expect(card.getByTestId('offer-total-payable')).toHaveText(/€/)
      await expect(card.getByTestId('offer-amount-term')).toHaveText(/^40\s000\s€, 60 kk$/)
      await expect(card.getByRole('link', { name: /^Katso tarjous: / })).toBeVisible()
      for (const each of await page.getByTestId('offer-card').all()) {
        const box = await each.boundingBox()
        expect((box?.x ?? -1) + (box?.width ?? width + 1)).toBeLessThanOrEqual(width)
      }

      const smaller = other(page).getByTestId('offer-card').first()
      await expect(smaller.getByTestId('offer-amount-flag')).toHaveText('Pienempi kuin haettu 40 000 €')
      await expect(smaller.getByTestId('offer-amount-term')).not.toHaveText(/^40\s000\s€/)

      // The lowest APR and total cost are marked among the offers for the amount asked, and only there.
      await expect(cards.getByTestId('offer-lowest-apr').first()).toHaveText('Alhaisin todellinen vuosikorko')
      await expect(cards.getByTestId('offer-lowest-cost').first()).toHaveText('Alhaisin kokonaiskustannus')
      // Read in one go: more offers may arrive meanwhile.
      const figures = await cards.evaluateAll((elements) =>
        elements.map((element) => {
          const text = (id: string) => element.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''
          const figure = (id: string) =>
            Number(
              text(id)
                .replace(/[^\d,]/g, '')
                .replace(',', '.'),
            )
          return {
            apr: figure('offer-apr'),
            cost: figure('offer-total-cost'),
            aprMarked: text('offer-lowest-apr') !== '',
            costMarked: text('offer-lowest-cost') !== '',
          }
        }),
      )
      const lowestApr = Math.min(...figures.map((figure) => figure.apr))
      const lowestCost = Math.min(...figures.map((figure) => figure.cost))
      for (const figure of figures) {
        expect(figure.aprMarked).toBe(figure.apr === lowestApr)
        expect(figure.costMarked).toBe(figure.cost === lowestCost)
      }
      await expect(other(page).getByTestId('offer-lowest-apr')).toHaveCount(0)
      await expect(other(page).getByTestId('offer-lowest-cost')).toHaveCount(0)

      await expectNoSidewaysScroll(page)
      await expectAxeClean(page)

      await card.getByRole('link', { name: /^Katso tarjous: / }).click()
      await page.getByRole('button', { name: 'Hyväksy tarjous' }).click()
      const dialog = page.getByRole('dialog', { name: 'Hyväksytkö tarjouksen?' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Hyväksy tarjous' })).toBeInViewport({ ratio: 1 })
      await expectFocusKeptIn(page, dialog)
      await expectNoSidewaysScroll(page)
      await expectAxeClean(page)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    })

    test('the delete-account dialog fits and keeps the focus', async ({ page }) => {
      await logInAs(page)
      await openPage(page, '/asetukset/')
      await page.getByRole('button', { name: 'Poista tilini' }).click()
      const dialog = page.getByRole('dialog', { name: 'Poistetaanko tili?' })
      await expect(dialog.getByRole('button', { name: 'Poista tili pysyvästi' })).toBeInViewport({ ratio: 1 })
      await expectFocusKeptIn(page, dialog)
      await expectNoSidewaysScroll(page)
    })
  })
}

test.describe('offers on a laptop', () => {
  test.use({ viewport: { width: 1366, height: 768 } })

  test('a table that fits, with partial offers apart and the lowest figures marked', async ({ page }) => {
    await applyForFortyThousand(page)
    await expect.poll(() => rows(asked(page)).count(), { timeout: 30_000 }).toBeGreaterThan(2)
    await expect(rows(other(page)).first()).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('offer-card').first()).toBeHidden()

    // Sorted by the monthly payment, the smaller offers still never rank among the 40 000 € ones.
    await page.getByLabel('Järjestä').selectOption('monthlyPayment')
    await expect(page).toHaveURL(/sort=monthlyPayment/)
    for (const amount of await rows(asked(page)).locator('td:first-of-type').allTextContents()) {
      expect(amount).toMatch(/^40\s000\s€\s*60 kk$/)
    }
    await expect(rows(other(page)).first().getByTestId('offer-amount-flag')).toContainText(
      'Pienempi kuin haettu',
    )
    await expect(rows(asked(page)).getByTestId('offer-lowest-apr').first()).toBeVisible()
    await expect(rows(asked(page)).getByTestId('offer-lowest-cost').first()).toBeVisible()

    // Every column fits: no table scrolls sideways, and each offer's link is on the screen.
    await expectNoSidewaysScroll(page)
    for (const table of await page.getByTestId('offers-table').all()) {
      const [scrollWidth, clientWidth] = await table.evaluate((element) => {
        const wrapper = element.parentElement as HTMLElement
        return [wrapper.scrollWidth, wrapper.clientWidth]
      })
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    }
    for (const row of await rows(page).all()) {
      const link = row.getByRole('link', { name: /^Katso tarjous: / })
      await expect(link).toBeVisible()
      const box = await link.boundingBox()
      expect((box?.x ?? -1) + (box?.width ?? 1367)).toBeLessThanOrEqual(1366)
    }
    await expectAxeClean(page)
  })
})
