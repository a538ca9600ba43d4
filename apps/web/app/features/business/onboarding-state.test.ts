import { FACTORING_ONBOARDING_STEPS, SME_ONBOARDING_STEPS } from '@lainava/domain/application/business'
import { describe, expect, it } from 'vitest'
import { initialOnboardingState, onboardingReducer, progressOf } from './onboarding-state.ts'

const reduce = onboardingReducer(SME_ONBOARDING_STEPS)
const initial = initialOnboardingState(SME_ONBOARDING_STEPS)

describe('the SME onboarding state (spec §3, §4)', () => {
  it('starts at the calculator with nothing loading, no error, no id and nothing started', () => {
    expect(initial).toEqual({
      step: 'calculator',
      isLoading: false,
      progress: 0,
      error: null,
      smeApplicationId: null,
      applicationStarted: false,
    })
  })

  it('takes a settable initial step (a resumed draft) without marking the application started', () => {
    const state = reduce(initial, { type: 'set-initial-step', step: 'company-details' })
    expect(state.step).toBe('company-details')
    expect(state.progress).toBe(67)
    expect(state.applicationStarted).toBe(false)
  })

  it('walks every step: init sets loading, success clears the error, starts the application and moves on', () => {
    let state = reduce(initial, { type: 'next-step-error', error: 'form.submitFailed' })
    const seen: Array<[string, number]> = []
    for (const step of SME_ONBOARDING_STEPS.slice(1)) {
      state = reduce(state, { type: 'next-step-init' })
      expect(state.isLoading).toBe(true)
      state = reduce(state, { type: 'next-step-success', step })
      expect(state).toMatchObject({ step, isLoading: false, error: null, applicationStarted: true })
      seen.push([state.step, state.progress])
    }
    expect(seen).toEqual([
      ['email-and-terms', 33],
      ['company-details', 67],
      ['success', 100],
    ])
  })

  it('keeps the step on an error, stores the error and stops loading', () => {
    const loading = reduce(reduce(initial, { type: 'next-step-success', step: 'email-and-terms' }), {
      type: 'next-step-init',
    })
    const failed = reduce(loading, { type: 'next-step-error', error: 'business.saveFailed' })
    expect(failed).toMatchObject({ step: 'email-and-terms', isLoading: false, error: 'business.saveFailed' })
  })

  it('updates the progress within 0–100 and sets the application id', () => {
    expect(reduce(initial, { type: 'update-progress', progress: 50.4 }).progress).toBe(50)
    expect(reduce(initial, { type: 'update-progress', progress: 140 }).progress).toBe(100)
    expect(reduce(initial, { type: 'update-progress', progress: -3 }).progress).toBe(0)
    expect(reduce(initial, { type: 'set-application-id', id: 'app-1' }).smeApplicationId).toBe('app-1')
  })

  it('goes back to an earlier step keeping the error and the started mark as they were', () => {
    const started = reduce(initial, { type: 'next-step-success', step: 'company-details' })
    const back = reduce(started, { type: 'go-to-step', step: 'calculator' })
    expect(back).toMatchObject({
      step: 'calculator',
      progress: 0,
      applicationStarted: true,
      isLoading: false,
    })
  })

  it('resets to the initial state from anywhere', () => {
    let state = reduce(initial, { type: 'set-initial-step', step: 'company-details' })
    state = reduce(state, { type: 'set-application-id', id: 'app-1' })
    state = reduce(state, { type: 'next-step-success', step: 'success' })
    state = reduce(state, { type: 'next-step-error', error: 'x' })
    expect(reduce(state, { type: 'reset' })).toEqual(initial)
  })

  it('ignores a step that is not one of its own', () => {
    const state = reduce(initial, { type: 'set-initial-step', step: 'invoices' as never })
    expect(state).toBe(initial)
    expect(reduce(initial, { type: 'next-step-success', step: 'nowhere' as never })).toBe(initial)
  })
})

describe('the factoring onboarding on the same machine', () => {
  it('starts at the invoices and counts its own progress', () => {
    const reduceFactoring = onboardingReducer(FACTORING_ONBOARDING_STEPS)
    const start = initialOnboardingState(FACTORING_ONBOARDING_STEPS)
    expect(start.step).toBe('invoices')
    expect(reduceFactoring(start, { type: 'next-step-success', step: 'email-and-terms' }).progress).toBe(33)
    expect(progressOf(FACTORING_ONBOARDING_STEPS, 'success')).toBe(100)
    expect(reduceFactoring(start, { type: 'reset' })).toEqual(start)
  })
})
