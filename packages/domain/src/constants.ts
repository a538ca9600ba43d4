// Calculator and form limits: the numbers of spec §9 with the meanings decided in
// product-decisions.md ("Numbers").
export const CONSUMER_LOAN_LIMITS = {
  minAmount: 1000,
  maxAmount: 70_000,
  defaultAmount: 20_000,
  minYears: 1,
  maxYears: 20,
  defaultYears: 4,
  amountStep: 500,
} as const

// The API also serves these from its config (sme_min_amount … sme_max_period, product-decisions.md).
export const SME_LOAN_LIMITS = {
  minAmount: 500,
  maxAmount: 10_000_000,
  defaultAmount: 25_000,
  minMonths: 1,
  maxMonths: 60,
  // spec §9: an amount at or above 100 000 € allows a period of 120 months.
  maxMonthsLarge: 120,
  largeAmountThreshold: 100_000,
  defaultMonths: 6,
} as const
