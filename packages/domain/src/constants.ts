// spec §9 numbers with our meanings (product-decisions "Numbers").
export const CONSUMER_LOAN_LIMITS = {
  minAmount: 1000,
  maxAmount: 70_000,
  defaultAmount: 20_000,
  minYears: 1,
  maxYears: 20,
  defaultYears: 4,
  amountStep: 500,
} as const

export const SME_LOAN_LIMITS = {
  minAmount: 500,
  maxAmount: 10_000_000,
  defaultAmount: 25_000,
  minMonths: 1,
  maxMonths: 60,
  // spec §9: an amount at or above 100 000 allows a period of 120 (months).
  maxMonthsLarge: 120,
  largeAmountThreshold: 100_000,
  defaultMonths: 6,
} as const
