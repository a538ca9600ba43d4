import { z } from 'zod'
import {
  CONSUMER_LOAN_PURPOSES,
  EMPLOYMENT_TYPES,
  HOUSING_TYPES,
  SME_LOAN_PURPOSES,
} from '../application/enums.ts'
import { type MortgageFacts, matchMortgageBank, mortgageCriteriaOf } from '../mortgage/bank-pricing.ts'
import { type BusinessFacts, matchBusinessLender } from './business-lending.ts'
import {
  DEFAULT_FILTERING,
  LENDER_PRODUCTS,
  type LenderCriteria,
  type LenderFiltering,
  type MatchFacts,
  matchLender,
} from './criteria.ts'
import { REGIONS, type Region } from './lender-filter-regions.ts'

// Issue 17: the lender filter, the one thing a lender-admin edits on /lender/filtering/. It is stored
// where the marketplace has always read a lender's conditions (`lenders.criteria` and
// `lenders.filtering`), so a lender that never saved it keeps matching exactly as before: the newer
// limits are absent there and mean "no limit". Every save also writes a version row (who, when, the
// whole filter). Matching is `matchLender` / `matchBusinessLender` through `matchApplication`: the
// same call for the distribution, the review step's preview and the lender's filter preview.

export const LENDER_FILTER_PURPOSES = [...CONSUMER_LOAN_PURPOSES, ...SME_LOAN_PURPOSES] as const

const RANGE = 'validation.number.range'
const INVALID = 'validation.invalid'
const REQUIRED = 'validation.required'

const whole = (min: number, max: number) =>
  z.number({ error: REQUIRED }).int(RANGE).min(min, RANGE).max(max, RANGE)
const euros = (max: number) => z.number({ error: REQUIRED }).min(0, RANGE).max(max, RANGE)
const set = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: INVALID }), { error: INVALID })
    .max(values.length, INVALID)
    .refine((list) => new Set(list).size === list.length, INVALID)

/** The fields of a filter as a lender edits it: each limit that can be off is null when it is. */
const filterFields = z.object(
  {
    /** false: the lender takes no new applications for now. */
    acceptingApplications: z.boolean({ error: REQUIRED }),
    /** Empty only for a mortgage bank, whose product is its mortgage criteria (checked where the lender is known). */
    products: set(LENDER_PRODUCTS),
    /** Euros. Above the maximum still matches: the lender may offer less than asked. */
    minAmount: whole(0, 10_000_000),
    maxAmount: whole(1, 10_000_000),
    minMonths: whole(1, 600),
    maxMonths: whole(1, 600),
    /** Whole years; below 18 is the same as 18 (only adults apply), 0 on business lenders. */
    minAge: whole(0, 100),
    maxAge: whole(18, 120).nullable(),
    /** Euros a month after tax (other income included). */
    minNetIncome: euros(1_000_000),
    employmentTypes: set(EMPLOYMENT_TYPES),
    /** Empty: any housing. */
    housingTypes: set(HOUSING_TYPES),
    /** Existing consumer credit and card debt of the household, euros. */
    maxUnsecuredDebt: euros(100_000_000).nullable(),
    /** All debts and the credit asked over a year's gross income, e.g. 4.5. */
    maxDebtToIncome: z.number({ error: REQUIRED }).min(0, RANGE).max(100, RANGE).nullable(),
    acceptsPaymentDefaults: z.boolean({ error: REQUIRED }),
    /** Empty: the whole country. */
    regions: set(REGIONS),
    excludedPurposes: set(LENDER_FILTER_PURPOSES),
    /** Most applications received in a day (Europe/Helsinki). */
    dailyCap: whole(1, 1_000_000).nullable(),
  },
  { error: REQUIRED },
)

/** A filter a lender saves or previews: every field within its range, minimums not above maximums. */
export const LenderFilterSchema = filterFields
  .superRefine((filter, ctx) => {
    const order = (path: 'maxAmount' | 'maxMonths' | 'maxAge', ok: boolean) => {
      if (!ok)
        ctx.addIssue({ code: 'custom', path: [path], message: 'lenderFiltering.validation.minAboveMax' })
    }
    order('maxAmount', filter.minAmount <= filter.maxAmount)
    order('maxMonths', filter.minMonths <= filter.maxMonths)
    order('maxAge', filter.maxAge === null || filter.minAge <= filter.maxAge)
    // A person applies for consumer credit: a lender of it must name the employment it takes.
    const consumer = filter.products.some(
      (product) => product === 'consumer-loan' || product === 'credit-card',
    )
    if (consumer && filter.employmentTypes.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['employmentTypes'],
        message: 'lenderFiltering.validation.employment',
      })
    }
  })
  .meta({ id: 'LenderFilter' })
export type LenderFilter = z.output<typeof LenderFilterSchema>

