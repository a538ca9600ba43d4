import type { Tol2008Section } from '../application/business.ts'
import type { BusinessCriteria, BusinessLenderCriteria } from './business-lending.ts'
import type { LenderProduct } from './criteria.ts'
import type { DemoLender } from './demo-lenders.ts'
import type { SandboxBusinessPricing } from './sandbox-business.ts'

// Issue 15: the fictional sandbox business lenders and factoring companies a new database gets
// (packages/db seed), beside the consumer demo lenders. Kept apart from DEMO_LENDERS so that the
// consumer representative example (the consumer lenders' average pricing) does not change. Every
// name is fictional. Criteria: turnover of the last closed year, company age, TOL 2008 main classes
// not financed (K finance, L real estate, O public administration, T households, U extraterritorial
// are common exclusions), losses accepted or not; pricing per `SandboxBusinessPricing`.

/** Sandbox pricing of a business lender: the consumer fields kept meaningful, `business` decides. */
export type BusinessSandboxPricing = DemoLender['sandbox'] & { business: SandboxBusinessPricing }
export type DemoBusinessLender = Omit<DemoLender, 'criteria' | 'sandbox'> & {
  criteria: BusinessLenderCriteria
  sandbox: BusinessSandboxPricing
}

const COMMON_EXCLUSIONS: Tol2008Section[] = ['K', 'O', 'T', 'U']

function lender(input: {
  slug: string
  name: string
  description: string
  products: LenderProduct[]
  amount: [number, number]
  months: [number, number]
  business: BusinessCriteria
  pricing: SandboxBusinessPricing
  delaySeconds: number
}): DemoBusinessLender {
  const { pricing } = input
  return {
    slug: input.slug,
    name: input.name,
    description: input.description,
    criteria: {
      products: input.products,
      minAmount: input.amount[0],
      maxAmount: input.amount[1],
      minMonths: input.months[0],
      maxMonths: input.months[1],
      // A company applies, not a person: the consumer conditions do not apply to business credit.
      minAge: 0,
      minNetIncome: 0,
      employmentTypes: [],
      acceptsPaymentDefaults: false,
      business: input.business,
    },
    sandbox: {
      baseMargin: pricing.rate.kind === 'euribor' ? pricing.rate.marginPoints : pricing.rate.ratePercent,
      openingFee: pricing.openingFee,
      monthlyFee: pricing.monthlyFee,
      maxDebtServiceRatio: pricing.maxShareOfTurnover,
      delaySeconds: input.delaySeconds,
      business: pricing,
    },
  }
}

