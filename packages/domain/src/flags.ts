import { z } from 'zod'

// Issue 18: feature flags and experiments in GrowthBook's payload format (the SDK's FeatureDefinition,
// `../shared/research/growthbook-protocol.md` §1.2). Rules keep every field the SDK reads; unknown
// fields pass through untouched so that the payload is exactly what was saved (ADR 027).

export const FLAG_VALUE_TYPES = ['boolean', 'string', 'number', 'json'] as const
export type FlagValueType = (typeof FLAG_VALUE_TYPES)[number]

/** Environments a client key can read. */
export const FLAG_ENVIRONMENTS = ['production', 'development'] as const
export type FlagEnvironment = (typeof FLAG_ENVIRONMENTS)[number]

/** A client key as GrowthBook writes them: `sdk-` and URL-safe characters (the SDK puts it in the path unencoded). */
export const CLIENT_KEY_PATTERN = /^sdk-[A-Za-z0-9_-]{8,64}$/

/** Flag keys the admin may create: lower case, digits, `-`, `_` and `.`. */
export const FLAG_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/

const condition = z.record(z.string(), z.unknown())
const range = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)])

export const FeatureRuleSchema = z.looseObject({
  id: z.string().max(100).optional(),
  condition: condition.optional(),
  parentConditions: z
    .array(z.object({ id: z.string(), condition, gate: z.boolean().optional() }))
    .max(20)
    .optional(),
  force: z.unknown().optional(),
  variations: z.array(z.unknown()).min(2).max(20).optional(),
  weights: z.array(z.number().min(0).max(1)).max(20).optional(),
  coverage: z.number().min(0).max(1).optional(),
  range: range.optional(),
  ranges: z.array(range).max(20).optional(),
  key: z.string().max(200).optional(),
  seed: z.string().max(200).optional(),
  hashAttribute: z.string().max(100).optional(),
  fallbackAttribute: z.string().max(100).optional(),
  hashVersion: z.number().int().optional(),
  meta: z.array(z.looseObject({ key: z.string().optional(), name: z.string().optional() })).optional(),
  filters: z
    .array(
      z.object({
        attribute: z.string().optional(),
        seed: z.string(),
        // Optional as in the SDK, which hashes a filter without one with version 2
        // (`filter.hashVersion || 2`); stored as given, since the SDK hands filters back in results.
        hashVersion: z.number().int().optional(),
        ranges: z.array(range),
      }),
    )
    .optional(),
  namespace: z.tuple([z.string(), z.number(), z.number()]).optional(),
  name: z.string().max(200).optional(),
  phase: z.string().max(20).optional(),
})
export type FeatureRule = z.infer<typeof FeatureRuleSchema>

export const FeatureDefinitionSchema = z.object({
  defaultValue: z.unknown().optional(),
  rules: z.array(FeatureRuleSchema).max(100).optional(),
})
export type FeatureDefinition = z.infer<typeof FeatureDefinitionSchema>

/** Saved groups in the v1 payload shape every SDK version reads: group id → attribute values. */
export type SavedGroupsPayload = Record<string, Array<string | number>>

/** What `/api/features/{clientKey}` answers (unencrypted, or with `encryptedFeatures`). */
export type FeaturesPayload = {
  features: Record<string, FeatureDefinition>
  experiments: unknown[]
  savedGroups?: SavedGroupsPayload
  dateUpdated: string
  encryptedFeatures?: string
  encryptedSavedGroups?: string
}

/** Whether a value fits a flag's type (the default and every rule's force and variations must). */
export function valueFits(type: FlagValueType, value: unknown): boolean {
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean'
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'json':
      return value !== undefined
  }
}

/**
 * The values of a definition that must fit the flag's type, each with where it is. A missing
 * default is not one: the SDK evaluates it as null, so the code's own default applies.
 */
export function definitionValues(definition: FeatureDefinition): Array<{ path: string; value: unknown }> {
  const values: Array<{ path: string; value: unknown }> = []
  if (definition.defaultValue !== undefined) {
    values.push({ path: 'definition.defaultValue', value: definition.defaultValue })
  }
  for (const [index, rule] of (definition.rules ?? []).entries()) {
    if ('force' in rule) values.push({ path: `definition.rules.${index}.force`, value: rule.force })
    for (const [variation, value] of (rule.variations ?? []).entries()) {
      values.push({ path: `definition.rules.${index}.variations.${variation}`, value })
    }
  }
  return values
}

