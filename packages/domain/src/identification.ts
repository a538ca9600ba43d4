import { z } from 'zod'

// Strong identification of a mortgage application's lead applicant (issue 16 item 5, ADR 024): the
// names and shapes the API, the web pages and the tests share.

/** eIDAS levels of assurance a trust-network identification reaches. */
export const IDENTIFICATION_LEVELS = ['substantial', 'high'] as const
export type IdentificationLevel = (typeof IDENTIFICATION_LEVELS)[number]

/** How an identification ended: the callback sends the browser back with `?identification=<outcome>`. */
export const IDENTIFICATION_OUTCOMES = [
  'ok',
  'HETU_MISMATCH',
  'IDENTIFICATION_CANCELLED',
  'IDENTIFICATION_FAILED',
  'STATE_INVALID',
  'LEVEL_UNKNOWN',
] as const
export type IdentificationOutcome = (typeof IDENTIFICATION_OUTCOMES)[number]

export function isIdentificationOutcome(value: unknown): value is IdentificationOutcome {
  return typeof value === 'string' && (IDENTIFICATION_OUTCOMES as readonly string[]).includes(value)
}

/** What the person sees of an identification: never the number, only how, how strongly and when. */
export const IdentificationSchema = z.object({
  method: z.literal('oidc'),
  /** The provider's issuer URL. */
  provider: z.string(),
  level: z.enum(IDENTIFICATION_LEVELS),
  identifiedAt: z.string(),
})
export type IdentificationView = z.infer<typeof IdentificationSchema>

/** One of the person's mortgage applications and its identification (bank ID and status pages). */
export const IdentificationStatusSchema = z.object({
  mortgageApplicationId: z.uuid(),
  /** The mortgage application's status: `draft`, `submitted` or `cancelled`. */
  status: z.string(),
  /** The lead applicant's henkilötunnus is on the application, so identification can start. */
  hasApplicant: z.boolean(),
  /** Identification goes to the local test provider (fictional people). */
  testProvider: z.boolean(),
  identification: IdentificationSchema.nullable(),
})
export type IdentificationStatus = z.infer<typeof IdentificationStatusSchema>
