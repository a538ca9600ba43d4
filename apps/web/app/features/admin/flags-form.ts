import type { FeatureDefinition, FeatureRule, FlagValueType } from '@lainava/domain/flags'
import { FLAG_VALUE_TYPES } from '@lainava/domain/flags'

// Issue 18 item 2: the flag editor's form as plain data (a draft), read from and written to form
// fields, and turned into the flag the API stores (GrowthBook's FeatureDefinition). Every edit of the
// rule list (add, move, delete, rows) is a post that returns the changed draft, so the editor works
// the same with and without JavaScript.

export const OPERATORS = [
  'equals',
  'notEquals',
  'inList',
  'notInList',
  'greater',
  'less',
  'inGroup',
  'notInGroup',
] as const
export type Operator = (typeof OPERATORS)[number]

/** GrowthBook's (Mongo-style) operator of each row operator; `equals` is the plain value. */
const MONGO = {
  notEquals: '$ne',
  inList: '$in',
  notInList: '$nin',
  greater: '$gt',
  less: '$lt',
  inGroup: '$inGroup',
  notInGroup: '$notInGroup',
} as const satisfies Record<Exclude<Operator, 'equals'>, string>

export const RULE_KINDS = ['force', 'rollout', 'experiment', 'raw'] as const
export type RuleKind = (typeof RULE_KINDS)[number]

export type ConditionRow = { attribute: string; operator: Operator; value: string }
export type VariationDraft = { name: string; value: string; weight: string }
export type RuleDraft = {
  kind: RuleKind
  id: string
  /** A force or rollout rule's value, as typed. */
  value: string
  /** Percent 0–100. */
  coverage: string
  hashAttribute: string
  /** An experiment's tracking key (the flag's key when empty). */
  trackingKey: string
  variations: VariationDraft[]
  conditions: ConditionRow[]
  /** A condition in GrowthBook's JSON, joined with the rows. */
  advanced: string
  /** A rule the rows cannot show, kept as its JSON. */
  raw: string
}
export type FlagDraft = {
  key: string
  isNew: boolean
  valueType: FlagValueType
  description: string
  enabled: boolean
  defaultValue: string
  rules: RuleDraft[]
}

/** A problem found before the API is asked: its field path and message key. */
export type DraftProblem = { path: string; code: string }

const MAX_RULES = 100
const MAX_ROWS = 50
const MAX_VARIATIONS = 20

export function emptyDraft(): FlagDraft {
  return {
    key: '',
    isNew: true,
    valueType: 'boolean',
    description: '',
    enabled: true,
    defaultValue: 'false',
    rules: [],
  }
}

// ---------- stored flag → draft ----------

export function valueText(type: FlagValueType, value: unknown): string {
  if (value === undefined) return ''
  if (type === 'json') return JSON.stringify(value, null, 2)
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** One attribute's condition as a row, when a row can say it exactly. */
function rowOf(attribute: string, test: unknown): ConditionRow | null {
  if (attribute.startsWith('$')) return null
  if (typeof test === 'string') return { attribute, operator: 'equals', value: test }
  if (!isRecord(test)) return null
  const entries = Object.entries(test)
  if (entries.length !== 1) return null
  const [[op, value]] = entries as [[string, unknown]]
  for (const operator of OPERATORS) {
    if (operator === 'equals' || MONGO[operator] !== op) continue
    if (operator === 'inList' || operator === 'notInList') {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && !item.includes(',')))
        return null
      return { attribute, operator, value: value.join(', ') }
    }
    if (operator === 'greater' || operator === 'less') {
      return typeof value === 'number' ? { attribute, operator, value: String(value) } : null
    }
    return typeof value === 'string' ? { attribute, operator, value } : null
  }
  return null
}

/** A stored condition as rows, and whatever rows cannot say as advanced JSON. */
export function conditionRows(condition: unknown): { rows: ConditionRow[]; advanced: string } {
  if (!isRecord(condition)) return { rows: [], advanced: '' }
  const rows: ConditionRow[] = []
  const rest: Record<string, unknown> = {}
  for (const [attribute, test] of Object.entries(condition)) {
    const row = rowOf(attribute, test)
    if (row) rows.push(row)
    else rest[attribute] = test
  }
  return { rows, advanced: Object.keys(rest).length > 0 ? JSON.stringify(rest, null, 2) : '' }
}

function percentText(fraction: unknown): string {
  return typeof fraction === 'number' ? String(Math.round(fraction * 10_000) / 100) : '100'
}

