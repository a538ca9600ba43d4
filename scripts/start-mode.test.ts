import { fork, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  buildEnvironment,
  modeLine,
  relaunchEnvironment,
  START_NODE_OPTIONS,
  serverEnvironment,
  startMode,
} from './start-mode.ts'

// issue 13: `npm start` serves React's production build and says so; `npm run dev` stays development.
describe('the start script’s mode', () => {
  it('runs production for npm start and development for npm run dev (--dev)', () => {
    expect(startMode([])).toBe('production')
    expect(startMode(['--dev'])).toBe('development')
  })

  it('sets NODE_ENV for the server whatever the shell had', () => {
    expect(serverEnvironment(startMode([]))).toEqual({ NODE_ENV: 'production' })
    expect(serverEnvironment(startMode(['--dev']))).toEqual({ NODE_ENV: 'development' })
  })

  it('builds as production even from a shell with NODE_ENV=development, keeping the rest', () => {
    expect(buildEnvironment({ NODE_ENV: 'development', PORT: '3100' })).toEqual({
      NODE_ENV: 'production',
      PORT: '3100',
    })
  })

  it('says which mode runs', () => {
    expect(modeLine('production')).toMatch(/production mode \(NODE_ENV=production\)/i)
    expect(modeLine('development')).toContain('NODE_ENV=development')
  })

  it('npm start launches Node with the V8 options the benchmark server uses (ADR 047)', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    expect(scripts.start).toBe(`node ${START_NODE_OPTIONS.join(' ')} scripts/start.ts`)
  })

  it('npm start launches Node with a fixed heap growth (ADR 054)', () => {
    expect(START_NODE_OPTIONS).toContain('--heap-growing-percent=100')
  })
})

// ADR 054: glibc reads MALLOC_ARENA_MAX only at launch, so the start script relaunches itself with it.
describe('the start script’s relaunch for the C library’s settings', () => {
  it('adds MALLOC_ARENA_MAX=2 on Linux and keeps the rest of the environment', () => {
    expect(relaunchEnvironment({ PORT: '3100', UNSET: undefined }, 'linux')).toEqual({
      PORT: '3100',
      MALLOC_ARENA_MAX: '2',
    })
  })

  it('does not relaunch when the variable is set (by the relaunch or by whoever started us) or off Linux', () => {
    expect(relaunchEnvironment({ MALLOC_ARENA_MAX: '2' }, 'linux')).toBeUndefined()
    expect(relaunchEnvironment({ MALLOC_ARENA_MAX: '4' }, 'linux')).toBeUndefined()
    expect(relaunchEnvironment({}, 'darwin')).toBeUndefined()
    expect(relaunchEnvironment({}, 'win32')).toBeUndefined()
  })

  it.runIf(process.platform === 'linux')(
    'replaces the process with the same pid, Node options and arguments, and the variable set',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'lainava-relaunch-'))
      const script = join(dir, 'relaunch.ts')
      // Synchronous writes: output still buffered when execve replaces the process would be lost.
      writeFileSync(
        script,
        [
          `import { writeSync } from 'node:fs'`,
          `import { relaunchWithProcessEnvironment } from ${JSON.stringify(new URL('./start-mode.ts', import.meta.url).href)}`,
          `writeSync(1, JSON.stringify({ pid: process.pid, arenas: process.env.MALLOC_ARENA_MAX ?? null }) + '\\n')`,
          `relaunchWithProcessEnvironment()`,
          `writeSync(1, JSON.stringify({ pid: process.pid, arenas: process.env.MALLOC_ARENA_MAX ?? null, execArgv: process.execArgv, args: process.argv.slice(2), kept: process.env.KEPT }) + '\\n')`,
        ].join('\n'),
      )
      const env: Record<string, string | undefined> = { ...process.env, KEPT: 'yes' }
      delete env.MALLOC_ARENA_MAX
      const result = spawnSync(process.execPath, ['--max-semi-space-size=32', script, 'a', 'b'], {
        env,
        encoding: 'utf8',
      })
      expect(result.stderr).toBe('')
      const lines = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
      // Three lines: the first run, then the relaunched one again from the top, then after its (no-op) relaunch.
      expect(lines).toEqual([
        { pid: lines[0].pid, arenas: null },
        { pid: lines[0].pid, arenas: '2' },
        {
          pid: lines[0].pid,
          arenas: '2',
          execArgv: ['--max-semi-space-size=32'],
          args: ['a', 'b'],
          kept: 'yes',
        },
      ])
    },
  )

  it.runIf(process.platform === 'linux')(
    'does not relaunch a process started with an IPC channel (fork), which execve would cut',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lainava-relaunch-ipc-'))
      const script = join(dir, 'relaunch-ipc.ts')
      writeFileSync(
        script,
        [
          `import { relaunchWithProcessEnvironment } from ${JSON.stringify(new URL('./start-mode.ts', import.meta.url).href)}`,
          `const before = process.pid`,
          `relaunchWithProcessEnvironment()`,
          `process.send?.({ samePid: process.pid === before, arenas: process.env.MALLOC_ARENA_MAX ?? null }, () => process.disconnect())`,
        ].join('\n'),
      )
      const env: Record<string, string | undefined> = { ...process.env }
      delete env.MALLOC_ARENA_MAX
      const child = fork(script, [], { env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
      const message = await new Promise<unknown>((resolve, reject) => {
        child.once('message', resolve)
        child.once('error', reject)
        child.once('exit', (code) => reject(new Error(`child exited (${code}) without a message`)))
      })
      // The channel still works after the call, and the process was not replaced.
      expect(message).toEqual({ samePid: true, arenas: null })
    },
  )
})