export const DEMO_BUSINESS_LENDERS: readonly DemoBusinessLender[] = [
  lender({
    slug: 'kivijalka-yritysrahoitus',
    name: 'Kivijalka Yritysrahoitus',
    description: 'Yrityslainoja vakiintuneille pk-yrityksille 5 000–500 000 euroa.',
    products: ['business-loan'],
    amount: [5000, 500_000],
    months: [6, 60],
    business: {
      minTurnover: 100_000,
      minCompanyAgeMonths: 24,
      excludedIndustries: [...COMMON_EXCLUSIONS, 'L'],
      acceptsLoss: false,
    },
    pricing: {
      rate: { kind: 'euribor', marginPoints: 3.5 },
      openingFee: 250,
      monthlyFee: 9,
      maxShareOfTurnover: 0.3,
      personalGuarantee: { kind: 'from-amount', amount: 50_000 },
    },
    delaySeconds: 0,
  }),
  lender({
    slug: 'pajala-pk-rahoitus',
    name: 'Pajala PK-rahoitus',
    description: 'Pieniä yrityslainoja nopeasti, myös aloittaville yrityksille.',
    products: ['business-loan'],
    amount: [500, 50_000],
    months: [1, 36],
    business: {
      minTurnover: 30_000,
      minCompanyAgeMonths: 6,
      excludedIndustries: COMMON_EXCLUSIONS,
      acceptsLoss: true,
    },
    pricing: {
      rate: { kind: 'fixed', ratePercent: 11.9 },
      openingFee: 95,
      monthlyFee: 12,
      maxShareOfTurnover: 0.4,
      personalGuarantee: { kind: 'always' },
    },
    delaySeconds: 5,
  }),
  lender({
    slug: 'vaara-yrityspankki',
    name: 'Vaara Yrityspankki',
    description: 'Investointi- ja yrityslainoja 20 000 eurosta kymmeneen miljoonaan.',
    products: ['business-loan'],
    amount: [20_000, 10_000_000],
    months: [12, 120],
    business: {
      minTurnover: 500_000,
      minCompanyAgeMonths: 36,
      excludedIndustries: [...COMMON_EXCLUSIONS, 'A', 'B', 'L', 'R'],
      acceptsLoss: false,
    },
    pricing: {
      rate: { kind: 'euribor', marginPoints: 2.2 },
      openingFee: 500,
      monthlyFee: 15,
      maxShareOfTurnover: 0.5,
      personalGuarantee: { kind: 'from-amount', amount: 250_000 },
    },
    delaySeconds: 60,
  }),
  lender({
    slug: 'tyrsky-capital',
    name: 'Tyrsky Capital',
    description: 'Kasvurahoitusta kiinteällä korolla, myös tappiollisille kasvuyrityksille.',
    products: ['business-loan'],
    amount: [10_000, 1_000_000],
    months: [6, 60],
    business: {
      minTurnover: 50_000,
      minCompanyAgeMonths: 12,
      excludedIndustries: COMMON_EXCLUSIONS,
      acceptsLoss: true,
    },
    pricing: {
      rate: { kind: 'fixed', ratePercent: 8.9 },
      openingFee: 350,
      monthlyFee: 0,
      maxShareOfTurnover: 0.35,
      personalGuarantee: { kind: 'from-amount', amount: 100_000 },
    },
    delaySeconds: 30,
  }),
  lender({
    slug: 'satama-yritysrahoitus',
    name: 'Satama Yritysrahoitus',
    description: 'Yrityslainat ja laskurahoitus samasta paikasta.',
    products: ['business-loan', 'factoring'],
    amount: [2000, 250_000],
    months: [3, 48],
    business: {
      minTurnover: 60_000,
      minCompanyAgeMonths: 12,
      excludedIndustries: [...COMMON_EXCLUSIONS, 'L'],
      acceptsLoss: false,
    },
    pricing: {
      rate: { kind: 'euribor', marginPoints: 5 },
      openingFee: 190,
      monthlyFee: 10,
      maxShareOfTurnover: 0.25,
      personalGuarantee: { kind: 'from-amount', amount: 30_000 },
      factoring: { advanceRate: 0.8, serviceFeePercent: 1.5 },
    },
    delaySeconds: 15,
  }),
  lender({
    slug: 'laskuvirta-factoring',
    name: 'Laskuvirta Factoring',
    description: 'Myyntilaskujen rahoitus: rahat laskuista heti, ei odotusta maksuajan yli.',
    products: ['factoring'],
    amount: [1000, 2_000_000],
    months: [1, 12],
    business: {
      minTurnover: 50_000,
      minCompanyAgeMonths: 6,
      excludedIndustries: COMMON_EXCLUSIONS,
      acceptsLoss: true,
    },
    pricing: {
      rate: { kind: 'euribor', marginPoints: 4 },
      openingFee: 150,
      monthlyFee: 20,
      maxShareOfTurnover: 1,
      personalGuarantee: { kind: 'never' },
      factoring: { advanceRate: 0.85, serviceFeePercent: 1.2 },
    },
    delaySeconds: 10,
  }),
  lender({
    slug: 'reskontra-rahoitus',
    name: 'Reskontra Rahoitus',
    description: 'Factoringia ja myyntisaamisten rahoitusta suuremmille yrityksille.',
    products: ['factoring'],
    amount: [5000, 5_000_000],
    months: [1, 12],
    business: {
      minTurnover: 250_000,
      minCompanyAgeMonths: 24,
      excludedIndustries: [...COMMON_EXCLUSIONS, 'A', 'F'],
      acceptsLoss: false,
    },
    pricing: {
      rate: { kind: 'euribor', marginPoints: 2.8 },
      openingFee: 300,
      monthlyFee: 35,
      maxShareOfTurnover: 1,
      personalGuarantee: { kind: 'from-amount', amount: 500_000 },
      factoring: { advanceRate: 0.9, serviceFeePercent: 0.6 },
    },
    delaySeconds: 120,
  }),
]
