import type { LenderCriteria } from '../marketplace/criteria.ts'
import type { SandboxPricing } from '../marketplace/sandbox-lender.ts'
import type { MortgageBankCriteria, MortgageBankPricing } from './bank-pricing.ts'

// Issue 16: the fictional sandbox mortgage banks a new database gets (packages/db seed), beside the
// consumer and business demo lenders. Every name is fictional. They take no consumer or business
// applications (no products); their mortgage criteria and pricing are `criteria.mortgage` and
// `sandbox.mortgage` (bank-pricing.ts). Margins are around the Finnish banks' home-loan margins of
// late 2025 (MORTGAGE_MARGIN_SURVEY: about 0,5–0,9 points over the 12-month Euribor); the answers
// come over hours to days, as banks' do (ADR 027).

export type DemoMortgageBank = {
  slug: string
  name: string
  description: string
  criteria: LenderCriteria & { mortgage: MortgageBankCriteria }
  sandbox: SandboxPricing & { mortgage: MortgageBankPricing }
}

function bank(input: {
  slug: string
  name: string
  description: string
  mortgage: MortgageBankCriteria
  pricing: MortgageBankPricing
}): DemoMortgageBank {
  return {
    slug: input.slug,
    name: input.name,
    description: input.description,
    criteria: {
      // No consumer or business products: the mortgage side matches on `mortgage` alone.
      products: [],
      minAmount: input.mortgage.minLoan,
      maxAmount: input.mortgage.maxLoan,
      minMonths: 12,
      maxMonths: input.mortgage.maxYears * 12,
      minAge: 18,
      minNetIncome: input.mortgage.minNetIncome,
      employmentTypes: [],
      acceptsPaymentDefaults: false,
      mortgage: input.mortgage,
    },
    sandbox: {
      baseMargin: input.pricing.marginBands[0]?.margin ?? 0,
      openingFee: input.pricing.openingFee,
      monthlyFee: input.pricing.monthlyFee,
      maxDebtServiceRatio: input.mortgage.maxStressedDebtService,
      // The mortgage timeline decides when a bank answers (sandbox.mortgage.timeline).
      delaySeconds: 0,
      mortgage: input.pricing,
    },
  }
}

const EARLY_REPAYMENT_EURIBOR =
  'Laina on maksettavissa ennenaikaisesti ilman korvausta, kun korko on sidottu 12 kuukauden Euriboriin; pankki perii käsittelymaksun 50 €.'
const EARLY_REPAYMENT_FIXED =
  'Kiinteän koron aikana ennenaikaisesta maksusta peritään pankin korkoerokorvaus (laskettu korkotason muutoksesta), enintään laissa sallittu.'

