import { describe, expect, it } from 'vitest'
import { deriveApplicationFacts } from './application-match.ts'
import { DEFAULT_FILTERING, type LenderCriteria, type MatchFacts, matchLender } from './criteria.ts'
import { DEMO_BUSINESS_LENDERS } from './demo-business-lenders.ts'
import { DEMO_LENDERS } from './demo-lenders.ts'
import {
  type LenderFilter,
  LenderFilterSchema,
  lenderFilterChanges,
  lenderFilterOf,
  matchApplication,
  storedFilterOf,
} from './lender-filter.ts'
import { REGIONS, regionOfPostcode } from './lender-filter-regions.ts'

const filter: LenderFilter = {
  acceptingApplications: true,
  products: ['consumer-loan'],
  minAmount: 2000,
  maxAmount: 30_000,
  minMonths: 12,
  maxMonths: 120,
  minAge: 20,
  maxAge: 70,
  minNetIncome: 1200,
  employmentTypes: ['permanent', 'retired'],
  housingTypes: ['renting', 'self owned'],
  maxUnsecuredDebt: 10_000,
  maxDebtToIncome: 4,
  acceptsPaymentDefaults: false,
  regions: ['uusimaa', 'pirkanmaa'],
  excludedPurposes: ['taxes'],
  dailyCap: 50,
}

const facts: MatchFacts = {
  product: 'consumer-loan',
  amount: 10_000,
  months: 60,
  age: 35,
  monthlyNetIncome: 2500,
  employmentType: 'permanent',
  hasPaymentDefaults: false,
  purpose: 'renovation',
  housing: 'renting',
  region: 'uusimaa',
  unsecuredDebt: 2000,
  debtToIncome: 0.5,
}

const match = (f: LenderFilter, changes: Partial<MatchFacts> = {}) => {
  const stored = storedFilterOf(f, { ...lenderFilterOf({} as LenderCriteria, null), cardTypes: [] })
  return matchLender(stored.criteria, stored.filtering, { ...facts, ...changes })
}

describe('the lender filter schema', () => {
  it('takes a complete filter and refuses a minimum above its maximum, with the field named', () => {
    expect(LenderFilterSchema.safeParse(filter).success).toBe(true)
    const result = LenderFilterSchema.safeParse({ ...filter, minAmount: 40_000, maxAge: 19 })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['maxAmount', 'lenderFiltering.validation.minAboveMax'],
      ['maxAge', 'lenderFiltering.validation.minAboveMax'],
    ])
  })

  it.each([
    [{ products: ['consumer-loan', 'consumer-loan'] }, 'products'],
    [{ employmentTypes: [] }, 'employmentTypes'],
    [{ regions: ['narnia'] }, 'regions.0'],
    [{ dailyCap: 0 }, 'dailyCap'],
    [{ maxDebtToIncome: -1 }, 'maxDebtToIncome'],
    [{ minAge: 101 }, 'minAge'],
    [{ minAmount: 1.5 }, 'minAmount'],
    [{ excludedPurposes: ['gambling'] }, 'excludedPurposes.0'],
  ])('refuses %o at %s, with a catalogue key as the message', (change, path) => {
    const result = LenderFilterSchema.safeParse({ ...filter, ...change })
    expect(result.success).toBe(false)
    const issue = result.error?.issues.find((item) => item.path.join('.') === path)
    expect(issue?.message).toMatch(/^(validation|lenderFiltering)\./)
  })

  it('lets a business-only lender name no employment types', () => {
    expect(
      LenderFilterSchema.safeParse({ ...filter, products: ['business-loan'], employmentTypes: [] }).success,
    ).toBe(true)
  })
})

