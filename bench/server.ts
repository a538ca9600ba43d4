// The production server for a benchmark: `scripts/start.ts` with `npm start`'s Node options, on the given
// port with a fresh embedded database (builds first when the build is stale).
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { START_NODE_OPTIONS } from '../scripts/start-mode.ts'
import { waitUntilAnswers } from './lib/ready.ts'

export async function startBenchServer(port: number, env: Record<string, string> = {}) {
  const origin = `http://localhost:${port}`
  const server = spawn(process.execPath, [...START_NODE_OPTIONS, 'scripts/start.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'lainava-bench-')), 'pglite'),
      ...env,
    },
    stdio: 'inherit',
  })
  try {
    await waitUntilAnswers(`${origin}/api/ready`, {
      label: 'the server',
      attempts: 600,
      intervalMs: 200,
      child: server,
    })
  } catch (error) {
    server.kill('SIGTERM')
    throw error
  }
  return { origin, pid: server.pid as number, stop: () => server.kill('SIGTERM') }
}
