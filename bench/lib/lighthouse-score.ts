// A Lighthouse run it could not score (issue 19): its category score is null, or a trace error gave an
// LCP of 0. Such a run has no Lighthouse figure: it is left out of the medians and shown as
// "(unscored)", never counted as 0.
import type { PageRun } from '../lighthouse.ts'

export const UNSCORED = '(unscored)'

/** A category's score out of 100, or null when Lighthouse gave it none. */
export function categoryScore(score: number | null | undefined): number | null {
  return typeof score === 'number' && Number.isFinite(score) ? Math.round(score * 100) : null
}

/** Whether Lighthouse scored the run: a performance score and an LCP. */
export function scored(run: Pick<PageRun, 'scores' | 'metrics'>): boolean {
  return typeof run.scores.performance === 'number' && run.metrics.lcpMs > 0
}

/**
 * The median of the scored runs' values (null: an unscored run, left out); null when none was scored.
 * Of an even count the upper middle, as the figures recorded in bench/README were taken.
 */
export function scoredMedian(values: ReadonlyArray<number | null | undefined>): number | null {
  const sorted = values
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value))
    .sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? null
}

/** A figure with its unit, or "(unscored)". */
export function scoredFigure(value: number | null, unit = ''): string {
  if (value === null) return UNSCORED
  return unit ? `${value} ${unit}` : String(value)
}
