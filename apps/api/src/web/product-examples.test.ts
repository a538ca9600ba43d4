import { loadContent } from '@lainava/content/server'
import { MORTGAGE_MARGIN_SURVEY, SME_LOAN_MARGIN } from '@lainava/domain/market-rates'
import {
  businessExamplePricing,
  latestEuribor,
  mortgageExamplePricing,
} from '@lainava/domain/pricing-profiles'
import { productExample, representativeExample } from '@lainava/domain/representative-example'
import { formatPercent } from '@lainava/i18n'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageDocument } from '../test/page-document.ts'
import { createTestApp } from '../test/test-app.ts'

// Issue 14 "Truthful pages": the mortgage and business pages show their own limits and their own
// representative example, priced from data that the page names. Needs the production build.

let ctx: Awaited<ReturnType<typeof createTestApp>>
const euribor = latestEuribor(loadContent().euribor.values)

beforeAll(async () => {
  ctx = await createTestApp({ ROLES: 'web,api' })
})
afterAll(async () => {
  await ctx?.close()
})

async function calculatorOf(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url })
  expect(response.statusCode, url).toBe(200)
  const document = pageDocument(response.body)
  const range = (name: string) => {
    const input = document.querySelector(`input[type="range"][name="${name}"]`)
    if (!input) throw new Error(`${url}: no ${name} slider`)
    return { min: Number(input.getAttribute('min')), max: Number(input.getAttribute('max')) }
  }
  const aside = document.querySelector('aside') ?? document.body
  return {
    amount: range('amount'),
    period: range('period'),
    text: (aside.textContent ?? '').replace(/\s+/g, ' '),
    sourceLinks: [...aside.querySelectorAll('a[rel~="external"]')].map((link) => link.getAttribute('href')),
  }
}

const apr = (fraction: number) =>
  formatPercent('fi-FI', Math.round(fraction * 10_000) / 10_000, 2).replace(/\s+/g, ' ')

describe('product calculators (issue 14)', () => {
  it('has a Euribor to price on', () => {
    expect(euribor).not.toBeNull()
  })

  it('/asuntolainalaskuri/ shows mortgage limits and a Euribor + margin example', async () => {
    if (!euribor) throw new Error('no Euribor')
    // The mortgage calculator of issue 16: price, own funds and years (its limits: the page's own test).
    const response = await ctx.app.inject({ method: 'GET', url: '/asuntolainalaskuri/' })
    expect(response.statusCode).toBe(200)
    const document = pageDocument(response.body)
    expect(document.querySelector('input[name="years"]')).not.toBeNull()
    expect(document.querySelector('input[name="price"]')).not.toBeNull()
    const text = (document.body.textContent ?? '').replace(/\s+/g, ' ')
    const example = productExample('mortgage', mortgageExamplePricing(euribor), 200_000, 300)
    expect(example.aprPercent).toBeLessThan(6)
    expect(text).toContain(apr(example.apr))
    expect(text).toContain('12 kuukauden euribor')
    expect(text).toContain('Etua.fi')
    expect(text).not.toContain(apr(representativeExample(200_000, 20).apr))
    const links = [...document.querySelectorAll('a[rel~="external"]')].map((link) =>
      link.getAttribute('href'),
    )
    expect(links).toContain(MORTGAGE_MARGIN_SURVEY.source.url)
  })

  for (const [url, amount, months] of [
    ['/yrityslaina/', 25_000, 24],
    ['/yrityslimiitti/', 10_000, 12],
  ] as const) {
    it(`${url} shows the SME limits and an SME example`, async () => {
      if (!euribor) throw new Error('no Euribor')
      const page = await calculatorOf(url)
      expect(page.amount).toEqual({ min: 500, max: 10_000_000 })
      // spec §9: 60 months below 100 000 €.
      expect(page.period).toEqual({ min: 1, max: 60 })
      const example = productExample('business', businessExamplePricing(euribor), amount, months)
      expect(page.text).toContain(apr(example.apr))
      expect(page.text).toContain('pk-yritysten pankkilainojen keskimarginaali')
      expect(page.text).toContain(`${months} kuukautta`)
      expect(page.sourceLinks).toContain(SME_LOAN_MARGIN.source.url)
    })
  }

  it('the landing keeps the consumer limits and names the lenders’ pricing as its source', async () => {
    const page = await calculatorOf('/')
    expect(page.amount).toEqual({ min: 1000, max: 70_000 })
    expect(page.period).toEqual({ min: 1, max: 20 })
    expect(page.text).toContain('lainanantajan nykyisen hinnoittelun keskiarvo')
  })
})
