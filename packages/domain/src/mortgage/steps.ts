// Issue 16, spec §4: the mortgage application's steps in order. The five co-applicant steps are
// asked only when the application has a co-applicant. No zod here: the web form's state machine
// loads this without the schemas.

export const MORTGAGE_STEPS = [
  'calculator',
  'mortgage-application',
  'personal-information',
  'property-information',
  'loan-requirement',
  'funding-proposal',
  'details-of-lead-applicant',
  'household-information',
  'work-details',
  'income-and-wealth',
  'other-loans',
  'co-applicant-personal-information',
  'co-applicant-details',
  'co-applicant-work-details',
  'co-applicant-income-and-wealth',
  'co-applicant-other-loans',
  'identify',
] as const
export type MortgageStep = (typeof MORTGAGE_STEPS)[number]

export const CO_APPLICANT_STEPS = [
  'co-applicant-personal-information',
  'co-applicant-details',
  'co-applicant-work-details',
  'co-applicant-income-and-wealth',
  'co-applicant-other-loans',
] as const satisfies readonly MortgageStep[]
export type CoApplicantStep = (typeof CO_APPLICANT_STEPS)[number]

/** The steps that carry data (identify's result comes from strong identification, not a form). */
export const MORTGAGE_DATA_STEPS = MORTGAGE_STEPS.filter(
  (step): step is Exclude<MortgageStep, 'identify'> => step !== 'identify',
)
export type MortgageDataStep = Exclude<MortgageStep, 'identify'>

export const FIRST_MORTGAGE_STEP: MortgageStep = 'calculator'
export const LAST_MORTGAGE_STEP: MortgageStep = 'identify'

export function isMortgageStep(value: unknown): value is MortgageStep {
  return typeof value === 'string' && (MORTGAGE_STEPS as readonly string[]).includes(value)
}

export function isCoApplicantStep(step: MortgageStep): step is CoApplicantStep {
  return (CO_APPLICANT_STEPS as readonly string[]).includes(step)
}

const WITH_CO_APPLICANT: readonly MortgageStep[] = MORTGAGE_STEPS
const WITHOUT_CO_APPLICANT: readonly MortgageStep[] = MORTGAGE_STEPS.filter(
  (step) => !isCoApplicantStep(step),
)

/** The steps a person goes through, in order. */
export function stepsFor(hasCoApplicant: boolean): readonly MortgageStep[] {
  return hasCoApplicant ? WITH_CO_APPLICANT : WITHOUT_CO_APPLICANT
}

/**
 * The step after `step` on this path, or null after the last. A co-applicant step on a path
 * without a co-applicant (the person just said there is none) continues with the step after it.
 */
export function nextStep(step: MortgageStep, hasCoApplicant: boolean): MortgageStep | null {
  const path = stepsFor(hasCoApplicant)
  for (let index = MORTGAGE_STEPS.indexOf(step) + 1; index < MORTGAGE_STEPS.length; index++) {
    const candidate = MORTGAGE_STEPS[index]
    if (candidate && path.includes(candidate)) return candidate
  }
  return null
}

/** The step before `step` on this path, or null before the first. */
export function previousStep(step: MortgageStep, hasCoApplicant: boolean): MortgageStep | null {
  const path = stepsFor(hasCoApplicant)
  for (let index = MORTGAGE_STEPS.indexOf(step) - 1; index >= 0; index--) {
    const candidate = MORTGAGE_STEPS[index]
    if (candidate && path.includes(candidate)) return candidate
  }
  return null
}

/**
 * How far along the path `step` is, 0 (calculator) to 100 (identify), a whole percent. A step
 * not on the path counts as the last step on the path before it.
 */
export function progressOf(step: MortgageStep, hasCoApplicant: boolean): number {
  const path = stepsFor(hasCoApplicant)
  let position = path.indexOf(step)
  if (position < 0) {
    const before = previousStep(step, hasCoApplicant)
    position = before ? path.indexOf(before) : 0
  }
  return Math.round((position / (path.length - 1)) * 100)
}
