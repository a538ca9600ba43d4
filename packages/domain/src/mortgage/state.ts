import type { FieldProblem } from '../api-error.ts'
import {
  FIRST_MORTGAGE_STEP,
  isCoApplicantStep,
  type MortgageStep,
  previousStep,
  progressOf,
} from './steps.ts'

// Issue 16, spec §3 and §4: the mortgage application's state as a pure reducer, for the web form
// (and any other client). Side effects (saving a step, starting the application) happen outside;
// their outcome comes in as an action.

/** An API error as the state keeps it: the one error body of ADR 016. */
export type MortgageStateError = {
  code: string
  message: string
  fields: FieldProblem[]
  requestId?: string
}

export type MortgageApplicationState = {
  step: MortgageStep
  isLoading: boolean
  /** 0–100 along the person's path (the co-applicant steps count only with a co-applicant). */
  progress: number
  error: MortgageStateError | null
  mortgageApplicationId: string | null
  /** A bank's address to call back after the applicant's steps there (allowed hosts only; checked by the API). */
  callbackUrl: string | null
  /** Where a bank sends the applicant back to. */
  redirectionUrl: string | null
  applicationStarted: boolean
  hasCoApplicant: boolean
}

export type MortgageAction =
  | { type: 'next/init' }
  | { type: 'next/success'; step: MortgageStep }
  | { type: 'next/error'; error: MortgageStateError }
  | { type: 'back'; step: MortgageStep }
  | { type: 'setCoApplicant'; hasCoApplicant: boolean }
  | {
      type: 'started'
      mortgageApplicationId: string
      callbackUrl?: string | null
      redirectionUrl?: string | null
    }
  | { type: 'reset' }

export const initialMortgageState: Readonly<MortgageApplicationState> = Object.freeze({
  step: FIRST_MORTGAGE_STEP,
  isLoading: false,
  progress: 0,
  error: null,
  mortgageApplicationId: null,
  callbackUrl: null,
  redirectionUrl: null,
  applicationStarted: false,
  hasCoApplicant: false,
})

/** The state after `action`; never changes `state` itself. */
export function mortgageReducer(
  state: MortgageApplicationState,
  action: MortgageAction,
): MortgageApplicationState {
  switch (action.type) {
    case 'next/init':
      return { ...state, isLoading: true }
    case 'next/success':
      return {
        ...state,
        step: action.step,
        isLoading: false,
        error: null,
        applicationStarted: true,
        progress: progressOf(action.step, state.hasCoApplicant),
      }
    case 'next/error':
      // The person stays on the step and sees what went wrong.
      return { ...state, isLoading: false, error: action.error }
    case 'back':
      return {
        ...state,
        step: action.step,
        isLoading: false,
        error: null,
        progress: progressOf(action.step, state.hasCoApplicant),
      }
    case 'setCoApplicant': {
      const { hasCoApplicant } = action
      // Standing on a co-applicant step when the co-applicant is removed: back to the last step still on the path.
      const step =
        !hasCoApplicant && isCoApplicantStep(state.step)
          ? (previousStep(state.step, false) ?? FIRST_MORTGAGE_STEP)
          : state.step
      return { ...state, hasCoApplicant, step, progress: progressOf(step, hasCoApplicant) }
    }
    case 'started':
      return {
        ...state,
        mortgageApplicationId: action.mortgageApplicationId,
        callbackUrl: action.callbackUrl === undefined ? state.callbackUrl : action.callbackUrl,
        redirectionUrl: action.redirectionUrl === undefined ? state.redirectionUrl : action.redirectionUrl,
      }
    case 'reset':
      return { ...initialMortgageState }
  }
}
