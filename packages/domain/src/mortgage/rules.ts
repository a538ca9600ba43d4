import { finnishDate } from '../finnish-day.ts'

// Issue 16: the Finnish mortgage rules as dated, sourced tables (like credit-caps.ts). A rule
// changes by a new row with its first day; old rows stay so that a past application is judged by
// the rule of its day. Rows whose source was not checked against the official publication say
// NOT CONFIRMED.

export type DatedRule<T> = {
  /** First Finnish calendar day (ISO) the row applies. */
  validFrom: string
  value: T
  /** Where the figure comes from; "NOT CONFIRMED" until checked against the official publication. */
  source: string
}

/** The purposes of a mortgage (the `mortgage-application` step). */
export const MORTGAGE_PURPOSES = [
  'first-home',
  'next-home',
  'holiday-home',
  'investment',
  'renovation',
  'refinancing',
] as const
export type MortgagePurpose = (typeof MORTGAGE_PURPOSES)[number]

/**
 * The ranges the mortgage forms accept (not law: what a Finnish home loan plausibly is, and a
 * bound for hostile input). The calculator's defaults are a typical first-home purchase.
 */
export const MORTGAGE_LIMITS = {
  minPrice: 10_000,
  maxPrice: 10_000_000,
  minLoan: 10_000,
  maxLoan: 2_000_000,
  minYears: 1,
  /** Margins above 5 points are not a home loan's. */
  maxMargin: 0.05,
  defaultPrice: 250_000,
  defaultOwnFunds: 50_000,
  defaultYears: 25,
} as const

export type LtvCaps = {
  /** The cap for a housing loan in general. */
  general: number
  /** The cap for a first home ("ensiasunto"). */
  firstHome: number
  /** The cap for a first home bought with an ASP loan. */
  aspLoan: number
}

/**
 * The loan-to-value cap ("lainakatto", Laki luottolaitostoiminnasta 610/2014, 15 luku 11 §): a
 * housing loan may be at most this share of the fair value of its collateral when drawn. The law's
 * basic level is 90 % and 95 % for a first home; the FIN-FSA board may lower the general cap by up
 * to 10 points as a macroprudential measure. See `LTV_CAP_SOURCES` and ADR 024.
 */
export const LTV_CAPS: ReadonlyArray<DatedRule<LtvCaps>> = [
  {
    validFrom: '2016-07-01',
    value: { general: 0.9, firstHome: 0.95, aspLoan: 0.9 },
    source:
      'Laki luottolaitostoiminnasta 610/2014, 15:11 (basic level 90 %, first home 95 %) in force from 7/2016; ASP loans 90 % (Iltalehti 28.6.2016); start day NOT CONFIRMED against Finlex',
  },
  {
    validFrom: '2018-07-01',
    value: { general: 0.85, firstHome: 0.95, aspLoan: 0.9 },
    source:
      'FIN-FSA macroprudential decision 3/2018: 85 % for other than first homes from 1.7.2018 (Helsinki Times 20.3.2018)',
  },
  {
    validFrom: '2020-07-01',
    value: { general: 0.9, firstHome: 0.95, aspLoan: 0.9 },
    source:
      'FIN-FSA returned the cap to the basic 90 % in June 2020 (FIN-FSA press release 30.9.2020); exact first day NOT CONFIRMED',
  },
  {
    validFrom: '2021-10-01',
    value: { general: 0.85, firstHome: 0.95, aspLoan: 0.9 },
    source: 'FIN-FSA press release 29.6.2021: 85 % for other than first homes from 1.10.2021',
  },
  {
    validFrom: '2023-12-20',
    value: { general: 0.9, firstHome: 0.95, aspLoan: 0.9 },
    source:
      'FIN-FSA restored the basic 90 % (Reuters 20.12.2023; kept on 26.6.2025, FIN-FSA press release 27.6.2025); exact first day NOT CONFIRMED. HE 190/2025 (FIN-FSA may set up to 95 % for all, proposed from 1.4.2026) NOT CONFIRMED as enacted',
  },
]

/**
 * The longest repayment period of a consumer's housing loan, in years (moved here from
 * market-rates.ts, which re-exports it). Before 1.7.2023 the law set no maximum; the table starts
 * there, and earlier days use its first row.
 */
