import { describe, expect, it } from 'vitest'
import {
  initialMortgageState,
  type MortgageAction,
  type MortgageApplicationState,
  type MortgageStateError,
  mortgageReducer,
} from './state.ts'
import {
  CO_APPLICANT_STEPS,
  isMortgageStep,
  MORTGAGE_DATA_STEPS,
  MORTGAGE_STEPS,
  nextStep,
  previousStep,
  progressOf,
  stepsFor,
} from './steps.ts'

const run = (actions: MortgageAction[], from: MortgageApplicationState = initialMortgageState) =>
  actions.reduce(mortgageReducer, from)

const apiError: MortgageStateError = {
  code: 'VALIDATION_FAILED',
  message: 'Tarkista merkityt kentät.',
  fields: [{ path: 'body.price', code: 'mortgage.error.moneyRange', message: 'Anna summa euroina.' }],
}

describe('mortgage steps (spec §4)', () => {
  it('are the spec’s 17 steps in its order, calculator first and identify last', () => {
    expect(MORTGAGE_STEPS).toHaveLength(17)
    expect(MORTGAGE_STEPS[0]).toBe('calculator')
    expect(MORTGAGE_STEPS.at(-1)).toBe('identify')
    expect(MORTGAGE_STEPS.indexOf('other-loans') + 1).toBe(
      MORTGAGE_STEPS.indexOf('co-applicant-personal-information'),
    )
    expect(MORTGAGE_DATA_STEPS).not.toContain('identify')
    expect(MORTGAGE_DATA_STEPS).toHaveLength(16)
  })

  it('leave out the five co-applicant steps without a co-applicant', () => {
    expect(stepsFor(true)).toEqual(MORTGAGE_STEPS)
    const alone = stepsFor(false)
    expect(alone).toHaveLength(12)
    for (const step of CO_APPLICANT_STEPS) expect(alone).not.toContain(step)
  })

  it('go from other-loans to the co-applicant with one, and straight to identify without', () => {
    expect(nextStep('other-loans', true)).toBe('co-applicant-personal-information')
    expect(nextStep('other-loans', false)).toBe('identify')
    expect(nextStep('co-applicant-other-loans', true)).toBe('identify')
    expect(previousStep('identify', true)).toBe('co-applicant-other-loans')
    expect(previousStep('identify', false)).toBe('other-loans')
    expect(previousStep('co-applicant-personal-information', true)).toBe('other-loans')
  })

  it('walk the whole path forwards and backwards, with nothing before the first or after the last', () => {
    for (const hasCoApplicant of [true, false]) {
      const path = stepsFor(hasCoApplicant)
      const forwards = ['calculator' as const]
      for (let step = nextStep('calculator', hasCoApplicant); step; step = nextStep(step, hasCoApplicant))
        forwards.push(step as never)
      expect(forwards).toEqual(path)
      expect(previousStep('calculator', hasCoApplicant)).toBeNull()
      expect(nextStep('identify', hasCoApplicant)).toBeNull()
    }
  })

  it('continue past a co-applicant step that is no longer on the path', () => {
    expect(nextStep('co-applicant-details', false)).toBe('identify')
    expect(previousStep('co-applicant-details', false)).toBe('other-loans')
  })

  it('count progress from 0 at the calculator to 100 at identify, on each path', () => {
    expect(progressOf('calculator', false)).toBe(0)
    expect(progressOf('identify', false)).toBe(100)
    expect(progressOf('identify', true)).toBe(100)
    // 11 steps between calculator and identify without a co-applicant: other-loans is the 10th.
    expect(progressOf('other-loans', false)).toBe(Math.round((10 / 11) * 100))
    // 16 with one: other-loans is the 10th of 16.
    expect(progressOf('other-loans', true)).toBe(Math.round((10 / 16) * 100))
    expect(progressOf('co-applicant-details', false)).toBe(progressOf('other-loans', false))
    const values = stepsFor(true).map((step) => progressOf(step, true))
    expect([...values].sort((a, b) => a - b)).toEqual(values)
  })

  it('recognise step ids and nothing else', () => {
    expect(isMortgageStep('funding-proposal')).toBe(true)
    expect(isMortgageStep('funding')).toBe(false)
    expect(isMortgageStep(undefined)).toBe(false)
  })
})

