// ADR 049 (issue 19 goal 4): code a first view does not need (analytics and affiliate capture, the
// prefetcher, the flag SDK) loads after the page, not with it: at the visitor's first interaction, or
// AFTER_LOAD_MS after the page's load event, and then when the browser is idle. A visit that ends before
// either loads none of it. The same rule ADR 038 gave the flag SDK, shared here.

/** How long after the load event a visitor who does nothing waits for the deferred code. */
export const AFTER_LOAD_MS = 5000
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const

export type AfterFirstPaintOptions = {
  /** Also start when the page is hidden (what is queued for the hide's flush must exist by then). */
  onHide?: boolean
  /** Wait after the load event instead of AFTER_LOAD_MS (0: as soon as the browser is idle after it). */
  afterLoadMs?: number
}

/** Runs `run` once, as described above; returns the function that cancels it. */
export function afterFirstPaint(run: () => void, options: AfterFirstPaintOptions = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle: number | undefined
  let started = false
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') now()
  }
  const stopListening = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, start)
    window.removeEventListener('load', afterLoad)
    document.removeEventListener('visibilitychange', onVisibility)
    clearTimeout(timer)
  }
  function now() {
    if (started) return
    started = true
    stopListening()
    run()
  }
  function start() {
    if (started) return
    started = true
    stopListening()
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: 2000 })
    else timer = setTimeout(run, 0)
  }
  function afterLoad() {
    timer = setTimeout(start, options.afterLoadMs ?? AFTER_LOAD_MS)
  }
  for (const type of INTERACTIONS) window.addEventListener(type, start, { once: true, passive: true })
  // A hidden page may never be idle again (and its queue is flushed now): no waiting then.
  if (options.onHide) document.addEventListener('visibilitychange', onVisibility)
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
  return () => {
    stopListening()
    if (idle !== undefined) window.cancelIdleCallback(idle)
    clearTimeout(timer)
  }
}