function kindOf(rule: FeatureRule): RuleKind {
  const known = new Set([
    'id',
    'condition',
    'force',
    'coverage',
    'hashAttribute',
    'variations',
    'weights',
    'key',
    'meta',
  ])
  if (Object.keys(rule).some((field) => !known.has(field))) return 'raw'
  if (rule.variations) return rule.weights?.length === rule.variations.length ? 'experiment' : 'raw'
  if (!('force' in rule)) return 'raw'
  return rule.coverage !== undefined || rule.hashAttribute !== undefined ? 'rollout' : 'force'
}

export function ruleDraft(kind: RuleKind, type: FlagValueType, id: string): RuleDraft {
  const value = type === 'boolean' ? 'true' : ''
  return {
    kind,
    id,
    value,
    coverage: '100',
    hashAttribute: 'id',
    trackingKey: '',
    variations:
      kind === 'experiment'
        ? [
            { name: 'control', value, weight: '50' },
            { name: 'treatment', value, weight: '50' },
          ]
        : [],
    conditions: [],
    advanced: '',
    raw: kind === 'raw' ? '{}' : '',
  }
}

export function draftFromFlag(flag: {
  key: string
  valueType: FlagValueType
  description: string
  enabled: boolean
  definition: FeatureDefinition
}): FlagDraft {
  const type = flag.valueType
  const rules = (flag.definition.rules ?? []).map((rule, index): RuleDraft => {
    const kind = kindOf(rule)
    const base = ruleDraft(kind, type, rule.id ?? `rule-${index + 1}`)
    if (kind === 'raw') return { ...base, raw: JSON.stringify(rule, null, 2) }
    const { rows, advanced } = conditionRows(rule.condition)
    const draft: RuleDraft = { ...base, conditions: rows, advanced }
    if (kind === 'force' || kind === 'rollout') draft.value = valueText(type, rule.force)
    if (kind === 'rollout' || kind === 'experiment') {
      draft.coverage = percentText(rule.coverage)
      draft.hashAttribute = rule.hashAttribute ?? 'id'
    }
    if (kind === 'experiment') {
      draft.trackingKey = rule.key ?? ''
      draft.variations = (rule.variations ?? []).map((value, variation) => ({
        name: rule.meta?.[variation]?.name ?? '',
        value: valueText(type, value),
        weight: percentText(rule.weights?.[variation]),
      }))
    }
    return draft
  })
  return {
    key: flag.key,
    isNew: false,
    valueType: type,
    description: flag.description,
    enabled: flag.enabled,
    defaultValue: valueText(type, flag.definition.defaultValue),
    rules,
  }
}

// ---------- form fields → draft ----------

type Fields = { get(name: string): FormDataEntryValue | null; has(name: string): boolean }

export function readDraft(form: Fields): FlagDraft {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const type = text('valueType')
  const rules: RuleDraft[] = []
  for (let i = 0; i < MAX_RULES && form.has(`rules.${i}.kind`); i++) {
    const at = (name: string) => text(`rules.${i}.${name}`)
    const kind = at('kind')
    const conditions: ConditionRow[] = []
    for (let j = 0; j < MAX_ROWS && form.has(`rules.${i}.conditions.${j}.attribute`); j++) {
      const operator = at(`conditions.${j}.operator`)
      conditions.push({
        attribute: at(`conditions.${j}.attribute`),
        operator: (OPERATORS as readonly string[]).includes(operator) ? (operator as Operator) : 'equals',
        value: at(`conditions.${j}.value`),
      })
    }
    const variations: VariationDraft[] = []
    for (let j = 0; j < MAX_VARIATIONS && form.has(`rules.${i}.variations.${j}.value`); j++) {
      variations.push({
        name: at(`variations.${j}.name`),
        value: at(`variations.${j}.value`),
        weight: at(`variations.${j}.weight`),
      })
    }
    rules.push({
      kind: (RULE_KINDS as readonly string[]).includes(kind) ? (kind as RuleKind) : 'force',
      id: at('id').slice(0, 100),
      value: at('value'),
      coverage: at('coverage'),
      hashAttribute: at('hashAttribute'),
      trackingKey: at('trackingKey'),
      variations,
      conditions,
      advanced: at('advanced'),
      raw: at('raw'),
    })
  }
  return {
    key: text('key').trim(),
    isNew: text('isNew') === '1',
    valueType: (FLAG_VALUE_TYPES as readonly string[]).includes(type) ? (type as FlagValueType) : 'boolean',
    description: text('description'),
    enabled: form.has('enabled'),
    defaultValue: text('defaultValue'),
    rules,
  }
}

