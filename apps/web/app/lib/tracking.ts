import { TRACKING_WAIT_CAP_MS } from '@lainava/routing'

// Trackers (analytics, affiliate) register a flush here; a redirect waits for
// them, but never longer than the cap (spec §9: 1 s).
const flushes = new Set<() => Promise<unknown>>()

export function registerTrackingFlush(flush: () => Promise<unknown>): () => void {
  flushes.add(flush)
  return () => flushes.delete(flush)
}

export async function waitForTracking(capMs: number = TRACKING_WAIT_CAP_MS): Promise<void> {
  if (flushes.size === 0) return
  let timer: ReturnType<typeof setTimeout> | undefined
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, capMs)
  })
  await Promise.race([Promise.allSettled([...flushes].map((flush) => flush())), cap])
  clearTimeout(timer)
}
