// The session storage key of a page landed on whose after-hydration file has not run yet (ADR 060): the
// root's hook (analytics-start.ts) notes it, the file (after-hydration.ts) captures it and removes it. A
// module of its own, importing nothing, so the two share it without importing each other.

export const PENDING_LANDING_KEY = 'lainava.landing-pending'
