import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mathLoader } from './calculator-math-loader.ts'

// ADR 053 amendment: a load that does not answer in time counts as failed; the next attempt
// gets the same import if it is still under way, and a fresh one after a failure.
describe('the calculator maths loader', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('answers null when the import does not answer in time, and the late module on the next attempt', async () => {
    let arrive: (module: string) => void = () => {}
    const importModule = vi.fn(() => new Promise<string>((resolve) => (arrive = resolve)))
    const loader = mathLoader(importModule, 1000)
    const first = loader.load()
    await vi.advanceTimersByTimeAsync(1000)
    await expect(first).resolves.toBeNull()
    arrive('maths')
    await expect(loader.load()).resolves.toBe('maths')
    expect(importModule).toHaveBeenCalledTimes(1)
    expect(loader.loaded()).toBe('maths')
  })

  it('imports again after a failed import', async () => {
    const importModule = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce('maths')
    const loader = mathLoader(importModule, 1000)
    await expect(loader.load()).resolves.toBeNull()
    expect(loader.loaded()).toBeNull()
    await expect(loader.load()).resolves.toBe('maths')
    expect(importModule).toHaveBeenCalledTimes(2)
  })
})