describe('a lender row as a filter', () => {
  it('keeps every demo lender matching exactly what it matched before (the migration changes nothing)', () => {
    const lenders = [...DEMO_LENDERS, ...DEMO_BUSINESS_LENDERS]
    const cases: MatchFacts[] = []
    for (const product of ['consumer-loan', 'credit-card'] as const)
      for (const amount of [500, 3000, 20_000, 80_000])
        for (const months of [6, 24, 180])
          for (const age of [18, 25, 70, 90])
            for (const employmentType of ['permanent', 'student', 'unemployed'])
              for (const hasPaymentDefaults of [false, true])
                cases.push({
                  ...facts,
                  product,
                  amount,
                  months,
                  age,
                  employmentType,
                  hasPaymentDefaults,
                  monthlyNetIncome: age * 50,
                  cardType: 'visa',
                  region: null,
                  housing: null,
                })
    for (const lender of lenders) {
      const filterOfRow = lenderFilterOf(lender.criteria, DEFAULT_FILTERING)
      expect(LenderFilterSchema.safeParse(filterOfRow).success).toBe(true)
      const stored = storedFilterOf(filterOfRow, lender.criteria)
      // What the filter does not edit (card types, business conditions) stays on the row.
      expect(stored.criteria).toMatchObject(lender.criteria)
      for (const item of cases) {
        expect(matchLender(stored.criteria, stored.filtering, item)).toEqual(
          matchLender(lender.criteria, DEFAULT_FILTERING, item),
        )
      }
    }
  })

  it('reads a row without the newer limits as having none', () => {
    const row = lenderFilterOf(DEMO_LENDERS[0]?.criteria as LenderCriteria, {
      acceptingApplications: false,
      excludedPurposes: ['taxes', 'not-a-purpose'],
    })
    expect(row).toMatchObject({
      acceptingApplications: false,
      maxAge: null,
      housingTypes: [],
      maxUnsecuredDebt: null,
      maxDebtToIncome: null,
      regions: [],
      excludedPurposes: ['taxes'],
      dailyCap: null,
    })
  })
})

describe('matching on the filter', () => {
  it('matches when every limit holds', () => {
    expect(match(filter)).toEqual({ matched: true })
  })

  it.each([
    [{ age: 71 }, 'age'],
    [{ housing: 'parents home' }, 'housing'],
    [{ housing: null }, 'housing'],
    [{ unsecuredDebt: 10_001 }, 'unsecured-debt'],
    [{ debtToIncome: 4.01 }, 'debt-to-income'],
    [{ debtToIncome: null }, 'debt-to-income'],
    [{ region: 'lappi' as const }, 'region'],
    [{ region: null }, 'region'],
    [{ purpose: 'taxes' }, 'purpose'],
  ])('does not match %o (%s)', (change, reason) => {
    expect(match(filter, change)).toEqual({ matched: false, reason })
  })

  it('has no limit where the filter sets none', () => {
    const open: LenderFilter = {
      ...filter,
      maxAge: null,
      housingTypes: [],
      maxUnsecuredDebt: null,
      maxDebtToIncome: null,
      regions: [],
    }
    expect(
      match(open, { age: 99, housing: null, unsecuredDebt: 1e9, debtToIncome: null, region: null }),
    ).toEqual({ matched: true })
  })

  it('sends a business application through the business rules and a person through the consumer ones', () => {
    const business = DEMO_BUSINESS_LENDERS[0]
    if (!business) throw new Error('no demo business lender')
    expect(matchApplication(business.criteria, DEFAULT_FILTERING, { side: 'consumer', facts })).toBe(false)
    const stored = storedFilterOf(filter, {} as LenderCriteria)
    expect(matchApplication(stored.criteria, stored.filtering, { side: 'consumer', facts })).toBe(true)
  })
})

