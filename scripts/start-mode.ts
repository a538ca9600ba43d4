// How `npm start` and `npm run dev` run the server. NODE_ENV only picks React's build (the
// production build for `npm start`, the development build with its warnings for `npm run dev`);
// nothing of ours switches on it (house style: explicit settings, not NODE_ENV).

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
 */
export const START_NODE_OPTIONS = ['--max-semi-space-size=32'] as const
