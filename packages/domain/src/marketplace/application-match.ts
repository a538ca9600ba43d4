import { z } from 'zod'
import { CARD_TYPES, type CardType } from '../application/enums.ts'
import { ConsumerLoanApplicationSchema, CreditCardApplicationSchema } from '../application/schemas.ts'
import { ageOn, parseHenkilotunnus } from '../validators.ts'
import type { LenderProduct, MatchFacts } from './criteria.ts'
import { regionOfPostcode } from './lender-filter-regions.ts'

// What the marketplace derives from an application, in one place: the review step's
// preview of the recipients and the distribution of the stored application read the
// same facts from the same data, so the lenders shown before sending are the ones
// that receive it (issue 14, "Truthful pages").

type Section = Record<string, unknown>
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
const section = (value: unknown): Section =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Section) : {}

/**
 * The application as lenders are matched on it: the whole form but the consents, which the
 * review step asks for only after it has shown who would receive the application.
 */
const { consents: _loanConsents, ...loanShape } = ConsumerLoanApplicationSchema.in.shape
const { consents: _cardConsents, ...cardShape } = CreditCardApplicationSchema.shape
export const MATCHED_APPLICATION_SCHEMAS = {
  'consumer-loan': z.object(loanShape, { error: 'validation.required' }),
  'credit-card': z.object(cardShape, { error: 'validation.required' }),
} as const

export type MatchedApplication = z.output<
  (typeof MATCHED_APPLICATION_SCHEMAS)[keyof typeof MATCHED_APPLICATION_SCHEMAS]
>

/** The credit asked for, as stored on the application row: a card's limit over a nominal year. */
export function requestedCredit(
  kind: LenderProduct,
  application: Section,
): { amount: number; periodMonths: number; purpose: string | null } {
  if (kind === 'credit-card') return { amount: num(application.limitWished), periodMonths: 12, purpose: null }
  const loan = section(application.loan)
  return {
    amount: num(loan.amount),
    periodMonths: num(loan.period) * 12,
    purpose: typeof loan.purpose === 'string' ? loan.purpose : null,
  }
}

const cardTypeOf = (value: unknown): CardType | null =>
  (CARD_TYPES as readonly unknown[]).includes(value) ? (value as CardType) : null

function debtPayments(debts: unknown): number {
  const list = section(debts).debts
  return Array.isArray(list)
    ? list.reduce((sum: number, debt) => sum + num(section(debt).monthlyPayment), 0)
    : 0
}

/** Debt types without security: what a lender's limit on existing unsecured debt counts (issue 17). */
const UNSECURED_DEBT_TYPES: readonly unknown[] = ['credit card debt', 'unsecured loan']

/** The remaining balance of the debts listed, of the given types (all when none given). */
function debtRemaining(debts: unknown, types?: readonly unknown[]): number {
  const list = section(debts).debts
  return Array.isArray(list)
    ? list
        .map(section)
        .filter((debt) => !types || types.includes(debt.type))
        .reduce((sum: number, debt) => sum + num(debt.remaining), 0)
    : 0
}

export type DerivedFacts = {
  /** What lenders' criteria and filtering are matched on. */
  match: MatchFacts
  household: {
    size: number
    housingCostsPerMonth: number
    existingDebtPayments: number
    hasPaymentDefaults: boolean
  }
  hasCoApplicant: boolean
}

/**
 * The facts of an application in the shape the form submits it (validated, or read back from
 * the stored rows with the main applicant's identity number decrypted): age on `now`, incomes,
 * debts, and the credit asked for. Pure; missing or mistyped values count as nothing.
 */
export function deriveApplicationFacts(kind: LenderProduct, application: Section, now: Date): DerivedFacts {
  const applicant = section(application.applicant)
  const work = section(application.work)
  const co = application.hasCoApplicant === true ? section(application.coApplicant) : null
  const birth = typeof applicant.hetu === 'string' ? parseHenkilotunnus(applicant.hetu)?.birthDate : undefined
  const hasPaymentDefaults =
    section(application.debts).paymentDefaults === true || section(co?.debts).paymentDefaults === true
  const { amount, periodMonths, purpose } = requestedCredit(kind, application)
  // Issue 17: the household's debts and gross income, for lenders' debt limits (co-applicant included).
  const grossIncome =
    num(work.monthlyGrossIncome) +
    num(work.otherIncome) +
    (co ? num(section(co.work).monthlyGrossIncome) + num(section(co.work).otherIncome) : 0)
  const allDebt = debtRemaining(application.debts) + (co ? debtRemaining(co.debts) : 0)
  return {
    match: {
      product: kind,
      amount,
      months: periodMonths,
      age: birth ? ageOn(birth, now) : 0,
      monthlyNetIncome: num(work.monthlyNetIncome) + num(work.otherIncome),
      employmentType: typeof work.employmentType === 'string' ? work.employmentType : 'unknown',
      hasPaymentDefaults,
      purpose,
      cardType: kind === 'credit-card' ? cardTypeOf(application.cardTypePreference) : null,
      housing: typeof applicant.housing === 'string' ? applicant.housing : null,
      region: regionOfPostcode(applicant.postcode),
      unsecuredDebt:
        debtRemaining(application.debts, UNSECURED_DEBT_TYPES) +
        (co ? debtRemaining(co.debts, UNSECURED_DEBT_TYPES) : 0),
      debtToIncome: grossIncome > 0 ? (allDebt + amount) / (grossIncome * 12) : null,
    },
    household: {
      size: Math.max(1, num(applicant.adults) + num(applicant.children)),
      housingCostsPerMonth: num(applicant.housingCostsPerMonth),
      existingDebtPayments: debtPayments(application.debts) + (co ? debtPayments(co.debts) : 0),
      hasPaymentDefaults,
    },
    hasCoApplicant: co !== null,
  }
}
