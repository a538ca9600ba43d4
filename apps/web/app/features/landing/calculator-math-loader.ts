import type * as CalculatorMathModule from './calculator-math.ts'

// The calculator's maths load when the visitor first touches the calculator, not with the page
// (ADR 053). A failed load is not kept: the next touch or move tries again.

export type CalculatorMath = typeof CalculatorMathModule

/**
 * How long a move waits for the maths before the calculator says it cannot compute (ADR 053
 * amendment): a stalled connection must not leave a figure beside an amount it is not for.
 */
export const CALCULATOR_MATH_TIMEOUT_MS = 8000

/**
 * A loader of the maths' module: one import at a time, shared by every caller; null when the
 * import failed or did not answer within `timeoutMs` (an import still under way is kept, so the
 * next attempt gets it when it comes; a failed one is dropped, so the next attempt imports again).
 */
export function mathLoader<T>(importModule: () => Promise<T>, timeoutMs: number) {
  let loading: Promise<T> | null = null
  let loaded: T | null = null
  return {
    loaded: (): T | null => loaded,
    load: (): Promise<T | null> => {
      loading ??= importModule().then(
        (module) => {
          loaded = module
          return module
        },
        (error: unknown) => {
          loading = null
          throw error
        },
      )
      const attempt = loading
      return new Promise<T | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs)
        attempt.then(
          (module) => {
            clearTimeout(timer)
            resolve(module)
          },
          () => {
            clearTimeout(timer)
            resolve(null)
          },
        )
      })
    },
  }
}

const calculatorMath = mathLoader<CalculatorMath>(
  () => import('./calculator-math.ts'),
  CALCULATOR_MATH_TIMEOUT_MS,
)

/** The maths if their code is already here (a later page of the visit), else null. */
export function loadedCalculatorMath(): CalculatorMath | null {
  return calculatorMath.loaded()
}

/** The maths, loaded once; null when their code could not be loaded in time (offline, a deploy replaced the file). */
export function loadCalculatorMath(): Promise<CalculatorMath | null> {
  return calculatorMath.load()
}
