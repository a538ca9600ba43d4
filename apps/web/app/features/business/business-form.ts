import {
  businessLoanApplicationSchema,
  CompanySchema,
  ContactPersonSchema,
  FactoringApplicationSchema,
  FactoringSchema,
  type SmeConfig,
  smeLoanSchema,
  smeMaxPeriod,
} from '@lainava/domain/application/business'
import { ConsentsSchema, EmailFieldSchema } from '@lainava/domain/application/schemas'
import type { z } from 'zod'

// The business forms' data as the browser holds it: text as typed (the shared zod schemas of
// packages/domain coerce and validate it, the API runs the same ones), plus the pure helpers
// the screens and tests share.

export type BusinessKind = 'business-loan' | 'factoring'

export type CompanyData = {
  businessId: string
  name: string
  legalForm: string
  registeredOn: string
  industry: string
  turnover: string
  result: string
  employees: string
}

export type PersonData = {
  firstName: string
  lastName: string
  email: string
  phone: string
  role: string
  canSign: boolean
}

export type BusinessFormData = {
  loan: { amount: number; months: number; purpose: string }
  factoring: {
    monthlyInvoiceVolume: string
    customerCount: string
    paymentTermDays: string
    largestCustomerShare: string
    sellsToPublicSector: boolean
  }
  company: CompanyData
  person: PersonData
  consents: {
    termsAccepted: boolean
    privacyAccepted: boolean
    creditCheckConsent: boolean
    shareWithLendersConsent: boolean
    marketingEmail: boolean
    marketingSms: boolean
  }
}

export function emptyBusinessForm(loan: {
  amount: number
  months: number
  purpose?: string
}): BusinessFormData {
  return {
    loan: { amount: loan.amount, months: loan.months, purpose: loan.purpose ?? '' },
    factoring: {
      monthlyInvoiceVolume: '',
      customerCount: '',
      paymentTermDays: '',
      largestCustomerShare: '',
      sellsToPublicSector: false,
    },
    company: {
      businessId: '',
      name: '',
      legalForm: '',
      registeredOn: '',
      industry: '',
      turnover: '',
      result: '',
      employees: '',
    },
    person: { firstName: '', lastName: '', email: '', phone: '', role: '', canSign: false },
    consents: {
      termsAccepted: false,
      privacyAccepted: false,
      creditCheckConsent: false,
      shareWithLendersConsent: false,
      marketingEmail: false,
      marketingSms: false,
    },
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `value` where it has the template's shape and type; the template wherever it does not. */
function fit(template: unknown, value: unknown): unknown {
  if (isRecord(template)) {
    if (!isRecord(value)) return template
    return Object.fromEntries(Object.entries(template).map(([key, inner]) => [key, fit(inner, value[key])]))
  }
  if (typeof template === 'number')
    return typeof value === 'number' && Number.isFinite(value) ? value : template
  return typeof value === typeof template ? value : template
}

/**
 * A stored draft (or this tab's copy) on top of `base`, whatever shape it was saved in: what fits
 * the form is kept, anything missing, mistyped or unknown falls back to `base`.
 */
export function businessFormFromDraft(base: BusinessFormData, draft: unknown): BusinessFormData {
  return fit(base, draft) as BusinessFormData
}

/** The amount and period within the config, the period's maximum by the amount (spec §5). */
export function clampLoan(config: SmeConfig, loan: { amount: number; months: number }) {
  const amount = Math.min(config.maxAmount, Math.max(config.minAmount, Math.round(loan.amount)))
  const months = Math.min(smeMaxPeriod(config, amount), Math.max(config.minPeriod, Math.round(loan.months)))
  return { amount, months }
}

/** The signed-in person's e-mail and name where the form has none (what they typed wins). */
export function withSignedInPerson(
  form: BusinessFormData,
  person: { email: string; firstName: string; lastName: string } | null,
): BusinessFormData {
  if (!person) return form
  const next = { ...form.person }
  for (const field of ['email', 'firstName', 'lastName'] as const) {
    if (next[field].trim() === '') next[field] = person[field]
  }
  return { ...form, person: next }
}

/** What the API receives for each kind: only that kind's sections. */
export function toBusinessSubmission(kind: BusinessKind, data: BusinessFormData) {
  const common = { company: data.company, person: data.person, consents: data.consents }
  return kind === 'business-loan' ? { loan: data.loan, ...common } : { factoring: data.factoring, ...common }
}

/** Reads a value by a dotted path (`company.businessId`). */
export function getAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), data)
}

/** A copy with the value at the dotted path replaced. */
export function setAt<T>(data: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.')
  if (head === undefined) return data
  const container = { ...(data as Record<string, unknown>) }
  container[head] = rest.length === 0 ? value : setAt(container[head], rest.join('.'), value)
  return container as T
}

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
 * One step checked with the shared schemas (the API runs the same ones): dotted field paths →
 * catalogue keys. `company-details` is the last step before sending: it checks the whole
 * application, so nothing the server would refuse gets past it.
 */
export function validateBusinessStep(
  kind: BusinessKind,
  step: string,
  data: BusinessFormData,
  config: SmeConfig,
): Errors {
  const errors: Errors = {}
  switch (step) {
    case 'calculator':
      collect(smeLoanSchema(config), data.loan, 'loan', errors)
      break
    case 'invoices':
      collect(FactoringSchema, data.factoring, 'factoring', errors)
      break
    case 'email-and-terms':
      collect(EmailFieldSchema, data.person.email, 'person.email', errors)
      collect(ConsentsSchema, data.consents, 'consents', errors)
      break
    case 'company-details':
      collect(CompanySchema, data.company, 'company', errors)
      collect(ContactPersonSchema, data.person, 'person', errors)
      if (Object.keys(errors).length === 0) {
        const schema =
          kind === 'business-loan' ? businessLoanApplicationSchema(config) : FactoringApplicationSchema
        collect(schema, toBusinessSubmission(kind, data), '', errors)
      }
      break
  }
  return errors
}

/** The step that owns a field path (an error from the server is shown on its own step). */
export function stepOfPath(path: string): string {
  if (path.startsWith('loan')) return 'calculator'
  if (path.startsWith('factoring')) return 'invoices'
  if (path.startsWith('consents') || path === 'person.email') return 'email-and-terms'
  return 'company-details'
}
