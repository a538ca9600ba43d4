import { useSyncExternalStore } from 'react'

// Issue 18: the footer's cookie settings link reopens the banner on the page the visitor is on. This
// small store says whether it is open and remembers the element that opened it, so closing the banner
// (a choice, its close button or Escape) returns the focus there.
//
// Without JavaScript the same link leads to `?cookie-settings` (the cookie policy page, or for a signed-in
// consumer the settings page's consents), where the server renders the banner open as a form.

/** The query parameter that renders the banner open on the server (the link's no-JavaScript address). */
export const SETTINGS_PARAM = 'cookie-settings'

let open = false
let opener: HTMLElement | null = null
const listeners = new Set<() => void>()

function notify() {
  for (const listener of [...listeners]) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Opens the banner as the cookie settings; `from` gets the focus back when it closes. */
export function openConsentSettings(from: HTMLElement | null): void {
  opener = from
  open = true
  notify()
}

/** Closes the settings and returns the focus to what opened them (or to the main content). */
export function closeConsentSettings(): void {
  const back = opener
  opener = null
  open = false
  notify()
  const target = back?.isConnected ? back : document.getElementById('main')
  target?.focus({ preventScroll: true })
}

/** Whether the settings were opened on this page (never on the server: there the address decides). */
export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  )
}