export const MORTGAGE_MAX_YEARS: ReadonlyArray<{ validFrom: string; years: number; source: string }> = [
  {
    validFrom: '2023-07-01',
    years: 30,
    source:
      'HE 101/2022, Kuluttajansuojalaki 7 a luku: 30-year maximum for new housing loans; acts approved 16.2.2023, in force from the beginning of July 2023 (Ministry of Finance press release 16.2.2023). A lender may exceed it in 10 % of its lending. HE 190/2025 (35 years, proposed from 1.4.2026, submitted 11.12.2025) NOT CONFIRMED as enacted: no row until it is',
  },
]

/**
 * The row in force on `date`: the last one whose first day is on or before the Finnish calendar
 * day of `date` (`finnishDate`, never the UTC day). A day before the table uses its first row (no
 * application is dated so).
 */
export function rowInForce<T extends { validFrom: string }>(rows: ReadonlyArray<T>, date: Date): T {
  const day = finnishDate(date)
  const [first] = rows
  if (!first) throw new RangeError('An empty rules table')
  let found = first
  for (const row of rows) if (row.validFrom <= day) found = row
  return found
}

/** The LTV cap on `date` for a loan of this purpose. */
export function ltvCap(purpose: MortgagePurpose, options: { aspLoan: boolean }, date: Date): number {
  const caps = rowInForce(LTV_CAPS, date).value
  if (purpose !== 'first-home') return caps.general
  return options.aspLoan ? caps.aspLoan : caps.firstHome
}

/** The longest lawful repayment period on `date`, in years. */
export function maxYears(date: Date): number {
  return rowInForce(MORTGAGE_MAX_YEARS, date).years
}

export type CollateralInput = {
  purpose: MortgagePurpose
  aspLoan: boolean
  /** The selling price (of the shares or the property), €. */
  price: number
  /** The apartment's share of the housing company's loan, €; 0 for none. */
  housingCompanyLoanShare: number
  loanAmount: number
  /** Other collateral the person offers, at the value a bank would count, €. */
  otherCollateralValue: number
}

export type CollateralCheck = {
  cap: number
  /** price + housing company loan share. */
  debtFreePrice: number
  /** The collateral counted: the debt-free price + other collateral. */
  collateralValue: number
  /** (loan + housing company loan share) / collateral value; 0 with no collateral and no debt. */
  loanToValue: number
  /** The largest loan the cap allows with this collateral, whole euros (never below zero). */
  maxLoan: number
  /** How much the loan is over `maxLoan`: the own funds missing, whole euros. 0 within the cap. */
  missingOwnFunds: number
  /** Or the further collateral (at counted value) that would cover the excess, whole euros. 0 within the cap. */
  missingCollateral: number
}

/**
 * Checks a loan against the LTV cap. The housing company loan share is debt on the home like the
 * loan itself, so it counts on both sides: in the debt-free price (the collateral) and in the debt
 * the cap limits. Euros round in the person's disfavour (the maximum down, what is missing up), so
 * following the figure is enough.
 */
export function collateralShortfall(input: CollateralInput, date: Date): CollateralCheck {
  const cap = ltvCap(input.purpose, { aspLoan: input.aspLoan }, date)
  const debtFreePrice = input.price + input.housingCompanyLoanShare
  const collateralValue = debtFreePrice + input.otherCollateralValue
  const debt = input.loanAmount + input.housingCompanyLoanShare
  const loanToValue = collateralValue > 0 ? debt / collateralValue : debt > 0 ? Number.POSITIVE_INFINITY : 0
  // A tiny tolerance keeps 0.9 × 200 000 at 180 000, not 179 999.99999….
  const maxLoan = Math.max(0, Math.floor(cap * collateralValue - input.housingCompanyLoanShare + 1e-6))
  const excess = Math.max(0, input.loanAmount - maxLoan)
  return {
    cap,
    debtFreePrice,
    collateralValue,
    loanToValue,
    maxLoan,
    missingOwnFunds: Math.ceil(excess),
    // Math.max(0, …) also turns −0 (ceil of a tiny negative) into 0.
    missingCollateral: Math.max(0, Math.ceil(excess / cap - 1e-6)),
  }
}
