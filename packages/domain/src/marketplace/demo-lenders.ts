import type { LenderCriteria } from './criteria.ts'
import type { SandboxCardPricing } from './sandbox-card.ts'
import type { SandboxPricing } from './sandbox-lender.ts'

// The demo lenders a new database gets (packages/db seed), here in the domain so that the
// consumer representative example can be computed from their pricing (issue 14: the example
// comes from data, not a constant). Every name is fictional.

const ALL_WORK = ['permanent', 'temporary', 'part-time', 'entrepreneur', 'retired', 'student', 'unemployed']
const EMPLOYED = ['permanent', 'temporary', 'part-time', 'entrepreneur', 'retired']
const STEADY = ['permanent', 'entrepreneur', 'retired']

export type DemoLender = {
  slug: string
  name: string
  description: string
  criteria: LenderCriteria
  sandbox: SandboxPricing
}

const loan = (
  minAmount: number,
  maxAmount: number,
  minYears: number,
  maxYears: number,
  rest: Partial<LenderCriteria> = {},
): LenderCriteria => ({
  products: ['consumer-loan'],
  minAmount,
  maxAmount,
  minMonths: minYears * 12,
  maxMonths: maxYears * 12,
  minAge: 20,
  minNetIncome: 1000,
  employmentTypes: EMPLOYED,
  acceptsPaymentDefaults: false,
  ...rest,
})

const price = (
  baseMargin: number,
  openingFee: number,
  monthlyFee: number,
  maxDebtServiceRatio: number,
  delaySeconds: number,
): SandboxPricing => ({ baseMargin, openingFee, monthlyFee, maxDebtServiceRatio, delaySeconds })

/** A card issuer's card pricing: rate margin (points), annual and monthly fee, grace days, limits. */
const card = (
  rateMargin: number,
  annualFee: number,
  monthlyFee: number,
  gracePeriodDays: number,
  maxLimit: number,
  limitToIncome: number,
): SandboxCardPricing => ({ rateMargin, annualFee, monthlyFee, gracePeriodDays, maxLimit, limitToIncome })

export const DEMO_LENDERS: readonly DemoLender[] = [
  {
    slug: 'aurora-rahoitus',
    name: 'Aurora Rahoitus',
    description: 'Vakuudettomia kulutusluottoja 1 000–50 000 euroa.',
    criteria: loan(1000, 50_000, 1, 15),
    sandbox: price(3.5, 0, 4.95, 0.45, 0),
  },
  {
    slug: 'kuusi-pankki',
    name: 'Kuusipankki',
    description: 'Kotimainen pankki, lainoja myös yhteishakijoille.',
    criteria: loan(2000, 70_000, 1, 20, { minNetIncome: 1500, employmentTypes: STEADY }),
    sandbox: price(1.9, 75, 3, 0.4, 0),
  },
  {
    slug: 'lahde-luotto',
    name: 'Lähde Luotto',
    description: 'Pienet ja keskisuuret lainat nopealla päätöksellä.',
    criteria: loan(500, 20_000, 1, 10, {
      products: ['consumer-loan', 'credit-card'],
      cardTypes: ['visa', 'mastercard'],
    }),
    sandbox: { ...price(6.5, 49, 5, 0.5, 0), card: card(9.5, 0, 2.5, 45, 5000, 1.5) },
  },
  {
    slug: 'pohjoisranta-pankki',
    name: 'Pohjoisranta Pankki',
    description: 'Lainojen yhdistäminen ja suuret lainasummat.',
    criteria: loan(5000, 70_000, 2, 20, { minNetIncome: 2000 }),
    sandbox: price(2.4, 95, 2.5, 0.42, 0),
  },
  {
    slug: 'revontuli-credit',
    name: 'Revontuli Credit',
    description: 'Joustavat laina-ajat yhdestä viiteentoista vuoteen.',
    criteria: loan(1000, 40_000, 1, 15, {
      products: ['consumer-loan', 'credit-card'],
      cardTypes: ['mastercard'],
    }),
    sandbox: { ...price(4.9, 0, 6.9, 0.5, 3), card: card(7.9, 25, 0, 55, 15_000, 3) },
  },
  {
    slug: 'saimaa-laina',
    name: 'Saimaa Laina',
    description: 'Remontti- ja autolainoja kotitalouksille.',
    criteria: loan(3000, 60_000, 2, 15, { minAge: 23 }),
    sandbox: price(2.9, 60, 3.5, 0.4, 8),
  },
  {
    slug: 'tammi-rahoitus',
    name: 'Tammi Rahoitus',
    description: 'Kulutusluottoja vakituisessa työsuhteessa oleville.',
    criteria: loan(1000, 30_000, 1, 12, { employmentTypes: ['permanent'], minNetIncome: 1400 }),
    sandbox: price(3.2, 39, 3.9, 0.45, 15),
  },
  {
    slug: 'kallio-finance',
    name: 'Kallio Finance',
    description: 'Lainoja 2 000–70 000 euroa kiinteällä marginaalilla.',
    criteria: loan(2000, 70_000, 1, 20),
    sandbox: price(4.2, 90, 4.5, 0.45, 30),
  },
  {
    slug: 'merituuli-pankki',
    name: 'Merituuli Pankki',
    description: 'Pankki, joka lainaa myös yrittäjille ja eläkeläisille.',
    criteria: loan(2000, 50_000, 1, 15, {
      minAge: 25,
      products: ['consumer-loan', 'credit-card'],
      cardTypes: ['visa', 'amex'],
    }),
    sandbox: { ...price(2.7, 50, 3, 0.4, 60), card: card(6.9, 45, 0, 50, 20_000, 4) },
  },
  {
    slug: 'kaamos-luotto',
    name: 'Kaamos Luotto',
    description: 'Pienlainoja lyhyelle laina-ajalle.',
    criteria: loan(500, 10_000, 1, 5, { minNetIncome: 800, acceptsPaymentDefaults: true }),
    sandbox: price(8.5, 0, 7.5, 0.55, 120),
  },
  {
    slug: 'ilves-rahoitus',
    name: 'Ilves Rahoitus',
    description: 'Vakuudettomia lainoja ja luottolimiittejä.',
    criteria: loan(1000, 25_000, 1, 10, {
      products: ['consumer-loan', 'credit-card'],
      cardTypes: ['visa', 'diners'],
    }),
    sandbox: { ...price(5.5, 25, 4.9, 0.5, 300), card: card(8.5, 20, 1, 40, 10_000, 2) },
  },
  {
    slug: 'sisu-laina',
    name: 'Sisu Laina',
    description: 'Lainoja opiskelijoille ja määräaikaisessa työssä oleville.',
    criteria: loan(500, 15_000, 1, 8, { employmentTypes: ALL_WORK, minNetIncome: 600, minAge: 18 }),
    sandbox: price(7.5, 30, 5.9, 0.5, 900),
  },
]
