import {
  ApplicantSchema,
  ConsentsSchema,
  ConsumerLoanApplicationSchema,
  DebtsSchema,
  isSameHetu,
  LoanStepSchema,
  WorkSchema,
} from '@lainava/domain/application/schemas'
import type { z } from 'zod'
import { type FormData, type Step, toSubmission } from './form-state.ts'

type Errors = Record<string, string>

function collect(schema: z.ZodType, value: unknown, prefix: string, into: Errors) {
  const result = schema.safeParse(value)
  if (result.success) return
  for (const issue of result.error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.')
    into[path] ??= issue.message
  }
}

/**
 * Validates one step with the shared schemas of packages/domain (the API runs
 * the same ones); `review` checks the consents and then the whole application.
 * Answers dotted field paths → message keys.
 */
export function validateStep(step: Step, data: FormData): Errors {
  const errors: Errors = {}
  const submission = toSubmission(data)
  switch (step) {
    case 'loan':
      collect(LoanStepSchema, submission.loan, 'loan', errors)
      break
    case 'applicant':
      collect(ApplicantSchema, submission.applicant, 'applicant', errors)
      break
    case 'work':
      collect(WorkSchema, submission.work, 'work', errors)
      break
    case 'debts':
      collect(DebtsSchema, submission.debts, 'debts', errors)
      break
    case 'coApplicant':
      if (submission.coApplicant) {
        collect(ApplicantSchema, submission.coApplicant.applicant, 'coApplicant.applicant', errors)
        collect(WorkSchema, submission.coApplicant.work, 'coApplicant.work', errors)
        collect(DebtsSchema, submission.coApplicant.debts, 'coApplicant.debts', errors)
        // Issue 14: caught here, not first at sending on the review step.
        const hetu = 'coApplicant.applicant.hetu'
        if (!errors[hetu] && isSameHetu(submission.coApplicant.applicant.hetu, submission.applicant.hetu))
          errors[hetu] = 'validation.coApplicant.sameHetu'
      }
      break
    case 'review':
      collect(ConsentsSchema, submission.consents, 'consents', errors)
      if (Object.keys(errors).length === 0) collect(ConsumerLoanApplicationSchema, submission, '', errors)
      break
  }
  return errors
}