/**
 * A filter as read back from a lender row: the same fields, without the ranges, so that a row saved
 * by other means (an admin, a seed) with a value out of range is still shown rather than failing.
 */
const StoredLenderFilterSchema = z
  .object({
    ...filterFields.shape,
    minAmount: z.number(),
    maxAmount: z.number(),
    minMonths: z.number(),
    maxMonths: z.number(),
    minAge: z.number(),
    maxAge: z.number().nullable(),
    minNetIncome: z.number(),
    maxUnsecuredDebt: z.number().nullable(),
    maxDebtToIncome: z.number().nullable(),
    dailyCap: z.number().nullable(),
    products: z.array(z.enum(LENDER_PRODUCTS)),
    employmentTypes: z.array(z.enum(EMPLOYMENT_TYPES)),
    housingTypes: z.array(z.enum(HOUSING_TYPES)),
    regions: z.array(z.enum(REGIONS)),
    excludedPurposes: z.array(z.enum(LENDER_FILTER_PURPOSES)),
  })
  .meta({ id: 'StoredLenderFilter' })

/** The fields of a filter, in the order the page and the version history show them. */
export const LENDER_FILTER_FIELDS = [
  'acceptingApplications',
  'products',
  'minAmount',
  'maxAmount',
  'minMonths',
  'maxMonths',
  'minAge',
  'maxAge',
  'minNetIncome',
  'employmentTypes',
  'housingTypes',
  'maxUnsecuredDebt',
  'maxDebtToIncome',
  'acceptsPaymentDefaults',
  'regions',
  'excludedPurposes',
  'dailyCap',
] as const satisfies ReadonlyArray<keyof LenderFilter>
export type LenderFilterField = (typeof LENDER_FILTER_FIELDS)[number]

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)
/** The known values of a stored list, in its order, each once. */
const listOf = <T extends string>(value: unknown, allowed: readonly T[]): T[] =>
  Array.isArray(value)
    ? [...new Set(value)].filter((item): item is T => (allowed as readonly unknown[]).includes(item))
    : []

/**
 * The filter of a lender row as stored (criteria and filtering), in the filter's shape. Values the
 * filter does not know are left out, and the limits a row has never had read as off: the same
 * applications match the filter as matched the row.
 */
export function lenderFilterOf(criteria: LenderCriteria, filtering: LenderFiltering | null): LenderFilter {
  const switches = filtering ?? DEFAULT_FILTERING
  return {
    acceptingApplications: switches.acceptingApplications !== false,
    products: listOf(criteria.products, LENDER_PRODUCTS),
    minAmount: numberOr(criteria.minAmount, 0),
    maxAmount: numberOr(criteria.maxAmount, 0),
    minMonths: numberOr(criteria.minMonths, 1),
    maxMonths: numberOr(criteria.maxMonths, 1),
    minAge: numberOr(criteria.minAge, 18),
    maxAge: numberOrNull(criteria.maxAge),
    minNetIncome: numberOr(criteria.minNetIncome, 0),
    employmentTypes: listOf(criteria.employmentTypes, EMPLOYMENT_TYPES),
    housingTypes: listOf(criteria.housingTypes, HOUSING_TYPES),
    maxUnsecuredDebt: numberOrNull(criteria.maxUnsecuredDebt),
    maxDebtToIncome: numberOrNull(criteria.maxDebtToIncome),
    acceptsPaymentDefaults: criteria.acceptsPaymentDefaults === true,
    regions: listOf(criteria.regions, REGIONS),
    excludedPurposes: listOf(switches.excludedPurposes, LENDER_FILTER_PURPOSES),
    dailyCap: numberOrNull(switches.dailyCap),
  }
}

/**
 * A filter as the lender row stores it. What the filter does not edit stays as it was on the row:
 * a card issuer's card types and a business lender's company conditions (`criteria.business`).
 */
export function storedFilterOf(
  filter: LenderFilter,
  current: LenderCriteria,
): { criteria: LenderCriteria; filtering: LenderFiltering } {
  const { acceptingApplications, excludedPurposes, dailyCap, ...criteria } = filter
  return {
    criteria: { ...current, ...criteria },
    filtering: { acceptingApplications, excludedPurposes, dailyCap },
  }
}

/**
 * What the marketplace matches a lender on: a person's application, a company's, or a mortgage (its
 * facts and the region of the property's postal code).
 */
export type ApplicationMatch =
  | { side: 'consumer'; facts: MatchFacts }
  | { side: 'business'; facts: BusinessFacts }
  | { side: 'mortgage'; facts: MortgageFacts; region: Region | null }

/**
 * Whether a lender's stored filter lets an application through, by its side's rules (ADR 023: the
 * product decides which side runs). The one call of the distribution and of both previews.
 */
