import { describe, expect, it } from 'vitest'
import { findUnsafeText, isUnsafeText } from './unsafe-text.ts'

describe('unsafe text (issue 13)', () => {
  it('finds NUL bytes and lone surrogates, and lets paired surrogates and other text through', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800'])
      expect(isUnsafeText(text)).toBe(true)
    for (const text of ['', 'Äiti', '😀', '%00', '\\u0000', 'a\tb\n']) expect(isUnsafeText(text)).toBe(false)
  })

  it('names the path to the first unsafe string or key', () => {
    expect(findUnsafeText({ a: [1, { b: 'ok' }, { c: 'x\u0000' }] })).toEqual(['a', 2, 'c'])
    expect(findUnsafeText({ loan: { 'ke\ud800y': 1 } })).toEqual(['loan', 'ke\ud800y'])
    expect(findUnsafeText('\u0000')).toEqual([])
    expect(findUnsafeText({ a: 'fine', b: [1, true, null, { c: '😀' }] })).toBeNull()
    expect(findUnsafeText(undefined)).toBeNull()
  })

  it('walks deep nesting without overflowing the stack', () => {
    const depth = 200_000
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`)
    expect(findUnsafeText(deep)).toHaveLength(depth)
  })
})
