// `npm start`: builds the web app when its build is missing or older than its
// sources, then runs the server (web + API + worker in one process by default)
// in production mode; `npm run dev` (--dev) runs it with React's development build.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  buildEnvironment,
  modeLine,
  relaunchWithProcessEnvironment,
  serverEnvironment,
  startMode,
} from './start-mode.ts'

// First: settings the C library reads only at launch (MALLOC_ARENA_MAX) need a relaunch (ADR 054).
relaunchWithProcessEnvironment()

const root = fileURLToPath(new URL('..', import.meta.url))
const buildEntry = join(root, 'apps/web/build/server/index.js')
const sourceDirs = [
  'apps/web/app',
  'apps/web/public',
  'content',
  'packages/domain/src',
  'packages/i18n/src',
  'packages/routing/src',
]

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

function buildIsStale(): boolean {
  if (!existsSync(buildEntry)) return true
  const built = statSync(buildEntry).mtimeMs
  return sourceDirs.some((dir) => existsSync(join(root, dir)) && newestMtime(join(root, dir)) > built)
}

if (process.env.SKIP_BUILD !== '1' && buildIsStale()) {
  console.warn('Building the web app…')
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: buildEnvironment(process.env),
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// Set before the server is imported: React chooses its build by NODE_ENV when it is first loaded.
const mode = startMode(process.argv.slice(2))
Object.assign(process.env, serverEnvironment(mode))
console.warn(modeLine(mode))

const { main } = await import('../apps/api/src/server.ts')
await main()
