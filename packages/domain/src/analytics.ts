import { z } from 'zod'
import { AFFILIATE_NETWORKS, AFFILIATE_VALUE_MAX, isTrafficSource } from './affiliate.ts'
import { carriesPersonalData, pageUrlWithoutValues, referrerOrigin } from './analytics-context.ts'

export { carriesPersonalData, pageUrlWithoutValues, referrerOrigin } from './analytics-context.ts'

// Issue 18 item 5: analytics events to our own endpoint (POST /api/v1/events), batched by the browser
// only with marketing consent. Events are tied to a random session id, never to a user, and never carry
// personal data from forms: every text is checked, query values are dropped from URLs (ADR 037).

export const ANALYTICS_BATCH_MAX = 50
export const ANALYTICS_EVENT_TYPES = ['page_view', 'experiment_viewed', 'application_started'] as const
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number]
export const APPLICATION_STARTED_KINDS = [
  'consumer-loan',
  'credit-card',
  'business-loan',
  'factoring',
  'mortgage',
] as const

const personalDataFree = (max: number) =>
  z
    .string()
    .max(max, 'validation.invalid')
    .refine((text) => !carriesPersonalData(text), 'validation.analytics.personalData')

const size = z.object({
  width: z.int().min(0).max(100_000),
  height: z.int().min(0).max(100_000),
})

/** The analytics context of spec §3, per event (the page changes within a session). */
export const AnalyticsContextSchema = z.strictObject({
  url: personalDataFree(1000).transform(pageUrlWithoutValues),
  referrer: z
    .string()
    .max(1000, 'validation.invalid')
    .nullable()
    .transform((value) => referrerOrigin(value)),
  title: personalDataFree(300),
  language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'validation.invalid'),
  screen: size,
  viewport: size,
})

const key = z.string().regex(/^[\w.:-]{1,100}$/, 'validation.invalid')

const common = {
  at: z.iso.datetime({ offset: true, error: 'validation.invalid' }),
  context: AnalyticsContextSchema,
}

export const AnalyticsEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('page_view'), ...common }),
  z.strictObject({
    type: z.literal('experiment_viewed'),
    ...common,
    data: z.strictObject({ experimentKey: key, variationId: z.union([z.int().min(0).max(1000), key]) }),
  }),
  z.strictObject({
    type: z.literal('application_started'),
    ...common,
    data: z.strictObject({ kind: z.enum(APPLICATION_STARTED_KINDS, 'validation.invalid') }),
  }),
])
export type AnalyticsEvent = z.input<typeof AnalyticsEventSchema>

/** A batch from one browser session: a random id (never a user's) and how many sessions that browser had. */
export const AnalyticsBatchSchema = z.strictObject({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'validation.invalid'),
  sessionCount: z.int().min(1).max(1_000_000),
  events: z
    .array(AnalyticsEventSchema)
    .min(1, 'validation.required')
    .max(ANALYTICS_BATCH_MAX, 'validation.invalid'),
})
export type AnalyticsBatch = z.input<typeof AnalyticsBatchSchema>

export const AnalyticsAcceptedSchema = z.object({ accepted: z.int() }).meta({ id: 'AnalyticsAccepted' })

/**
 * What a submitted application carries about where it came from (issue 18 item 6): the traffic source
 * and the affiliate record without anything personal. Sent by the forms beside the application.
 */
export const ApplicationTrackingSchema = z.strictObject({
  trafficSource: z.string().max(60).refine(isTrafficSource, 'validation.invalid'),
  affiliate: z
    .strictObject({
      affiliate: z.enum(AFFILIATE_NETWORKS as [string, ...string[]]),
      trackingId: personalDataFree(AFFILIATE_VALUE_MAX).nullable(),
      encounteredAt: z.iso.datetime({ offset: true }),
      expiryDate: z.iso.datetime({ offset: true }),
      meta: z.strictObject({
        campaign: personalDataFree(AFFILIATE_VALUE_MAX).nullable(),
        medium: personalDataFree(AFFILIATE_VALUE_MAX).nullable(),
        content: personalDataFree(AFFILIATE_VALUE_MAX).nullable(),
        landingPath: personalDataFree(AFFILIATE_VALUE_MAX),
      }),
    })
    .nullable(),
})
export type ApplicationTracking = z.output<typeof ApplicationTrackingSchema>

/** The tracking a form sent, or none when it is missing or not of the shape (never fails the application). */
export function applicationTrackingOf(raw: unknown): ApplicationTracking | null {
  let value = raw
  if (typeof raw === 'string') {
    if (raw.length > 4000) return null
    try {
      value = JSON.parse(raw)
    } catch {
      return null
    }
  }
  const parsed = ApplicationTrackingSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}
