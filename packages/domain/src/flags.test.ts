import { describe, expect, it } from 'vitest'
import { FLAG_CHANGE_VALUE_MAX, flagChanges } from './flags.ts'

// Issue 18 item 10 (review): what a flag update changed, for the audit log.

const flag = {
  valueType: 'string' as const,
  description: 'Landing CTA',
  enabled: true,
  definition: {
    defaultValue: 'apply',
    rules: [{ condition: { userId: { $in: ['u-1'] } }, force: 'compare' }],
  },
}

describe('flagChanges', () => {
  it('names nothing when nothing changed', () => {
    expect(flagChanges(flag, structuredClone(flag))).toEqual([])
  })

  it('keeps before and after of the small scalar fields', () => {
    const after = { ...flag, enabled: false, definition: { ...flag.definition, defaultValue: 'compare' } }
    expect(flagChanges(flag, after)).toEqual([
      { field: 'enabled', before: 'true', after: 'false' },
      { field: 'definition.defaultValue', before: '"apply"', after: '"compare"' },
    ])
  })

  it('names a changed, added or removed rule by position without quoting it (conditions may hold user ids)', () => {
    const edited = {
      ...flag,
      definition: { ...flag.definition, rules: [{ force: 'apply' }, { force: 'x' }] },
    }
    const changes = flagChanges(flag, edited)
    expect(changes).toEqual([{ field: 'definition.rules.0' }, { field: 'definition.rules.1' }])
    expect(JSON.stringify(changes)).not.toContain('u-1')
    expect(flagChanges(edited, { ...flag, definition: { defaultValue: 'apply' } })).toEqual([
      { field: 'definition.rules.0' },
      { field: 'definition.rules.1' },
    ])
  })

  it('names a large value without quoting it', () => {
    const long = 'x'.repeat(FLAG_CHANGE_VALUE_MAX)
    expect(flagChanges(flag, { ...flag, description: long })).toEqual([{ field: 'description' }])
  })
})
