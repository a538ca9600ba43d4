import type * as CalculatorMathModule from './calculator-math.ts'

// The calculator's maths load when the visitor first touches the calculator, not with the page
// (ADR 053). A failed load is not kept: the next touch or move tries again.

export type CalculatorMath = typeof CalculatorMathModule

let loading: Promise<CalculatorMath> | null = null
let loaded: CalculatorMath | null = null

/** The maths if their code is already here (a later page of the visit), else null. */
export function loadedCalculatorMath(): CalculatorMath | null {
  return loaded
}

/** The maths, loaded once; null when their code could not be loaded (offline, a deploy replaced the file). */
export function loadCalculatorMath(): Promise<CalculatorMath | null> {
  loading ??= import('./calculator-math.ts').then((module) => {
    loaded = module
    return module
  })
  return loading.catch(() => {
    loading = null
    return null
  })
}
