import { describe, expect, it } from 'vitest'
import { normalizeEmail } from './email.ts'

describe('normalizeEmail', () => {
  it('trims and lower-cases for storage', () => {
    expect(normalizeEmail('  Aino.Virtanen@Example.FI ')).toBe('aino.virtanen@example.fi')
  })
})