// ---------- edits of the rule list ----------

/** Weights in percent that add up to exactly 100 (the last one takes the rounding). */
export function evenWeights(count: number): string[] {
  const share = Math.floor(10_000 / count) / 100
  return Array.from({ length: count }, (_, index) =>
    String(index === count - 1 ? Math.round((100 - share * (count - 1)) * 100) / 100 : share),
  )
}

/**
 * The draft after an editing button (`rule.add.force`, `rule.up.2`, `condition.remove.0.1`, …);
 * null for anything else.
 */
export function applyEdit(draft: FlagDraft, intent: string, newId: () => string): FlagDraft | null {
  const [what, action, first, second] = intent.split('.')
  const rules = draft.rules.map((rule) => ({
    ...rule,
    conditions: [...rule.conditions],
    variations: [...rule.variations],
  }))
  const index = /^\d+$/.test(first ?? '') ? Number(first) : Number.NaN
  const row = /^\d+$/.test(second ?? '') ? Number(second) : Number.NaN
  const rule = Number.isInteger(index) ? rules[index] : undefined
  if (what === 'rule' && action === 'add') {
    const kind = first as RuleKind
    if (!(RULE_KINDS as readonly string[]).includes(kind) || rules.length >= MAX_RULES) return null
    rules.push(ruleDraft(kind, draft.valueType, newId()))
    return { ...draft, rules }
  }
  if (!rule) return null
  if (what === 'rule') {
    if (action === 'remove') rules.splice(index, 1)
    else if (action === 'up' && index > 0) rules.splice(index - 1, 2, rule, rules[index - 1] as RuleDraft)
    else if (action === 'down' && index < rules.length - 1)
      rules.splice(index, 2, rules[index + 1] as RuleDraft, rule)
    else return null
    return { ...draft, rules }
  }
  if (what === 'condition') {
    if (action === 'add' && rule.conditions.length < MAX_ROWS)
      rule.conditions.push({ attribute: '', operator: 'equals', value: '' })
    else if (action === 'remove' && row < rule.conditions.length) rule.conditions.splice(row, 1)
    else return null
    return { ...draft, rules }
  }
  if (what === 'variation') {
    if (action === 'add' && rule.variations.length < MAX_VARIATIONS)
      rule.variations.push({ name: '', value: '', weight: '' })
    else if (action === 'remove' && rule.variations.length > 2 && row < rule.variations.length)
      rule.variations.splice(row, 1)
    else return null
    const weights = evenWeights(rule.variations.length)
    rule.variations = rule.variations.map((variation, j) => ({ ...variation, weight: weights[j] ?? '0' }))
    return { ...draft, rules }
  }
  return null
}

// ---------- draft → the flag the API stores ----------

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/

/**
 * A typed value as the flag's type reads it. A value that does not fit is sent as it was typed, so
 * the API's own check answers (flags.error.valueType); only JSON that does not parse stops here.
 */
function typedValue(type: FlagValueType, text: string, path: string, problems: DraftProblem[]): unknown {
  const trimmed = text.trim()
  switch (type) {
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : text
    case 'number':
      return NUMBER.test(trimmed) ? Number(trimmed) : text
    case 'string':
      return text
    case 'json':
      try {
        return JSON.parse(text)
      } catch {
        problems.push({ path, code: 'adminFlags.error.json' })
        return null
      }
  }
}

function percentOf(text: string, path: string, problems: DraftProblem[]): number {
  const value = Number(text.trim().replace(',', '.'))
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
    problems.push({ path, code: 'adminFlags.error.percent' })
    return 0
  }
  return value
}

function rowCondition(row: ConditionRow): Record<string, unknown> {
  const text = row.value.trim()
  if (row.operator === 'equals') return { [row.attribute]: text }
  const value =
    row.operator === 'inList' || row.operator === 'notInList'
      ? text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : (row.operator === 'greater' || row.operator === 'less') && NUMBER.test(text)
        ? Number(text)
        : text
  return { [row.attribute]: { [MONGO[row.operator]]: value } }
}

