import { describe, expect, it } from 'vitest'
import {
  applyEdit,
  conditionOf,
  conditionRows,
  type DraftProblem,
  draftFromFlag,
  draftToFlag,
  emptyDraft,
  evenWeights,
  type FlagDraft,
  ruleDraft,
} from './flags-form.ts'

// Issue 18 item 2: the flag editor's form model: targeting rows to GrowthBook conditions and back,
// values in the flag's type, weights, and the rule list's edits.

describe('targeting conditions', () => {
  it('turns each operator into its GrowthBook (Mongo-style) form', () => {
    const problems: DraftProblem[] = []
    const condition = conditionOf(
      [
        { attribute: 'country', operator: 'equals', value: 'FI' },
        { attribute: 'deviceType', operator: 'notEquals', value: 'bot' },
        { attribute: 'browser', operator: 'inList', value: 'chrome, firefox,,' },
        { attribute: 'path', operator: 'notInList', value: '/a/,/b/' },
        { attribute: 'age', operator: 'greater', value: '17' },
        { attribute: 'score', operator: 'less', value: '0.5' },
        { attribute: 'id', operator: 'inGroup', value: 'staff' },
        { attribute: 'deviceId', operator: 'notInGroup', value: 'testers' },
        { attribute: '  ', operator: 'equals', value: 'ignored: no attribute' },
      ],
      '',
      'definition.rules.0',
      problems,
    )
    expect(problems).toEqual([])
    expect(condition).toEqual({
      country: 'FI',
      deviceType: { $ne: 'bot' },
      browser: { $in: ['chrome', 'firefox'] },
      path: { $nin: ['/a/', '/b/'] },
      age: { $gt: 17 },
      score: { $lt: 0.5 },
      id: { $inGroup: 'staff' },
      deviceId: { $notInGroup: 'testers' },
    })
    // And back: every row again, nothing left over.
    expect(conditionRows(condition)).toEqual({
      rows: [
        { attribute: 'country', operator: 'equals', value: 'FI' },
        { attribute: 'deviceType', operator: 'notEquals', value: 'bot' },
        { attribute: 'browser', operator: 'inList', value: 'chrome, firefox' },
        { attribute: 'path', operator: 'notInList', value: '/a/, /b/' },
        { attribute: 'age', operator: 'greater', value: '17' },
        { attribute: 'score', operator: 'less', value: '0.5' },
        { attribute: 'id', operator: 'inGroup', value: 'staff' },
        { attribute: 'deviceId', operator: 'notInGroup', value: 'testers' },
      ],
      advanced: '',
    })
  })

  it('joins rows and advanced JSON; the same attribute twice becomes $and', () => {
    const problems: DraftProblem[] = []
    expect(
      conditionOf(
        [{ attribute: 'country', operator: 'equals', value: 'FI' }],
        '{"browser": {"$regex": "Firefox"}}',
        'p',
        problems,
      ),
    ).toEqual({ country: 'FI', browser: { $regex: 'Firefox' } })
    expect(
      conditionOf(
        [
          { attribute: 'age', operator: 'greater', value: '17' },
          { attribute: 'age', operator: 'less', value: '70' },
        ],
        '',
        'p',
        problems,
      ),
    ).toEqual({ $and: [{ age: { $gt: 17 } }, { age: { $lt: 70 } }] })
    expect(problems).toEqual([])
    // What rows cannot say stays advanced JSON.
    expect(conditionRows({ country: 'FI', $or: [{ a: 1 }, { b: 2 }] })).toEqual({
      rows: [{ attribute: 'country', operator: 'equals', value: 'FI' }],
      advanced: JSON.stringify({ $or: [{ a: 1 }, { b: 2 }] }, null, 2),
    })
  })

  it('refuses advanced JSON that is not an object', () => {
    for (const advanced of ['[1]', 'country: FI', '"FI"']) {
      const problems: DraftProblem[] = []
      expect(conditionOf([], advanced, 'definition.rules.2', problems)).toBeUndefined()
      expect(problems).toEqual([{ path: 'definition.rules.2.advanced', code: 'adminFlags.error.condition' }])
    }
  })
})

