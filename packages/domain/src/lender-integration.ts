import { z } from 'zod'
import { LENDER_INTEGRATIONS } from './lender-portal.ts'

// Issue 17 item 5: a lender's integration settings (API keys, endpoint, signing secret, test application).
// One schema per response, used by the API (which validates and documents with it) and by the portal's
// integration page (which takes its types from it). ADR 028.

/** An API key as listed: never the key itself, only the prefix that tells keys apart. */
export const LenderApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z
      .string()
      .describe('The first characters of the key (`lvk_` and six more); empty for keys made before names'),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable().describe('Written at most once a minute'),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'LenderApiKey' })
export type LenderApiKey = z.infer<typeof LenderApiKeySchema>

export const LenderApiKeyListSchema = z
  .object({ keys: z.array(LenderApiKeySchema) })
  .meta({ id: 'LenderApiKeyList' })
export type LenderApiKeyList = z.infer<typeof LenderApiKeyListSchema>

export const API_KEY_NAME_MAX = 60

export const CreateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(API_KEY_NAME_MAX, 'validation.invalid'),
})

export const CreatedApiKeySchema = z
  .object({
    key: LenderApiKeySchema,
    secret: z.string().describe('The whole key (`lvk_…`): shown this once, stored only as a hash'),
  })
  .meta({ id: 'LenderApiKeyCreated' })
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>

/** The longest a rotated secret may stay valid beside the new one; the default is a day. */
export const MAX_SECRET_GRACE_HOURS = 168
export const DEFAULT_SECRET_GRACE_HOURS = 24

export const IntegrationSettingsSchema = z
  .object({
    integration: z.enum(LENDER_INTEGRATIONS),
    endpointUrl: z.string().nullable(),
    hasSigningSecret: z.boolean(),
    previousSecretValidUntil: z.iso
      .datetime()
      .nullable()
      .describe('While set and in the future, requests are signed under the old secret too'),
    keys: z.array(LenderApiKeySchema),
  })
  .meta({ id: 'LenderIntegrationSettings' })
export type IntegrationSettings = z.infer<typeof IntegrationSettingsSchema>

export const EndpointBodySchema = z.object({
  endpointUrl: z.url({ protocol: /^https?$/, error: 'validation.invalid' }).max(500, 'validation.invalid'),
})

export const RotateSecretBodySchema = z.object({
  graceHours: z
    .number()
    .int('validation.number.range')
    .min(0, 'validation.number.range')
    .max(MAX_SECRET_GRACE_HOURS, 'validation.number.range')
    .default(DEFAULT_SECRET_GRACE_HOURS)
    .describe('How long the old secret keeps signing beside the new one (0: it stops at once)'),
})

export const RotatedSecretSchema = z
  .object({
    signingSecret: z.string().describe('The new secret: shown this once, stored encrypted'),
    previousSecretValidUntil: z.iso.datetime().nullable(),
  })
  .meta({ id: 'LenderSigningSecretRotated' })
export type RotatedSecret = z.infer<typeof RotatedSecretSchema>

/** Why a test application got no answer at all. */
export const TEST_DELIVERY_FAILURES = ['refused', 'unreachable'] as const

export const TestApplicationResultSchema = z
  .object({
    request: z.object({
      method: z.literal('POST'),
      url: z.string(),
      headers: z.record(z.string(), z.string()).describe('As sent; the secret itself never is'),
      body: z.string(),
    }),
    response: z
      .object({
        status: z.number().int(),
        body: z.string().describe('The first 10 000 characters of the answer'),
        durationMs: z.number().int(),
      })
      .nullable(),
    failure: z.enum(TEST_DELIVERY_FAILURES).nullable(),
  })
  .meta({ id: 'LenderTestApplicationResult' })
export type TestApplicationResult = z.infer<typeof TestApplicationResultSchema>
