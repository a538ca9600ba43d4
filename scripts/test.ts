// `npm test`: lint, typecheck, unit and integration tests, the production
// build, and the end-to-end tests in Chromium. Stops at the first failing step.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function run(title: string, command: string, args: string[]) {
  console.warn(`\n▶ ${title}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`✗ ${title} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status ?? 1)
  }
  console.warn(`✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

/** Chromium comes from Debian; install it where we can, otherwise say in one line what to install. */
function ensureChromium() {
  if (existsSync(chromium)) return
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH
  if (canInstall) {
    console.warn('Chromium is missing: installing the Debian package "chromium"…')
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' })
    const install =
      update.status === 0 ? spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' }) : update
    if (install.status === 0 && existsSync(chromium)) return
  }
  console.error(
    `End-to-end tests need Chromium at ${chromium}: install it (Debian: "apt-get install -y chromium") or set CHROMIUM_PATH.`,
  )
  process.exit(1)
}

ensureChromium()
run('lint and format (Biome)', 'biome', ['check', '.'])
run('typecheck', 'npm', ['run', 'typecheck', '--silent'])
run('unit tests', 'vitest', ['run', '--project', 'unit'])
// The integration tests of the web role serve the production build, so it comes first.
run('production build', 'npm', ['run', 'build', '--silent'])
run('integration tests', 'vitest', ['run', '--project', 'integration'])
run('end-to-end tests (Chromium)', 'playwright', ['test'])