export function matchApplication(
  criteria: LenderCriteria,
  filtering: LenderFiltering | null,
  match: ApplicationMatch,
): boolean {
  const switches = filtering ?? DEFAULT_FILTERING
  if (match.side === 'mortgage') return matchMortgage(criteria, switches, match)
  return match.side === 'business'
    ? matchBusinessLender(criteria, switches, match.facts).matched
    : matchLender(criteria, switches, match.facts).matched
}

/**
 * A mortgage through the filter switches any product has (paused, excluded purposes, regions: the
 * property's), then the bank's own mortgage criteria (ADR 027). Income, age and debts are the bank's
 * credit decision, so a declined applicant hears why (ADR 027); the daily cap is counted by the caller.
 */
function matchMortgage(
  criteria: LenderCriteria,
  switches: LenderFiltering,
  match: Extract<ApplicationMatch, { side: 'mortgage' }>,
): boolean {
  const bank = mortgageCriteriaOf(criteria)
  if (!bank || !switches.acceptingApplications) return false
  if (switches.excludedPurposes.includes(match.facts.purpose)) return false
  const regions = criteria.regions ?? []
  if (regions.length > 0 && !(match.region && regions.includes(match.region))) return false
  return matchMortgageBank(bank, match.facts).matched
}

/** One changed field between two versions of a filter, with both values. */
export type LenderFilterChange = { field: LenderFilterField; from: unknown; to: unknown }

/** The fields that differ between two filters (lists compared as sets), in the page's order. */
export function lenderFilterChanges(before: LenderFilter | null, after: LenderFilter): LenderFilterChange[] {
  if (!before) return []
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) && Array.isArray(b)
      ? a.length === b.length && a.every((item) => b.includes(item))
      : a === b
  return LENDER_FILTER_FIELDS.filter((field) => !same(before[field], after[field])).map((field) => ({
    field,
    from: before[field],
    to: after[field],
  }))
}

/** How many days back the filter preview looks. */
export const FILTER_PREVIEW_DAYS = 30

// The lender filtering API's bodies and answers (one schema each, shared with the page).

export const LenderFilterChangeSchema = z.object({
  field: z.enum(LENDER_FILTER_FIELDS),
  from: z.unknown(),
  to: z.unknown(),
})

export const LenderFilterVersionSchema = z
  .object({
    version: z.number().int(),
    createdAt: z.string(),
    /** The user who saved it; null for the filter the lender had before the portal (or a deleted user). */
    changedBy: z.string().nullable(),
    changes: z.array(LenderFilterChangeSchema),
  })
  .meta({ id: 'LenderFilterVersion' })
export type LenderFilterVersion = z.infer<typeof LenderFilterVersionSchema>

export const LenderFilterViewSchema = z
  .object({
    filter: StoredLenderFilterSchema,
    /** The version the filter is (0: never saved on the portal); a save names it. */
    version: z.number().int(),
    /** Newest first. */
    versions: z.array(LenderFilterVersionSchema),
    /** Applications received today (Europe/Helsinki), against the daily cap. */
    receivedToday: z.number().int(),
    /** A mortgage bank (`criteria.mortgage`): only some of the filter's fields apply to its mortgages. */
    mortgage: z.boolean(),
  })
  .meta({ id: 'LenderFilterView' })
export type LenderFilterView = z.infer<typeof LenderFilterViewSchema>

export const LenderFilterSaveSchema = z
  .object({
    filter: LenderFilterSchema,
    /** The version the change was made on: another save since then is a conflict (409). */
    version: z.number({ error: REQUIRED }).int(INVALID).min(0, INVALID),
    /** The page's language, for the messages of an error answer. */
    language: z.string().max(8).optional(),
  })
  .meta({ id: 'LenderFilterSave' })

export const LenderFilterPreviewBodySchema = z
  .object({
    filter: LenderFilterSchema,
    /** The page's language, for the messages of an error answer. */
    language: z.string().max(8).optional(),
  })
  .meta({ id: 'LenderFilterPreviewRequest' })

export const LenderFilterPreviewSchema = z
  .object({
    days: z.number().int(),
    /** Applications of those days the marketplace matches lenders on. */
    applications: z.number().int(),
    /** How many of them the draft filter would have sent to this lender (the daily cap included). */
    draftMatched: z.number().int(),
    /** How many the lender's current filter would have (the same count, by the same function). */
    currentMatched: z.number().int(),
  })
  .meta({ id: 'LenderFilterPreview' })
export type LenderFilterPreview = z.infer<typeof LenderFilterPreviewSchema>

export const LenderFilterSavedSchema = LenderFilterViewSchema.extend({
  /** false: the filter sent was the current one, and no version was written. */
  changed: z.boolean(),
}).meta({ id: 'LenderFilterSaved' })
export type LenderFilterSaved = z.infer<typeof LenderFilterSavedSchema>