describe('mortgage application state (spec §3–4)', () => {
  it('starts at the calculator with everything empty', () => {
    expect(initialMortgageState).toEqual({
      step: 'calculator',
      isLoading: false,
      progress: 0,
      error: null,
      mortgageApplicationId: null,
      callbackUrl: null,
      redirectionUrl: null,
      applicationStarted: false,
      hasCoApplicant: false,
    })
  })

  it('next/init sets loading and changes nothing else', () => {
    const state = run([{ type: 'next/init' }])
    expect(state).toEqual({ ...initialMortgageState, isLoading: true })
  })

  it('next/success sets the step, marks the application started, clears the error and loading, and recomputes progress', () => {
    const state = run([
      { type: 'next/init' },
      { type: 'next/error', error: apiError },
      { type: 'next/init' },
      { type: 'next/success', step: 'mortgage-application' },
    ])
    expect(state.step).toBe('mortgage-application')
    expect(state.applicationStarted).toBe(true)
    expect(state.error).toBeNull()
    expect(state.isLoading).toBe(false)
    expect(state.progress).toBe(progressOf('mortgage-application', false))
    expect(state.progress).toBeGreaterThan(0)
  })

  it('next/error stores the error, stops loading and keeps the step', () => {
    const onStep = run([{ type: 'next/success', step: 'property-information' }])
    const state = run([{ type: 'next/init' }, { type: 'next/error', error: apiError }], onStep)
    expect(state.error).toEqual(apiError)
    expect(state.isLoading).toBe(false)
    expect(state.step).toBe('property-information')
    expect(state.progress).toBe(onStep.progress)
    expect(state.applicationStarted).toBe(true)
  })

  it('back goes to the given step, clears an error and recomputes progress', () => {
    const state = run([
      { type: 'next/success', step: 'loan-requirement' },
      { type: 'next/error', error: apiError },
      { type: 'back', step: 'property-information' },
    ])
    expect(state.step).toBe('property-information')
    expect(state.error).toBeNull()
    expect(state.isLoading).toBe(false)
    expect(state.progress).toBe(progressOf('property-information', false))
  })

  it('setCoApplicant true lengthens the path: the same step shows less progress', () => {
    const alone = run([{ type: 'next/success', step: 'other-loans' }])
    const together = mortgageReducer(alone, { type: 'setCoApplicant', hasCoApplicant: true })
    expect(together.hasCoApplicant).toBe(true)
    expect(together.step).toBe('other-loans')
    expect(together.progress).toBe(progressOf('other-loans', true))
    expect(together.progress).toBeLessThan(alone.progress)
    expect(run([{ type: 'next/success', step: 'co-applicant-details' }], together).progress).toBe(
      progressOf('co-applicant-details', true),
    )
  })

  it('setCoApplicant false on a co-applicant step returns to the last step still on the path', () => {
    const state = run([
      { type: 'setCoApplicant', hasCoApplicant: true },
      { type: 'next/success', step: 'co-applicant-work-details' },
      { type: 'setCoApplicant', hasCoApplicant: false },
    ])
    expect(state.hasCoApplicant).toBe(false)
    expect(state.step).toBe('other-loans')
    expect(state.progress).toBe(progressOf('other-loans', false))
  })

  it('started keeps the application id and the bank addresses; omitted addresses stay as they were', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e'
    const state = run([
      { type: 'started', mortgageApplicationId: id, callbackUrl: 'https://bank.example/cb' },
      { type: 'started', mortgageApplicationId: id, redirectionUrl: 'https://bank.example/back' },
    ])
    expect(state.mortgageApplicationId).toBe(id)
    expect(state.callbackUrl).toBe('https://bank.example/cb')
    expect(state.redirectionUrl).toBe('https://bank.example/back')
    expect(
      run([{ type: 'started', mortgageApplicationId: id, callbackUrl: null }], state).callbackUrl,
    ).toBeNull()
  })

  it('reset returns to the initial state from anywhere', () => {
    const state = run([
      { type: 'setCoApplicant', hasCoApplicant: true },
      { type: 'started', mortgageApplicationId: 'x', callbackUrl: 'https://bank.example/cb' },
      { type: 'next/success', step: 'identify' },
      { type: 'next/init' },
      { type: 'next/error', error: apiError },
      { type: 'reset' },
    ])
    expect(state).toEqual(initialMortgageState)
  })

  it('never changes the state it is given', () => {
    const before = run([{ type: 'next/success', step: 'work-details' }])
    const copy = structuredClone(before)
    for (const action of [
      { type: 'next/init' },
      { type: 'next/error', error: apiError },
      { type: 'back', step: 'calculator' },
      { type: 'setCoApplicant', hasCoApplicant: true },
      { type: 'reset' },
    ] satisfies MortgageAction[])
      mortgageReducer(before, action)
    expect(before).toEqual(copy)
  })
})