export const DEMO_MORTGAGE_BANKS: readonly DemoMortgageBank[] = [
  bank({
    slug: 'kotisatama-pankki',
    name: 'Kotisatama Pankki',
    description: 'Asuntolainoja ensiasunnon ostajille ja kodinvaihtajille koko Suomessa.',
    mortgage: {
      minLoan: 20_000,
      maxLoan: 1_000_000,
      maxYears: 30,
      minNetIncome: 1_800,
      maxDebtToIncome: 5,
      maxStressedDebtService: 0.6,
      excludedPurposes: [],
      excludedEmployment: ['unemployed', 'student'],
    },
    pricing: {
      marginBands: [
        { maxLtv: 0.6, margin: 0.0045 },
        { maxLtv: 0.8, margin: 0.0055 },
        { maxLtv: 1, margin: 0.0068 },
      ],
      incomeDiscount: { minNetIncome: 7_000, margin: 0.0005 },
      fixedPremium: { 3: 0.003, 5: 0.0045, 10: 0.0075 },
      openingFee: 750,
      monthlyFee: 3,
      valuationFee: 0,
      collateralFee: 75,
      earlyRepayment: `${EARLY_REPAYMENT_EURIBOR} ${EARLY_REPAYMENT_FIXED}`,
      insuranceRequired: false,
      validDays: 30,
      infoRequestShare: 0.35,
      timeline: { processingHours: 0.5, infoRequestHours: 5, answerHours: [20, 48] },
    },
  }),
  bank({
    slug: 'tupa-osuuspankki',
    name: 'Tupa Osuuspankki',
    description: 'Osuuspankin asuntolainat edullisella marginaalilla, kun omarahoitusta on reilusti.',
    mortgage: {
      minLoan: 30_000,
      maxLoan: 800_000,
      maxYears: 30,
      minNetIncome: 2_200,
      maxDebtToIncome: 4.5,
      maxStressedDebtService: 0.55,
      excludedPurposes: ['investment'],
      excludedEmployment: ['unemployed', 'student', 'fixed-term'],
    },
    pricing: {
      marginBands: [
        { maxLtv: 0.5, margin: 0.0039 },
        { maxLtv: 0.75, margin: 0.0052 },
        { maxLtv: 1, margin: 0.0075 },
      ],
      incomeDiscount: { minNetIncome: 6_000, margin: 0.0007 },
      fixedPremium: { 3: 0.0028, 5: 0.004, 10: 0.007 },
      openingFee: 500,
      monthlyFee: 2.5,
      valuationFee: 150,
      collateralFee: 75,
      earlyRepayment: `${EARLY_REPAYMENT_EURIBOR} ${EARLY_REPAYMENT_FIXED}`,
      insuranceRequired: false,
      validDays: 45,
      infoRequestShare: 0.5,
      timeline: { processingHours: 2, infoRequestHours: 8, answerHours: [24, 60] },
    },
  }),
  bank({
    slug: 'revontuli-hypoteekki',
    name: 'Revontuli Hypoteekki',
    description: 'Asuntolainoja myös sijoitusasuntoihin ja vapaa-ajan asuntoihin.',
    mortgage: {
      minLoan: 50_000,
      maxLoan: 2_000_000,
      maxYears: 25,
      minNetIncome: 2_500,
      maxDebtToIncome: 5.5,
      maxStressedDebtService: 0.6,
      excludedPurposes: [],
      excludedEmployment: ['unemployed'],
    },
    pricing: {
      marginBands: [
        { maxLtv: 0.6, margin: 0.0055 },
        { maxLtv: 0.8, margin: 0.007 },
        { maxLtv: 1, margin: 0.009 },
      ],
      incomeDiscount: { minNetIncome: 8_000, margin: 0.001 },
      fixedPremium: { 3: 0.0035, 5: 0.005, 10: 0.008 },
      openingFee: 950,
      monthlyFee: 0,
      valuationFee: 250,
      collateralFee: 75,
      earlyRepayment: `${EARLY_REPAYMENT_EURIBOR} ${EARLY_REPAYMENT_FIXED}`,
      insuranceRequired: true,
      validDays: 30,
      infoRequestShare: 0.25,
      timeline: { processingHours: 1, infoRequestHours: 6, answerHours: [12, 36] },
    },
  }),
  bank({
    slug: 'lahde-saastopankki',
    name: 'Lähde Säästöpankki',
    description: 'Paikallinen säästöpankki: asuntolainat, ASP-lainat ja valtiontakaus.',
    mortgage: {
      minLoan: 10_000,
      maxLoan: 600_000,
      maxYears: 30,
      minNetIncome: 1_500,
      maxDebtToIncome: 4.5,
      maxStressedDebtService: 0.6,
      excludedPurposes: ['investment', 'holiday-home'],
      excludedEmployment: ['unemployed'],
    },
    pricing: {
      marginBands: [
        { maxLtv: 0.7, margin: 0.005 },
        { maxLtv: 1, margin: 0.0065 },
      ],
      incomeDiscount: { minNetIncome: 5_000, margin: 0.0005 },
      fixedPremium: { 3: 0.0032, 5: 0.0048, 10: 0.0078 },
      openingFee: 400,
      monthlyFee: 4,
      valuationFee: 0,
      collateralFee: 75,
      earlyRepayment: `${EARLY_REPAYMENT_EURIBOR} ${EARLY_REPAYMENT_FIXED}`,
      insuranceRequired: false,
      validDays: 30,
      infoRequestShare: 0.4,
      timeline: { processingHours: 3, infoRequestHours: 12, answerHours: [30, 72] },
    },
  }),
  bank({
    slug: 'aalto-asuntorahoitus',
    name: 'Aalto Asuntorahoitus',
    description: 'Digitaalinen asuntorahoittaja: nopea vastaus, kiinteä korko 3, 5 tai 10 vuodeksi.',
    mortgage: {
      minLoan: 40_000,
      maxLoan: 700_000,
      maxYears: 30,
      minNetIncome: 2_000,
      maxDebtToIncome: 5,
      maxStressedDebtService: 0.5,
      excludedPurposes: ['renovation'],
      excludedEmployment: ['unemployed', 'student', 'retired'],
    },
    pricing: {
      marginBands: [
        { maxLtv: 0.6, margin: 0.0049 },
        { maxLtv: 0.85, margin: 0.006 },
        { maxLtv: 1, margin: 0.0079 },
      ],
      incomeDiscount: { minNetIncome: 6_500, margin: 0.0006 },
      fixedPremium: { 3: 0.0025, 5: 0.0038, 10: 0.0065 },
      openingFee: 0,
      monthlyFee: 5,
      valuationFee: 200,
      collateralFee: 0,
      earlyRepayment: `${EARLY_REPAYMENT_EURIBOR} ${EARLY_REPAYMENT_FIXED}`,
      insuranceRequired: false,
      validDays: 21,
      infoRequestShare: 0.2,
      timeline: { processingHours: 0.25, infoRequestHours: 2, answerHours: [4, 18] },
    },
  }),
]