describe('draft to flag', () => {
  const draft = (changes: Partial<FlagDraft>): FlagDraft => ({ ...emptyDraft(), key: 'f', ...changes })

  it('reads values in the flag’s type and leaves a misfit as typed for the API to refuse', () => {
    const number = draftToFlag(
      draft({
        valueType: 'number',
        defaultValue: '2.5',
        rules: [{ ...ruleDraft('force', 'number', 'r'), value: 'two' }],
      }),
    )
    expect(number.problems).toEqual([])
    expect(number.flag).toMatchObject({
      definition: { defaultValue: 2.5, rules: [{ id: 'r', force: 'two' }] },
    })
    const json = draftToFlag(draft({ valueType: 'json', defaultValue: '{"a": [1]}' }))
    expect(json.flag).toMatchObject({ definition: { defaultValue: { a: [1] } } })
    const broken = draftToFlag(draft({ valueType: 'json', defaultValue: '{a:' }))
    expect(broken.problems).toEqual([{ path: 'definition.defaultValue', code: 'adminFlags.error.json' }])
  })

  it('checks coverage and that the weights add up to 100 %', () => {
    const experiment = ruleDraft('experiment', 'boolean', 'x')
    const ok = draftToFlag(draft({ rules: [{ ...experiment, coverage: '50' }] }))
    expect(ok.problems).toEqual([])
    expect(ok.flag).toMatchObject({
      definition: {
        rules: [
          { key: 'f', coverage: 0.5, weights: [0.5, 0.5], variations: [true, true], hashAttribute: 'id' },
        ],
      },
    })
    const wrong = draftToFlag(
      draft({
        rules: [
          {
            ...experiment,
            coverage: '120',
            variations: [
              { name: 'a', value: 'true', weight: '60' },
              { name: 'b', value: 'false', weight: '60' },
            ],
          },
        ],
      }),
    )
    expect(wrong.problems).toEqual([
      { path: 'definition.rules.0.coverage', code: 'adminFlags.error.percent' },
      { path: 'definition.rules.0.weights', code: 'adminFlags.error.weights' },
    ])
  })

  it('gives back a stored flag unchanged through the editor', () => {
    const stored = {
      key: 'cta',
      valueType: 'string' as const,
      description: 'd',
      enabled: false,
      definition: {
        defaultValue: 'a',
        rules: [
          { id: 'f1', condition: { id: { $inGroup: 'staff' } }, force: 'b' },
          { id: 'r1', force: 'c', coverage: 0.25, hashAttribute: 'deviceId' },
          {
            id: 'e1',
            key: 'cta-exp',
            variations: ['a', 'b', 'c'],
            weights: [0.3333, 0.3333, 0.3334],
            coverage: 1,
            hashAttribute: 'id',
            meta: [
              { key: '0', name: 'x' },
              { key: '1', name: 'y' },
              { key: '2', name: 'z' },
            ],
          },
          { id: 'n1', force: 'd', namespace: ['ns', 0, 0.5] as [string, number, number] },
        ],
      },
    }
    const draft = draftFromFlag(stored)
    expect(draft.rules.map((rule) => rule.kind)).toEqual(['force', 'rollout', 'experiment', 'raw'])
    const { flag, problems } = draftToFlag(draft)
    expect(problems).toEqual([])
    expect(flag).toEqual({
      valueType: 'string',
      description: 'd',
      enabled: false,
      definition: stored.definition,
    })
  })
})

describe('rule list edits', () => {
  const start: FlagDraft = {
    ...emptyDraft(),
    rules: [ruleDraft('force', 'boolean', 'a'), ruleDraft('rollout', 'boolean', 'b')],
  }
  const ids = (draft: FlagDraft | null) => draft?.rules.map((rule) => rule.id)

  it('adds, moves and removes rules', () => {
    expect(ids(applyEdit(start, 'rule.add.experiment', () => 'c'))).toEqual(['a', 'b', 'c'])
    expect(ids(applyEdit(start, 'rule.up.1', () => ''))).toEqual(['b', 'a'])
    expect(ids(applyEdit(start, 'rule.down.0', () => ''))).toEqual(['b', 'a'])
    expect(ids(applyEdit(start, 'rule.remove.0', () => ''))).toEqual(['b'])
    expect(applyEdit(start, 'rule.up.0', () => '')).toBeNull()
    expect(applyEdit(start, 'rule.down.1', () => '')).toBeNull()
    expect(applyEdit(start, 'rule.add.nonsense', () => '')).toBeNull()
    expect(applyEdit(start, 'rule.remove.9', () => '')).toBeNull()
    // The draft it was given stays as it was.
    expect(ids(start)).toEqual(['a', 'b'])
  })

  it('adds and removes condition rows and variations, keeping the weights at 100 %', () => {
    const withRow = applyEdit(start, 'condition.add.1', () => '')
    expect(withRow?.rules[1]?.conditions).toHaveLength(1)
    expect(
      applyEdit(withRow as FlagDraft, 'condition.remove.1.0', () => '')?.rules[1]?.conditions,
    ).toHaveLength(0)
    const experiment: FlagDraft = { ...start, rules: [ruleDraft('experiment', 'boolean', 'e')] }
    const three = applyEdit(experiment, 'variation.add.0', () => '')
    expect(three?.rules[0]?.variations.map((variation) => variation.weight)).toEqual([
      '33.33',
      '33.33',
      '33.34',
    ])
    expect(applyEdit(experiment, 'variation.remove.0.0', () => '')).toBeNull()
    // Buttons that name no row change nothing.
    for (const intent of [
      'condition.remove.1.x',
      'condition.remove.1.',
      'condition.remove.1.5',
      'rule.up.',
      'rule.up.1e0',
    ]) {
      expect(applyEdit(withRow as FlagDraft, intent, () => '')).toBeNull()
    }
    expect(evenWeights(7).reduce((sum, weight) => sum + Number(weight), 0)).toBeCloseTo(100, 6)
  })
})
