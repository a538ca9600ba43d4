import { loadContent } from '@lainava/content/server'
import { roundHalfUp } from '@lainava/domain/loan-math'
import { MORTGAGE_MARGIN_SURVEY } from '@lainava/domain/market-rates'
import { calculateMortgage } from '@lainava/domain/mortgage/calculator'
import { latestEuribor, mortgageExamplePricing } from '@lainava/domain/pricing-profiles'
import { productExample, representativeExample } from '@lainava/domain/representative-example'
import { formatCurrency, formatPercent } from '@lainava/i18n'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageWindow } from '../test/page-document.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 16: /asuntolainalaskuri/ shows the real mortgage calculator — instalment, APR with the
// Euribor held constant, the +2/+5 point stress rows, the LTV warning — and a representative
// mortgage example, rendered on the server (it works without JavaScript). Needs the production build.

let ctx: Awaited<ReturnType<typeof createTestApp>>
const euribor = latestEuribor(loadContent().euribor.values)

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
})
afterAll(async () => {
  await ctx?.close()
})

const space = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim()

async function pageOf(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url })
  expect(response.statusCode, url).toBe(200)
  const window = pageWindow()
  window.document.write(response.body)
  const { document } = window
  const text = (selector: string) => space(document.querySelector(selector)?.textContent ?? '')
  const page = {
    headers: response.headers,
    title: document.title,
    h1: text('h1'),
    summary: text('[data-testid="mortgage-summary"]'),
    summaryLive: document.querySelector('[data-testid="mortgage-summary"]')?.getAttribute('aria-live'),
    stress: text('[data-testid="mortgage-stress"]'),
    body: space(document.body.textContent ?? ''),
    ltvWarning: text('[data-testid="mortgage-ltv-warning"]'),
    labels: [...document.querySelectorAll('label')].map((label) => space(label.textContent ?? '')),
    sourceLinks: [...document.querySelectorAll('a[rel~="external"]')].map((link) =>
      link.getAttribute('href'),
    ),
    continueHref: [...document.querySelectorAll('a')]
      .find((link) => /hakemukseen|application|ansökan/.test(link.textContent ?? ''))
      ?.getAttribute('href'),
  }
  await window.happyDOM.close()
  return page
}

const money = (locale: string, value: number) => space(formatCurrency(locale, value))
const apr = (locale: string, fraction: number) =>
  space(formatPercent(locale, roundHalfUp(fraction * 100, 2) / 100, 2))

describe('/asuntolainalaskuri/ (issue 16)', () => {
  it('shows the default mortgage’s instalment, APR and stress rows, and a mortgage example, not a consumer loan’s', async () => {
    if (!euribor) throw new Error('no Euribor in the content data')
    const page = await pageOf('/asuntolainalaskuri/')
    // Prerendered like the other content pages: nothing in it depends on the visitor.
    expect(page.headers['x-lainava-render']).toBe('prerendered')
    expect(page.h1).toBe('Asuntolainalaskuri')
    const result = calculateMortgage(
      { price: 250_000, ownFunds: 50_000, years: 25, repaymentType: 'annuity' },
      euribor,
    )
    if (!result.ok) throw new Error(result.problem)
    const { calculation } = result
    expect(page.summaryLive).toBe('polite')
    expect(page.summary).toContain(money('fi-FI', calculation.firstInstalment))
    expect(page.summary).toContain(apr('fi-FI', calculation.apr))
    expect(page.stress).toContain('+2 prosenttiyksikköä')
    expect(page.stress).toContain('+5 prosenttiyksikköä')
    for (const row of calculation.stress) expect(page.stress).toContain(money('fi-FI', row.firstInstalment))
    // The representative example is the mortgage survey's, for the page's 200 000 € over 25 years.
    const example = productExample('mortgage', mortgageExamplePricing(euribor), 200_000, 300)
    expect(page.body).toContain('Edustava esimerkki')
    expect(page.body).toContain(apr('fi-FI', example.apr))
    expect(page.body).toContain('12 kuukauden euribor')
    expect(page.body).toContain('Etua.fi')
    expect(page.sourceLinks).toContain(MORTGAGE_MARGIN_SURVEY.source.url)
    expect(page.body).not.toContain('9,90 %')
    expect(page.body).not.toContain(apr('fi-FI', representativeExample(200_000, 20).apr))
    expect(page.labels).toEqual(expect.arrayContaining(['Kauppahinta', 'Omarahoitus', 'Laina-aika (vuotta)']))
    expect(page.continueHref).toBe(
      '/asuntolainahakemus/?price=250000&ownFunds=50000&years=25&repaymentType=annuity',
    )
  })

  it('calculates the figures in the address on the server, with the LTV warning and the missing euros', async () => {
    if (!euribor) throw new Error('no Euribor in the content data')
    const page = await pageOf(
      '/asuntolainalaskuri/?price=300+000&ownFunds=15000&years=20&repaymentType=equal-principal&marginPercent=0,5',
    )
    expect(page.headers['x-lainava-render']).not.toBe('prerendered')
    const result = calculateMortgage(
      { price: 300_000, ownFunds: 15_000, years: 20, repaymentType: 'equal-principal', margin: 0.005 },
      euribor,
    )
    if (!result.ok) throw new Error(result.problem)
    expect(page.summary).toContain(money('fi-FI', result.calculation.firstInstalment))
    // 285 000 € of 300 000 €: 90 % allows 270 000 € → 15 000 € missing; a first home's 95 % allows 285 000 €.
    expect(page.ltvWarning).toContain(space(formatCurrency('fi-FI', 15_000, { cents: false })))
    expect(page.body).toContain('Ensiasunnon ostajalle lainakatto on 95 %, ja laina mahtuu siihen.')
    expect(page.continueHref).toBe(
      '/asuntolainahakemus/?price=300000&ownFunds=15000&years=20&repaymentType=equal-principal',
    )
  })

  it('names the problem instead of figures for impossible input, and never fails on hostile input', async () => {
    const page = await pageOf('/asuntolainalaskuri/?price=100000&ownFunds=200000')
    expect(page.summary).toBe('Korjaa merkityt tiedot, niin laskuri näyttää laskelman.')
    expect(page.body).toContain('Omarahoitus on suurempi kuin kauppahinta.')
    expect(page.continueHref).toBeUndefined()
    // A NUL byte is refused before any page (400); the rest render the page with a problem or the defaults.
    for (const query of [
      'price=%00',
      'years=1e308',
      `ownFunds=${'9'.repeat(5000)}`,
      'repaymentType=%F0%9F%92%A5',
      'marginPercent=-3',
    ]) {
      const status = (await ctx.app.inject({ method: 'GET', url: `/asuntolainalaskuri/?${query}` }))
        .statusCode
      expect(status, query).toBeLessThan(500)
      if (query !== 'price=%00') expect(status, query).toBe(200)
    }
  })

  it('speaks English at /en/asuntolainalaskuri/', async () => {
    const page = await pageOf('/en/asuntolainalaskuri/')
    expect(page.body).toContain('Work out your mortgage')
    expect(page.stress).toContain('+5 percentage points')
    expect(page.continueHref).toMatch(/^\/en\/mortgage-form\/\?price=250000&/)
  })
})
