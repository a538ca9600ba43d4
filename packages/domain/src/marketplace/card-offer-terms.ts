import type { CardType } from '../application/enums.ts'
import { type CapViolation, checkConsumerCaps } from '../credit-caps.ts'
import { type LoanCost, type LoanCostProblem, priceLoan, roundHalfUp } from '../loan-math.ts'

// Credit-card offers (issue 14): the card issuer sends the card's terms; the representative example
// and every figure derived from it are computed here, as for loans (offer-terms.ts).

/** What a card issuer sends: terms only. */
export type CardOfferTerms = {
  cardType: CardType
  /** The credit limit in euros. */
  creditLimit: number
  /** Annual nominal rate as a fraction (0.159 = 15,9 %). */
  nominalRate: number
  /** Charged once a year; the first one when the card is issued. */
  annualFee: number
  monthlyFee: number
  /** Days from a purchase to its due date without interest (shown, not priced: see below). */
  gracePeriodDays: number
}

/**
 * regulation.md, APR: "Revolving credit/cards without a fixed amount: assume 1 500 € drawn at once,
 * repaid in 12 equal monthly instalments" — or the whole limit when it is smaller.
 */
export const CARD_EXAMPLE_DRAWN = 1500
export const CARD_EXAMPLE_MONTHS = 12

export function cardExampleAmount(creditLimit: number): number {
  return roundHalfUp(Math.min(CARD_EXAMPLE_DRAWN, creditLimit), 2)
}

/** The representative example of a card: the drawn amount's instalments, APR and totals. */
export type CardExample = LoanCost & { exampleAmount: number }

export type CardOfferEvaluation =
  | { ok: true; example: CardExample }
  | { ok: false; violations: CapViolation[] }
  | { ok: false; problem: LoanCostProblem }

/**
 * The example as the directive's assumption describes it: the drawn amount is credit from day one
 * and repaid in 12 equal instalments, so interest runs from the draw and the grace period (which
 * only spares purchases paid in full by the due date) does not lower it. The annual fee is paid when
 * the card is issued (a payment at t = 0, Annex I); a monthly fee rides on every instalment.
 */
export function cardExampleTerms(terms: CardOfferTerms) {
  return {
    amount: cardExampleAmount(terms.creditLimit),
    months: CARD_EXAMPLE_MONTHS,
    nominalRate: terms.nominalRate,
    openingFee: terms.annualFee,
    monthlyFee: terms.monthlyFee,
    feeFinanced: false,
  }
}

function termsProblem(terms: CardOfferTerms): boolean {
  const { creditLimit, annualFee, monthlyFee, gracePeriodDays, nominalRate } = terms
  return !(
    Number.isFinite(creditLimit) &&
    creditLimit > 0 &&
    Number.isFinite(nominalRate) &&
    nominalRate >= 0 &&
    Number.isFinite(annualFee) &&
    annualFee >= 0 &&
    Number.isFinite(monthlyFee) &&
    monthlyFee >= 0 &&
    Number.isInteger(gracePeriodDays) &&
    gracePeriodDays >= 0
  )
}

/**
 * Prices a card offer (the representative example) and checks it against the consumer-credit caps
 * in force on `date`. The caps (Kuluttajansuojalaki 7:17 a) measure other costs against "the
 * credit": for a card that is the credit granted, the limit, not the example's drawn amount — so
 * the annual fee and twelve monthly fees together are held to 0,01 %/day of the limit and 150 € a
 * year. An offer over a cap, or one with no price, is never stored or shown.
 */
export function evaluateCardOffer(terms: CardOfferTerms, date: Date = new Date()): CardOfferEvaluation {
  if (termsProblem(terms)) return { ok: false, problem: 'INVALID_TERMS' }
  const caps = checkConsumerCaps(
    {
      amount: terms.creditLimit,
      months: CARD_EXAMPLE_MONTHS,
      nominalRate: terms.nominalRate,
      openingFee: terms.annualFee,
      monthlyFee: terms.monthlyFee,
      feeFinanced: false,
    },
    date,
  )
  if (!caps.ok) return { ok: false, violations: caps.violations }
  const example = cardExampleTerms(terms)
  const priced = priceLoan(example)
  if (!priced.ok) return { ok: false, problem: priced.problem }
  return { ok: true, example: { ...priced.cost, exampleAmount: example.amount } }
}