/** An admin's flag: its type, description, on/off and definition in one environment. */
export const FlagInputSchema = z
  .object({
    valueType: z.enum(FLAG_VALUE_TYPES, 'validation.invalid'),
    description: z.string().trim().max(500, 'validation.invalid').default(''),
    enabled: z.boolean().default(true),
    definition: FeatureDefinitionSchema,
  })
  .superRefine((flag, context) => {
    for (const { path, value } of definitionValues(flag.definition)) {
      if (!valueFits(flag.valueType, value)) {
        context.addIssue({ code: 'custom', path: path.split('.'), message: 'flags.error.valueType' })
      }
    }
  })
  .meta({ id: 'FlagInput' })
export type FlagInput = z.output<typeof FlagInputSchema>

/** One changed field of a flag, with its JSON before and after where the audit may keep them. */
export type FlagChange = { field: string; before?: string; after?: string }

/** How long a value the audit log keeps as text may be; a longer one is named only. */
export const FLAG_CHANGE_VALUE_MAX = 100

type FlagState = Pick<FlagInput, 'valueType' | 'description' | 'enabled' | 'definition'>

/**
 * The fields of a flag a save changed (issue 18 review, item 10): its type, description, on/off,
 * default and each rule by position. Before and after values are kept for the small scalar fields
 * only; rules are named, never quoted, since their conditions may list users' attribute values and
 * the audit log outlives people.
 */
export function flagChanges(before: FlagState, after: FlagState): FlagChange[] {
  const changes: FlagChange[] = []
  const text = (value: unknown) => (value === undefined ? 'none' : JSON.stringify(value))
  const compare = (field: string, a: unknown, b: unknown, quote: boolean) => {
    if (text(a) === text(b)) return
    const small = quote && text(a).length <= FLAG_CHANGE_VALUE_MAX && text(b).length <= FLAG_CHANGE_VALUE_MAX
    changes.push(small ? { field, before: text(a), after: text(b) } : { field })
  }
  compare('valueType', before.valueType, after.valueType, true)
  compare('description', before.description, after.description, true)
  compare('enabled', before.enabled, after.enabled, true)
  compare('definition.defaultValue', before.definition.defaultValue, after.definition.defaultValue, true)
  const rulesBefore = before.definition.rules ?? []
  const rulesAfter = after.definition.rules ?? []
  for (let index = 0; index < Math.max(rulesBefore.length, rulesAfter.length); index++) {
    compare(`definition.rules.${index}`, rulesBefore[index], rulesAfter[index], false)
  }
  return changes
}

export const SavedGroupInputSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(100, 'validation.invalid'),
    attributeKey: z.string().trim().min(1, 'validation.required').max(100, 'validation.invalid'),
    values: z.array(z.union([z.string().max(200), z.number()])).max(10_000, 'validation.invalid'),
  })
  .meta({ id: 'SavedGroupInput' })
export type SavedGroupInput = z.output<typeof SavedGroupInputSchema>

/** The remote-evaluation request (`POST /api/eval/{clientKey}`), as the SDK sends it. */
export const RemoteEvalRequestSchema = z.object({
  attributes: z
    .record(z.string(), z.unknown())
    .refine((record) => Object.keys(record).length <= 1000, 'validation.invalid')
    .default({}),
  forcedVariations: z
    .record(z.string(), z.number().int())
    .refine((record) => Object.keys(record).length <= 1000, 'validation.invalid')
    .default({}),
  forcedFeatures: z
    .array(z.tuple([z.string(), z.unknown()]))
    .max(1000)
    .default([]),
  url: z.string().max(4000).default(''),
})
export type RemoteEvalRequest = z.output<typeof RemoteEvalRequestSchema>

/** An environment as the admin API and the flag editor see it (one schema for both sides). */
export const AdminFlagsViewSchema = z
  .object({
    environment: z.enum(FLAG_ENVIRONMENTS),
    dateUpdated: z.string(),
    flags: z.array(
      z.object({
        key: z.string(),
        valueType: z.enum(FLAG_VALUE_TYPES),
        description: z.string(),
        enabled: z.boolean(),
        definition: FeatureDefinitionSchema,
        updatedAt: z.string(),
      }),
    ),
    savedGroups: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        attributeKey: z.string(),
        values: z.array(z.union([z.string(), z.number()])),
      }),
    ),
    connections: z.array(
      z.object({ clientKey: z.string(), remoteEval: z.boolean(), encrypted: z.boolean() }),
    ),
  })
  .meta({ id: 'AdminFlags' })
export type AdminFlagsView = z.infer<typeof AdminFlagsViewSchema>
