/** The screen name of a generated route id (`landing.sv` → `landing`); see app/routes.ts. */
export function screenOfRouteId(routeId: string): string | null {
  const dot = routeId.indexOf('.')
  return dot > 0 ? routeId.slice(0, dot) : null
}

/** The language of a generated route id (`landing.sv` → `sv`, `whyProduct.sv.lainava` → `sv`). */
export function languageOfRouteId(routeId: string): string | null {
  const parts = routeId.split('.')
  return parts.length > 1 && parts[0] ? (parts[1] ?? null) : null
}

/** The fixed parameter of a route generated per value (`whyProduct.fi.lainava` → `lainava`). */
export function variantOfRouteId(routeId: string): string | null {
  return routeId.split('.')[2] ?? null
}