/** The rows and the advanced JSON as one GrowthBook condition (undefined when there is none). */
export function conditionOf(
  rows: ConditionRow[],
  advanced: string,
  path: string,
  problems: DraftProblem[],
): Record<string, unknown> | undefined {
  const parts = rows
    .filter((row) => row.attribute.trim() !== '')
    .map((row) => rowCondition({ ...row, attribute: row.attribute.trim() }))
  if (advanced.trim() !== '') {
    let parsed: unknown
    try {
      parsed = JSON.parse(advanced)
    } catch {
      parsed = undefined
    }
    if (isRecord(parsed)) parts.push(parsed)
    else problems.push({ path: `${path}.advanced`, code: 'adminFlags.error.condition' })
  }
  if (parts.length === 0) return undefined
  if (parts.length === 1) return parts[0]
  const keys = parts.flatMap((part) => Object.keys(part))
  if (new Set(keys).size === keys.length && !keys.some((key) => key.startsWith('$')))
    return Object.fromEntries(parts.flatMap((part) => Object.entries(part)))
  return { $and: parts }
}

export function draftToFlag(draft: FlagDraft): { flag: unknown; problems: DraftProblem[] } {
  const problems: DraftProblem[] = []
  const type = draft.valueType
  const rules = draft.rules.map((rule, index): Record<string, unknown> => {
    const path = `definition.rules.${index}`
    if (rule.kind === 'raw') {
      let parsed: unknown
      try {
        parsed = JSON.parse(rule.raw)
      } catch {
        parsed = undefined
      }
      if (!isRecord(parsed)) problems.push({ path: `${path}.raw`, code: 'adminFlags.error.condition' })
      return isRecord(parsed) ? parsed : {}
    }
    const condition = conditionOf(rule.conditions, rule.advanced, path, problems)
    const out: Record<string, unknown> = { id: rule.id }
    if (condition) out.condition = condition
    if (rule.kind === 'force' || rule.kind === 'rollout') {
      out.force = typedValue(type, rule.value, `${path}.force`, problems)
    }
    if (rule.kind === 'rollout' || rule.kind === 'experiment') {
      out.coverage = percentOf(rule.coverage, `${path}.coverage`, problems) / 100
      out.hashAttribute = rule.hashAttribute.trim() || 'id'
    }
    if (rule.kind === 'experiment') {
      out.key = rule.trackingKey.trim() || draft.key
      out.variations = rule.variations.map((variation, j) =>
        typedValue(type, variation.value, `${path}.variations.${j}`, problems),
      )
      const weights = rule.variations.map((variation, j) =>
        percentOf(variation.weight, `${path}.variations.${j}.weight`, problems),
      )
      const sum = weights.reduce((total, weight) => total + weight, 0)
      if (Math.abs(sum - 100) > 0.05)
        problems.push({ path: `${path}.weights`, code: 'adminFlags.error.weights' })
      out.weights = weights.map((weight) => Math.round(weight * 100) / 10_000)
      out.meta = rule.variations.map((variation, j) => ({
        key: String(j),
        name: variation.name.trim() || String(j),
      }))
    }
    return out
  })
  return {
    flag: {
      valueType: type,
      description: draft.description,
      enabled: draft.enabled,
      definition: {
        defaultValue: typedValue(type, draft.defaultValue, 'definition.defaultValue', problems),
        rules,
      },
    },
    problems,
  }
}

// ---------- the preview's attributes ----------

export type AttributeRow = { key: string; value: string }
export const PREVIEW_ATTRIBUTES = ['id', 'deviceId', 'country', 'deviceType', 'browser', 'path'] as const

export function readAttributes(form: Fields): { rows: AttributeRow[]; json: string } {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const rows: AttributeRow[] = []
  for (let j = 0; j < MAX_ROWS && form.has(`attributes.${j}.key`); j++) {
    rows.push({ key: text(`attributes.${j}.key`), value: text(`attributes.${j}.value`) })
  }
  return { rows, json: text('attributesJson') }
}

/** The attributes to evaluate with: the rows (as text), then the JSON's on top. */
export function attributesOf(
  rows: AttributeRow[],
  json: string,
): { attributes: Record<string, unknown>; problems: DraftProblem[] } {
  const attributes: Record<string, unknown> = {}
  for (const row of rows) {
    if (row.key.trim() !== '' && row.value !== '') attributes[row.key.trim()] = row.value
  }
  if (json.trim() === '') return { attributes, problems: [] }
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    parsed = undefined
  }
  if (!isRecord(parsed))
    return { attributes, problems: [{ path: 'attributesJson', code: 'adminFlags.error.condition' }] }
  return { attributes: { ...attributes, ...parsed }, problems: [] }
}
