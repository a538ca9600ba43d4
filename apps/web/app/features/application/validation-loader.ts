import type { validateStep } from './validate.ts'

// The form's checks run the shared zod schemas, with the phone-number metadata: 62 KiB (gzip) of the
// form page's 200. The first paint and hydration never need them, so they load on the first
// interaction with the form (ADR 050); the server checks every submission whatever the browser ran.

export type ValidateStep = typeof validateStep

let loading: Promise<ValidateStep> | null = null
let loaded: ValidateStep | null = null

/** The checks if their code is already here (no wait, no busy button), else null. */
export function loadedValidation(): ValidateStep | null {
  return loaded
}

/**
 * The form's checks, loaded once; null when their code could not be loaded (offline, a deploy
 * replaced the file): the form then goes on and the server's answer shows the field errors.
 */
export function loadValidation(): Promise<ValidateStep | null> {
  loading ??= import('./validate.ts').then((module) => {
    loaded = module.validateStep
    return loaded
  })
  return loading.catch(() => {
    // The next attempt loads again.
    loading = null
    return null
  })
}
