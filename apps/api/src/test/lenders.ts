import { randomUUID } from 'node:crypto'
import type { schema } from '@lainava/db'
import type { LenderCriteria, SandboxPricing } from '@lainava/domain'

/** Criteria that every test application meets. */
export const BROAD_CRITERIA: LenderCriteria = {
  products: ['consumer-loan', 'credit-card'],
  minAmount: 500,
  maxAmount: 70_000,
  minMonths: 12,
  maxMonths: 240,
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
}

export const ZERO_DELAY_PRICING: SandboxPricing = {
  baseMargin: 3,
  openingFee: 50,
  monthlyFee: 3,
  maxDebtServiceRatio: 0.6,
  delaySeconds: 0,
}

/** A lender row for tests: a sandbox lender that takes any application unless told otherwise. */
export function lenderRow(
  overrides: Partial<typeof schema.lenders.$inferInsert> & { name: string },
): typeof schema.lenders.$inferInsert {
  return {
    slug: `test-${randomUUID()}`,
    description: 'Test lender',
    criteria: BROAD_CRITERIA,
    filtering: { acceptingApplications: true, excludedPurposes: [] },
    sandbox: ZERO_DELAY_PRICING,
    ...overrides,
  }
}
