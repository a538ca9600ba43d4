// Build and start the bench anchor "bare React Router 8 app" (issue 19): the default template's
// shape (one SSR route, its own root layout, React Router's default server entry), built with the
// workspace's @react-router/dev and Vite and served in production mode by ./server.ts.
//   const app = await startBareApp(port)  // { origin, pid, stop }
//   node bench/anchors/bare-react-router/serve.ts [port]  (serves until Ctrl-C)
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { waitUntilAnswers } from '../../lib/ready.ts'

const here = new URL('.', import.meta.url).pathname
const serverBuild = join(here, 'build/server/index.js')

function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** Builds the app when its build is missing or older than its sources (about a second). */
export function buildBareApp(): void {
  const sources = Math.max(
    newestSource(join(here, 'app')),
    ...['vite.config.ts', 'react-router.config.ts', 'package.json'].map(
      (file) => statSync(join(here, file)).mtimeMs,
    ),
  )
  if (existsSync(serverBuild) && statSync(serverBuild).mtimeMs >= sources) return
  // The anchor's own package.json lists isbot: without it React Router's build would add it to the
  // nearest package.json and run `npm install` there.
  const cli = new URL('../../../node_modules/.bin/react-router', import.meta.url).pathname
  const result = spawnSync(cli, ['build'], { cwd: here, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0)
    throw new Error(`building the bare React Router app failed (exit ${result.status})`)
}

export interface BareApp {
  origin: string
  pid: number
  stop(): Promise<void>
}

/**
 * Builds if needed and starts the bare app on 127.0.0.1:`port` with NODE_ENV=production.
 * `compress: false` turns off the per-request gzip (on by default, as `react-router-serve`).
 */
export async function startBareApp(port: number, options: { compress?: boolean } = {}): Promise<BareApp> {
  buildBareApp()
  const origin = `http://localhost:${port}`
  const child = spawn(process.execPath, [join(here, 'server.ts')], {
    cwd: here,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      BARE_COMPRESS: options.compress === false ? 'false' : 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    await waitUntilAnswers(`${origin}/`, {
      label: 'the bare React Router app',
      attempts: 150,
      intervalMs: 100,
      child,
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { origin, pid: child.pid as number, stop }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = await startBareApp(Number(process.argv[2] ?? 3199))
  console.warn(`bare React Router app: ${app.origin} (pid ${app.pid}); Ctrl-C stops it`)
  process.on('SIGINT', () => void app.stop().then(() => process.exit(0)))
}
