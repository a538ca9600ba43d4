// spec §3/§4: the SME application state and its transitions, as a pure reducer. The factoring
// onboarding runs on the same machine with its own steps (invoices take the calculator's place).

export type OnboardingState<Step extends string> = {
  step: Step
  /** A step is being saved on the server (or the application sent). */
  isLoading: boolean
  /** Per cent of the way through the steps, 0–100. */
  progress: number
  /** A catalogue key or a message from the server, shown above the form; null when all is well. */
  error: string | null
  smeApplicationId: string | null
  /** Some step has been saved: the person has begun an application. */
  applicationStarted: boolean
}

export type OnboardingAction<Step extends string> =
  | { type: 'set-initial-step'; step: Step }
  | { type: 'next-step-init' }
  | { type: 'next-step-success'; step: Step }
  | { type: 'next-step-error'; error: string }
  | { type: 'update-progress'; progress: number }
  | { type: 'set-application-id'; id: string }
  /** Back to an earlier step (or to the step of a field the server refused): nothing is saved. */
  | { type: 'go-to-step'; step: Step }
  | { type: 'reset' }

/** How far `step` is along `steps`: the first step 0 %, the last 100 %. */
export function progressOf<Step extends string>(steps: readonly Step[], step: Step): number {
  const index = steps.indexOf(step)
  if (index < 0 || steps.length < 2) return 0
  return Math.round((index / (steps.length - 1)) * 100)
}

export function initialOnboardingState<Step extends string>(
  steps: readonly Step[],
  step: Step = steps[0] as Step,
): OnboardingState<Step> {
  return {
    step,
    isLoading: false,
    progress: progressOf(steps, step),
    error: null,
    smeApplicationId: null,
    applicationStarted: false,
  }
}

/** The reducer for `steps` (SME_ONBOARDING_STEPS or FACTORING_ONBOARDING_STEPS); the first step is the initial one. */
export function onboardingReducer<Step extends string>(steps: readonly Step[]) {
  return (state: OnboardingState<Step>, action: OnboardingAction<Step>): OnboardingState<Step> => {
    switch (action.type) {
      case 'set-initial-step':
        if (!steps.includes(action.step)) return state
        return { ...state, step: action.step, progress: progressOf(steps, action.step) }
      case 'next-step-init':
        return { ...state, isLoading: true }
      case 'next-step-success':
        if (!steps.includes(action.step)) return state
        // spec §4: success clears the error, marks the application started and sets the step.
        return {
          ...state,
          step: action.step,
          isLoading: false,
          error: null,
          applicationStarted: true,
          progress: progressOf(steps, action.step),
        }
      case 'next-step-error':
        return { ...state, isLoading: false, error: action.error }
      case 'update-progress':
        return { ...state, progress: Math.min(100, Math.max(0, Math.round(action.progress))) }
      case 'set-application-id':
        return { ...state, smeApplicationId: action.id }
      case 'go-to-step':
        if (!steps.includes(action.step)) return state
        return { ...state, step: action.step, isLoading: false, progress: progressOf(steps, action.step) }
      case 'reset':
        return initialOnboardingState(steps)
    }
  }
}
