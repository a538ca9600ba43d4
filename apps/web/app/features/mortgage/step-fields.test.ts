import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { mortgageStepSchemas } from '@lainava/domain/mortgage/schemas'
import { MORTGAGE_DATA_STEPS } from '@lainava/domain/mortgage/steps'
import { messagesFor } from '@lainava/i18n/server'
import { describe, expect, it } from 'vitest'
import { isLoansStep, LOAN_FIELDS, STEP_FIELDS } from './step-fields.ts'

// The form asks exactly what each step's schema reads: a field the schema has and the form lacks
// could never be answered; one the form has and the schema lacks would be thrown away.

const topLevel = (name: string) => name.split('.')[0] as string

describe('the mortgage steps’ fields', () => {
  for (const step of MORTGAGE_DATA_STEPS) {
    if (step === 'calculator') continue // the calculator component's own inputs (M1)
    it(`${step}: one input per field of the schema, each with a label in fi, sv and en`, () => {
      const schema = mortgageStepSchemas[step]
      const shape = Object.keys(
        ('shape' in schema ? schema.shape : (schema as { in: { shape: object } }).in.shape) as object,
      )
      const fields = isLoansStep(step)
        ? ['loans']
        : [...new Set(STEP_FIELDS[step].map((f) => topLevel(f.name)))]
      expect(fields.sort()).toEqual(shape.sort())
      const names = isLoansStep(step)
        ? LOAN_FIELDS.map((field) => `loans.${field.name}`)
        : STEP_FIELDS[step].map((field) => field.name)
      for (const language of ['fi', 'sv', 'en'] as const) {
        const messages = messagesFor(language) as Record<string, string>
        for (const name of names)
          expect(messages[`mortgage.field.${name}`], `${language} ${name}`).toBeTruthy()
      }
    })
  }

  it('covers every answer of the example application', () => {
    for (const step of MORTGAGE_DATA_STEPS) {
      if (step === 'calculator' || isLoansStep(step)) continue
      const names = new Set(STEP_FIELDS[step].map((field) => topLevel(field.name)))
      for (const key of Object.keys(exampleMortgageSteps[step]))
        expect(names, `${step}.${key}`).toContain(key)
    }
  })
})
