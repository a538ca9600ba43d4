import type { ChildProcess } from 'node:child_process'

/**
 * Waits until `url` answers with a 2xx status: one request every `intervalMs`, `attempts` times at the
 * most. With `child`, the process that should answer, its exit ends the wait at once (its own output
 * says why). Throws naming `label` either way; stopping the process is the caller's.
 */
export async function waitUntilAnswers(
  url: string,
  options: { label: string; attempts: number; intervalMs: number; child?: ChildProcess },
): Promise<void> {
  const { child } = options
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (child && child.exitCode !== null) throw new Error(`${options.label} exited (${child.exitCode})`)
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs))
  }
  throw new Error(`${options.label} did not answer at ${url}`)
}
