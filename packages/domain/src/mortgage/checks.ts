import { isSameHetu } from '../application/schemas.ts'
import { roundHalfUp } from '../loan-math.ts'
import { collateralShortfall, maxYears } from './rules.ts'
import type { MortgageApplicationData } from './schemas.ts'
import type { MortgageDataStep } from './steps.ts'

// Issue 16: checks across steps, on the application's data as stored (each step already valid by
// its own schema). Errors stop the step; warnings are shown and the person may go on (the LTV cap
// binds the bank, and a bank may count collateral or a guarantee we do not know of).

export type MortgageWarningKey =
  | 'mortgage.warning.ltvOverCap'
  | 'mortgage.warning.fundingGap'
  | 'mortgage.warning.aspFirstHomeOnly'

export type MortgageProblem = {
  /** The step whose screen shows it. */
  step: MortgageDataStep
  /** The field within the step's data, dotted. */
  path: string
  /** Catalogue key: `mortgage.error.<code>` or `mortgage.warning.<code>`. */
  code: string
  /** The numbers its message needs, by the message's argument names: euros whole, `cap` a fraction, `capPercent` in percent. */
  values?: Record<string, number>
}

export type MortgageCheck = { errors: MortgageProblem[]; warnings: MortgageProblem[] }

/** Purposes that buy a home: the price should be covered by own funds and the loan. */
const PURCHASES = new Set(['first-home', 'next-home', 'holiday-home', 'investment'])

/** Cross-step checks on `today` (the dated rules: maximum period, LTV cap). */
export function checkMortgageApplication(data: MortgageApplicationData, today: Date): MortgageCheck {
  const errors: MortgageProblem[] = []
  const warnings: MortgageProblem[] = []
  const purpose = data['mortgage-application']?.purpose
  const hasCoApplicant = data['mortgage-application']?.hasCoApplicant ?? false

  // The co-applicant is another person.
  const lead = data['personal-information']?.hetu
  const co = data['co-applicant-personal-information']?.hetu
  if (hasCoApplicant && lead && co && isSameHetu(lead, co))
    errors.push({ step: 'co-applicant-personal-information', path: 'hetu', code: 'mortgage.error.sameHetu' })

  // The legal maximum period of the day (the schemas check it on the day they ran).
  const longest = maxYears(today)
  for (const step of ['calculator', 'loan-requirement'] as const) {
    const years = data[step]?.years
    if (years !== undefined && years > longest)
      errors.push({ step, path: 'years', code: 'mortgage.error.yearsRange', values: { max: longest } })
  }

  // Loan-to-value: from the application's own steps, else from the calculator's figures.
  const calculator = data.calculator
  const property = data['property-information']
  const loan = data['loan-requirement']
  const funding = data['funding-proposal']
  const price = property?.price ?? calculator?.price
  const loanAmount = loan?.loanAmount ?? (calculator ? calculator.price - calculator.ownFunds : undefined)
  if (purpose && price !== undefined && loanAmount !== undefined) {
    const aspLoan = funding?.aspSaving ?? false
    const check = collateralShortfall(
      {
        purpose,
        aspLoan,
        price,
        housingCompanyLoanShare: property?.housingCompanyLoanShare ?? 0,
        loanAmount,
        otherCollateralValue: funding?.otherCollateralValue ?? 0,
      },
      today,
    )
    if (check.missingOwnFunds > 0) {
      const values = {
        cap: check.cap,
        // The messages say the cap in percent (90), the euros as whole numbers the translator groups.
        capPercent: roundHalfUp(check.cap * 100, 1),
        maxLoan: check.maxLoan,
        missingOwnFunds: check.missingOwnFunds,
        missingCollateral: check.missingCollateral,
      }
      const shownOn: Array<[MortgageDataStep, string]> = [
        loan ? ['loan-requirement', 'loanAmount'] : ['calculator', 'ownFunds'],
      ]
      if (funding) shownOn.push(['funding-proposal', 'ownFunds'])
      for (const [step, path] of shownOn)
        warnings.push({ step, path, code: 'mortgage.warning.ltvOverCap', values })
    }
  }

  // Buying: the price is covered by own funds and the loan (transfer tax and fees come on top).
  if (purpose && PURCHASES.has(purpose) && property && loan && funding) {
    const gap = property.price - funding.ownFunds - loan.loanAmount
    if (gap > 0)
      warnings.push({
        step: 'funding-proposal',
        path: 'ownFunds',
        code: 'mortgage.warning.fundingGap',
        values: { gap },
      })
  }

  // ASP saving leads to an ASP loan only for a first home.
  if (funding?.aspSaving && purpose && purpose !== 'first-home')
    warnings.push({ step: 'funding-proposal', path: 'aspSaving', code: 'mortgage.warning.aspFirstHomeOnly' })

  return { errors, warnings }
}
