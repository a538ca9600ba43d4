import { describe, expect, it } from 'vitest'
import { categoryScore, scored, scoredFigure, scoredMedian, UNSCORED } from './lighthouse-score.ts'

const run = (performance: number | null, lcpMs: number) => ({
  scores: { performance, accessibility: 100 },
  metrics: {
    fcpMs: 900,
    lcpMs,
    tbtMs: 0,
    speedIndexMs: 900,
    requests: 5,
    scriptRequests: 2,
    scriptTransferKiB: 40,
    htmlKiB: 20,
  },
})

describe('an unscored Lighthouse run', () => {
  it('keeps a missing category score as null, never 0', () => {
    expect(categoryScore(null)).toBeNull()
    expect(categoryScore(undefined)).toBeNull()
    expect(categoryScore(0)).toBe(0)
    expect(categoryScore(0.934)).toBe(93)
  })

  it('is a run without a performance score or without an LCP', () => {
    expect(scored(run(93, 1800))).toBe(true)
    expect(scored(run(0, 1800))).toBe(true)
    expect(scored(run(null, 1800))).toBe(false)
    expect(scored(run(0, 0))).toBe(false)
  })

  it('is left out of the median, which is null when no run was scored', () => {
    expect(scoredMedian([90, null, 70, 80])).toBe(80)
    expect(scoredMedian([null, 60])).toBe(60)
    expect(scoredMedian([0, null, 100])).toBe(100) // an even count: the upper middle
    expect(scoredMedian([null, 0, 0, null])).toBe(0) // a real 0 stays a 0
    expect(scoredMedian([null, null])).toBeNull()
    expect(scoredMedian([])).toBeNull()
  })

  it('is shown as "(unscored)"', () => {
    expect(UNSCORED).toBe('(unscored)')
    expect(scoredFigure(null)).toBe('(unscored)')
    expect(scoredFigure(null, 'ms')).toBe('(unscored)')
    expect(scoredFigure(0)).toBe('0')
    expect(scoredFigure(1800, 'ms')).toBe('1800 ms')
  })
})
