// Dated, sourced market figures the representative examples of the mortgage and business pages
// are computed from (issue 14 "Truthful pages": an example comes from data, and says which).
// Rates are fractions (0.006 = 0,60 %). Replace a table with a newer survey; keep its date and
// source, which the pages print.

/** A published figure: when it was true and where it is published. */
export type MarketSource = {
  /** The day (ISO) the figures describe. */
  asOf: string
  /** Who published it and what it measures, in English (for the repository; pages name `publisher`). */
  description: string
  /** The publisher as pages name it. */
  publisher: string
  url: string
}

/**
 * New mortgage margins in a broker's survey: nine deposit banks of the Helsinki region quoted an
 * example loan of 150 000 € over 20 years tied to the 12-month Euribor, at their normal collateral
 * valuation. `otherCosts` are the costs other than interest the bank quoted for that loan (opening
 * and billing fees over the term), in euros.
 */
export const MORTGAGE_MARGIN_SURVEY = {
  source: {
    asOf: '2025-10-31',
    description:
      'Etua.fi mortgage comparison, 31.10.2025: nine Helsinki-region banks, 150 000 € / 20 years, 12-month Euribor (press release via STT Info)',
    publisher: 'Etua.fi',
    url: 'https://www.sttinfo.fi/tiedote/71586579/tallaisia-asuntolainoja-pk-seudulla-tarjotaan-talla-hetkella?lang=fi',
  },
  sampleLoan: { amount: 150_000, years: 20 },
  banks: [
    { bank: 'S-Pankki', margin: 0.006, otherCosts: 950 },
    { bank: 'Danske Bank', margin: 0.006, otherCosts: 948 },
    { bank: 'Aktia', margin: 0.006, otherCosts: 952 },
    { bank: 'Nordea', margin: 0.006, otherCosts: 1152 },
    { bank: 'OP Uusimaa', margin: 0.006, otherCosts: 1200 },
    { bank: 'POP Pankki', margin: 0.006, otherCosts: 1350 },
    { bank: 'Nooa Säästöpankki', margin: 0.006, otherCosts: 1450 },
    { bank: 'Hypo', margin: 0.007, otherCosts: 1100 },
    { bank: 'Ålandsbanken', margin: 0.008, otherCosts: 1276 },
  ],
} as const

// The longest mortgage period moved to the mortgage rules (issue 16); re-exported for the pricing profiles.
export { MORTGAGE_MAX_YEARS } from './mortgage/rules.ts'

/**
 * The average margin on Finnish banks' loans to small and medium-sized enterprises (loan stock),
 * most of which are tied to Euribor.
 */
export const SME_LOAN_MARGIN = {
  margin: 0.0151,
  source: {
    asOf: '2025-10-31',
    description:
      'Bank of Finland, MFI balance sheet statistics October 2025: average margin on the SME loan stock 1.51 %',
    publisher: 'Suomen Pankki',
    url: 'https://www.suomenpankki.fi/en/statistics/statistical-news/mfi-balance-sheet/2025/high-volume-of-corporate-loans-drawn-down-from-banks-in-october',
  },
} as const
