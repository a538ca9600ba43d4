// How `npm start` and `npm run dev` run the server. NODE_ENV only picks React's build (the
// production build for `npm start`, the development build with its warnings for `npm run dev`);
// nothing of ours switches on it (house style: explicit settings, not NODE_ENV).

import { accessSync, constants } from 'node:fs'

export type StartMode = 'production' | 'development'

/** `npm run dev` passes --dev; everything else is the production server. */
export function startMode(args: readonly string[]): StartMode {
  return args.includes('--dev') ? 'development' : 'production'
}

/** What the server's environment gets: NODE_ENV set by the mode, never inherited from the shell. */
export function serverEnvironment(mode: StartMode): { NODE_ENV: StartMode } {
  return { NODE_ENV: mode }
}

/** The build always runs as production, whatever NODE_ENV the shell has (a development NODE_ENV would change Vite's output). */
export function buildEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  return { ...env, NODE_ENV: 'production' }
}

/** The start-up line that says which mode runs. */
export function modeLine(mode: StartMode): string {
  return mode === 'production'
    ? 'Production mode (NODE_ENV=production); `npm run dev` runs the development build.'
    : 'Development mode (NODE_ENV=development, React development build); `npm start` runs production.'
}

/**
 * V8 options `npm start` gives Node (package.json's start script; V8 takes them only at launch). A
 * 32 MiB semi-space (young generation 64 instead of 128 MiB under load) took about 40 MiB off peak
 * RSS under live-page load for about 6 % more CPU per page; 16 MiB took 55 MiB for 10-25 % (ADR 047).
 * A fixed heap growth of 2 (V8's own factor let the old generation grow to 3-4× what a full GC left: 330
 * MiB for about 100 MiB live under live-page load) takes about 180 MiB off peak RSS (ADR 054).
 * Not `--liftoff-only` (WebAssembly by the baseline compiler only): it takes start-up's peak from about 900
 * to 345 MiB, but cost the live form 10-25 % of its throughput in the bench (ADR 067); the initdb
 * process has it.
 */
export const START_NODE_OPTIONS = ['--max-semi-space-size=32', '--heap-growing-percent=100'] as const

/**
 * Environment for the server process that only takes effect at launch: glibc reads MALLOC_ARENA_MAX at
 * its first malloc. Two arenas instead of up to 8 per core (one per thread that allocates: V8's GC and
 * compiler threads, libuv's pool) (ADR 054).
 */
export const START_PROCESS_ENVIRONMENT = { MALLOC_ARENA_MAX: '2' } as const

/**
 * The environment to relaunch the server with, or undefined when there is nothing to set: not on Linux
 * (glibc's setting; musl and other systems ignore it), or every variable already set (by the relaunch,
 * or by whoever started us, whose value wins).
 */
export function relaunchEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): Record<string, string> | undefined {
  if (platform !== 'linux') return undefined
  const missing = Object.entries(START_PROCESS_ENVIRONMENT).filter(([name]) => env[name] === undefined)
  if (missing.length === 0) return undefined
  const kept = Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined)
  return Object.fromEntries([...kept, ...missing])
}

/**
 * Replaces this process with the same Node, options and arguments under `START_PROCESS_ENVIRONMENT`
 * (`process.execve`: same pid, so a supervisor or the bench still holds the server's process). Call it
 * first, before any output or work. Returns, and the server runs without the setting, when there is
 * nothing to set, when there is no execve (Windows), and where execve would fail or lose something: a
 * failed execve aborts Node rather than throwing, so the binary must be executable and the permission
 * model off; a parent's IPC channel (`fork()`, a supervisor in fork mode) would not survive it.
 */
export function relaunchWithProcessEnvironment(): void {
  const env = relaunchEnvironment(process.env, process.platform)
  if (!env || !process.execve) return
  if (process.channel || process.permission) return
  try {
    accessSync(process.execPath, constants.X_OK)
  } catch {
    return
  }
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env)
}
