// The consumer loan form's data as the browser holds it: text as typed (the
// shared zod schema coerces and validates), plus where the user is.

/** `rowId` only tells rows apart on screen; the schema drops it. */
export type DebtRow = {
  rowId: string
  type: string
  remaining: string
  monthlyPayment: string
  refinance: boolean
}
export type CardRow = { rowId: string; cardType: string; limit: string }

export type ApplicantData = {
  firstName: string
  lastName: string
  hetu: string
  email: string
  phone: string
  address: string
  postcode: string
  city: string
  citizenship: string
  maritalStatus: string
  education: string
  housing: string
  homeType: string
  housingCostsPerMonth: string
  adults: string
  children: string
}

export type WorkData = {
  employmentType: string
  jobPosition: string
  employer: string
  employedSince: string
  monthlyGrossIncome: string
  monthlyNetIncome: string
  otherIncome: string
}

export type DebtsData = { debts: DebtRow[]; creditCards: CardRow[]; paymentDefaults?: boolean }

export type FormData = {
  loan: { amount: number; period: number; purpose: string; refinance: boolean }
  applicant: ApplicantData
  work: WorkData
  debts: DebtsData
  hasCoApplicant: boolean
  coApplicant: { applicant: ApplicantData; work: WorkData; debts: DebtsData }
  consents: {
    termsAccepted: boolean
    privacyAccepted: boolean
    creditCheckConsent: boolean
    shareWithLendersConsent: boolean
    marketingEmail: boolean
    marketingSms: boolean
  }
}

export const STEPS = ['loan', 'applicant', 'work', 'debts', 'coApplicant', 'review'] as const
export type Step = (typeof STEPS)[number]

/** The step a field belongs to (`coApplicant.work.employer` → coApplicant); the consents are the review's. */
export function stepOfPath(path: string): Step {
  return STEPS.find((candidate) => path === candidate || path.startsWith(`${candidate}.`)) ?? 'review'
}

/**
 * Field errors with those of the earliest step in form order first (the order within a step kept): the
 * form goes to the first one's step and focuses it, whatever order the server answered in.
 */
export function inFormOrder(found: Record<string, string>): Record<string, string> {
  const rank = (path: string) => STEPS.indexOf(stepOfPath(path))
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => rank(a) - rank(b)))
}

export const emptyApplicant = (): ApplicantData => ({
  firstName: '',
  lastName: '',
  hetu: '',
  email: '',
  phone: '',
  address: '',
  postcode: '',
  city: '',
  citizenship: 'FI',
  maritalStatus: '',
  education: '',
  housing: '',
  homeType: '',
  housingCostsPerMonth: '',
  adults: '1',
  children: '0',
})

export const emptyWork = (): WorkData => ({
  employmentType: '',
  jobPosition: '',
  employer: '',
  employedSince: '',
  monthlyGrossIncome: '',
  monthlyNetIncome: '',
  otherIncome: '0',
})

export function emptyForm(loan: { amount: number; period: number; purpose?: string | undefined }): FormData {
  return {
    loan: { amount: loan.amount, period: loan.period, purpose: loan.purpose ?? '', refinance: false },
    applicant: emptyApplicant(),
    work: emptyWork(),
    debts: { debts: [], creditCards: [] },
    hasCoApplicant: false,
    coApplicant: { applicant: emptyApplicant(), work: emptyWork(), debts: { debts: [], creditCards: [] } },
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

// The rows of the form's lists, for fitting stored rows onto.
const ROW_TEMPLATES: Record<string, Record<string, unknown>> = {
  debts: { rowId: '', type: '', remaining: '', monthlyPayment: '', refinance: false } satisfies DebtRow,
  creditCards: { rowId: '', cardType: '', limit: '' } satisfies CardRow,
}
// Optional flags a stored object may carry beyond its template.
const OPTIONAL_FLAGS = ['paymentDefaults']

/** `value` where it has the template's shape; the template wherever it does not. */
function fit(template: unknown, value: unknown, key = ''): unknown {
  if (Array.isArray(template)) {
    const row = ROW_TEMPLATES[key]
    if (!row || !Array.isArray(value)) return template
    return value.filter(isRecord).map((item, index) => ({
      ...(fit(row, item) as Record<string, unknown>),
      rowId: typeof item.rowId === 'string' && item.rowId !== '' ? item.rowId : `draft-${index}`,
    }))
  }
  if (isRecord(template)) {
    if (!isRecord(value)) return template
    const fitted: Record<string, unknown> = {}
    for (const [name, inner] of Object.entries(template)) fitted[name] = fit(inner, value[name], name)
    for (const flag of OPTIONAL_FLAGS) {
      if (typeof value[flag] === 'boolean') fitted[flag] = value[flag]
    }
    return fitted
  }
  if (typeof template === 'number')
    return typeof value === 'number' && Number.isFinite(value) ? value : template
  return typeof value === typeof template ? value : template
}

/**
 * A stored draft on top of the empty form, whatever shape it was saved in (issue 13: a
 * draft without a loan period gave the form page a 500 until it was replaced). What fits
 * the form is kept; anything missing, mistyped or unknown falls back to `base`.
 */
export function formFromDraft(base: FormData, draft: unknown): FormData {
  return fit(base, draft) as FormData
}

/**
 * A signed-in person's e-mail and name on the form (issue 14), where the applicant's fields are
 * still empty: what they typed themselves, or a draft kept, wins.
 */
export function withPerson<T extends { applicant: ApplicantData }>(
  form: T,
  person: { email: string; firstName: string; lastName: string } | null,
): T {
  if (!person) return form
  const applicant = { ...form.applicant }
  for (const field of ['email', 'firstName', 'lastName'] as const) {
    if (applicant[field].trim() === '') applicant[field] = person[field]
  }
  return { ...form, applicant }
}

/** Reads a value by a dotted path (`applicant.hetu`, `debts.debts.0.type`). */
export function getAt(data: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data)
}

/** Returns a copy with the value at the dotted path replaced. */
export function setAt<T>(data: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.')
  if (head === undefined) return data
  const container = (Array.isArray(data) ? [...data] : { ...(data as object) }) as Record<string, unknown>
  container[head] = rest.length === 0 ? value : setAt(container[head], rest.join('.'), value)
  return container as T
}

/** What the API receives: empty optional texts left out, so "not given" is not "given as empty". */
export function toSubmission(data: FormData) {
  const clean = (work: WorkData) =>
    Object.fromEntries(Object.entries(work).filter(([, value]) => value !== '')) as Partial<WorkData>
  const section = (applicant: ApplicantData, work: WorkData, debts: DebtsData) => ({
    applicant,
    work: clean(work),
    debts,
  })
  return {
    loan: data.loan,
    ...section(data.applicant, data.work, data.debts),
    hasCoApplicant: data.hasCoApplicant,
    ...(data.hasCoApplicant
      ? { coApplicant: section(data.coApplicant.applicant, data.coApplicant.work, data.coApplicant.debts) }
      : {}),
    consents: data.consents,
  }
}
