// Rounding on its own, without the rest of the loan maths: pages format rates and amounts with it
// while the maths load later (ADR 053). `loan-math.ts` re-exports it.

/**
 * Rounds half up (away from zero) at `decimals`, robust against binary floats:
 * 1.005 is stored as 1.00499999…, yet rounds to 1.01 as written.
 */
export function roundHalfUp(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value
  const factor = 10 ** decimals
  const shifted = Math.abs(value) * factor
  // A few ulps of tolerance take back the representation error of the input and of the shift.
  const rounded = Math.floor(shifted + 0.5 + shifted * Number.EPSILON * 4)
  if (rounded === 0) return 0
  return (Math.sign(value) * rounded) / factor
}
