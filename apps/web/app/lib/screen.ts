/** The screen name of a generated route id (`landing.sv` → `landing`); see app/routes.ts. */
export function screenOfRouteId(routeId: string): string | null {
  const dot = routeId.indexOf('.')
  return dot > 0 ? routeId.slice(0, dot) : null
}

/** The language of a generated route id (`landing.sv` → `sv`). */
export function languageOfRouteId(routeId: string): string | null {
  const dot = routeId.indexOf('.')
  return dot > 0 ? routeId.slice(dot + 1) : null
}