describe('the facts the filter reads from an application', () => {
  const application = {
    loan: { amount: 10_000, period: 5, purpose: 'renovation' },
    applicant: { hetu: '131052-308T', postcode: '33100', housing: 'self owned' },
    work: { employmentType: 'permanent', monthlyGrossIncome: 3000, monthlyNetIncome: 2200, otherIncome: 0 },
    debts: {
      debts: [
        { type: 'unsecured loan', remaining: 4000, monthlyPayment: 150 },
        { type: 'credit card debt', remaining: 1000, monthlyPayment: 50 },
        { type: 'mortgage', remaining: 100_000, monthlyPayment: 700 },
      ],
    },
    hasCoApplicant: true,
    coApplicant: {
      work: { employmentType: 'permanent', monthlyGrossIncome: 2000, monthlyNetIncome: 1500 },
      debts: { debts: [{ type: 'unsecured loan', remaining: 500, monthlyPayment: 40 }] },
    },
  }

  it('counts the household: unsecured debt, and every debt with the credit over a year of gross income', () => {
    const { match: derived } = deriveApplicationFacts('consumer-loan', application, new Date('2026-11-24'))
    expect(derived.region).toBe('pirkanmaa')
    expect(derived.housing).toBe('self owned')
    expect(derived.unsecuredDebt).toBe(5500)
    // (4000 + 1000 + 100 000 + 500 + 10 000) / ((3000 + 2000) × 12)
    expect(derived.debtToIncome).toBeCloseTo(115_500 / 60_000, 10)
  })

  it('has no debt-to-income without income, and no region for a postal code it cannot place', () => {
    const { match: derived } = deriveApplicationFacts(
      'consumer-loan',
      { ...application, applicant: { postcode: 'ABCDE' }, work: {}, hasCoApplicant: false },
      new Date('2026-11-24'),
    )
    expect(derived.debtToIncome).toBeNull()
    expect(derived.region).toBeNull()
  })
})

describe('regions from postal codes', () => {
  it.each([
    ['00100', 'uusimaa'],
    ['02100', 'uusimaa'],
    ['20100', 'varsinais-suomi'],
    ['22100', 'ahvenanmaa'],
    ['28100', 'satakunta'],
    ['13100', 'kanta-hame'],
    ['33100', 'pirkanmaa'],
    ['17800', 'pirkanmaa'],
    ['15100', 'paijat-hame'],
    ['47400', 'paijat-hame'],
    ['48100', 'kymenlaakso'],
    ['53100', 'etela-karjala'],
    ['50100', 'etela-savo'],
    ['70100', 'pohjois-savo'],
    ['80100', 'pohjois-karjala'],
    ['79700', 'pohjois-karjala'],
    ['40100', 'keski-suomi'],
    ['60100', 'etela-pohjanmaa'],
    ['65100', 'pohjanmaa'],
    ['67100', 'keski-pohjanmaa'],
    ['90100', 'pohjois-pohjanmaa'],
    ['87100', 'kainuu'],
    ['96100', 'lappi'],
  ])('places %s in %s', (postcode, region) => {
    expect(regionOfPostcode(postcode)).toBe(region)
  })

  it('places every five-digit code in one of the 19 regions, and nothing else', () => {
    for (let code = 0; code < 100_000; code += 7) {
      expect(REGIONS).toContain(regionOfPostcode(String(code).padStart(5, '0')))
    }
    for (const value of ['1234', '123456', '', 'abcde', null, 12345])
      expect(regionOfPostcode(value)).toBeNull()
  })
})

describe('the version history', () => {
  it('names the fields that changed with both values, lists compared as sets', () => {
    const after: LenderFilter = {
      ...filter,
      minAmount: 3000,
      regions: ['pirkanmaa', 'uusimaa'],
      housingTypes: ['renting'],
      dailyCap: null,
    }
    expect(lenderFilterChanges(filter, after)).toEqual([
      { field: 'minAmount', from: 2000, to: 3000 },
      { field: 'housingTypes', from: ['renting', 'self owned'], to: ['renting'] },
      { field: 'dailyCap', from: 50, to: null },
    ])
    expect(lenderFilterChanges(null, after)).toEqual([])
  })
})
