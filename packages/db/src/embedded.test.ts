import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type SQL, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type DbHandle, INIT_DATA_DIR_NODE_OPTIONS, openDatabase } from './client.ts'
import { acquireDataDirLock, DataDirLockedError } from './lock.ts'
import { lenders } from './schema.ts'
import {
  DEMO_BUSINESS_LENDERS,
  DEMO_LENDERS,
  DEMO_MANUAL_LENDERS,
  DEMO_MORTGAGE_BANKS,
  seedDemoData,
} from './seed.ts'
import { wasmCompilersUnder } from './wasm-compilers.ts'

// These tests are about the embedded database itself, so they run whatever DATABASE_URL says.
const clientModule = fileURLToPath(new URL('./client.ts', import.meta.url))
const dirs: string[] = []
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'lainava-db-'))
  dirs.push(dir)
  return join(dir, 'pglite')
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Runs a script in a separate Node process (the same Node 24) and resolves with its output. */
function runChild(script: string, onLine?: (line: string, child: ReturnType<typeof spawn>) => void) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk
    for (const line of chunk.toString().split('\n').filter(Boolean)) onLine?.(line, child)
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk
  })
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  )
}

describe('embedded PostgreSQL (PGlite)', () => {
  it('migrates, seeds once, and keeps data across a clean close', async () => {
    const dir = dataDir()
    const first = await openDatabase({ dataDir: dir })
    await first.migrate()
    expect(await seedDemoData(first.db)).toEqual({ seeded: true })
    expect(await seedDemoData(first.db)).toEqual({ seeded: false })
    await first.close()

    const second = await openDatabase({ dataDir: dir })
    await second.migrate()
    const [row] = await second.db.select({ count: sql<number>`count(*)::int` }).from(lenders)
    // The consumer lenders and card issuers, the business lenders and factoring companies, the
    // manual lender (issue 17) and the mortgage banks (issue 16).
    expect(row?.count).toBe(
      DEMO_LENDERS.length +
        DEMO_BUSINESS_LENDERS.length +
        DEMO_MANUAL_LENDERS.length +
        DEMO_MORTGAGE_BANKS.length,
    )
    await second.close()
  })

  const rows = async (database: DbHandle, query: SQL) =>
    ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows

  it('creates a new folder with the embedded settings, which opens again with its data (ADR 047)', async () => {
    const dir = dataDir()
    const first = await openDatabase({ dataDir: dir })
    expect(await rows(first, sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }])
    await first.db.execute(sql`create table kept (id int)`)
    await first.db.execute(sql`insert into kept values (1)`)
    await first.close()
    const again = await openDatabase({ dataDir: dir })
    expect(await rows(again, sql`select count(*)::int as n from kept`)).toEqual([{ n: 1 }])
    await again.close()
  })

  // ADR 067: the initdb process (above) runs without V8's optimising compiler for WebAssembly, which
  // took it to 1.1 GB for one of PGlite's functions.
  it('creates the folder in a Node process that compiles WebAssembly with the baseline compiler only', () => {
    expect(wasmCompilersUnder(INIT_DATA_DIR_NODE_OPTIONS)).toEqual(['Liftoff'])
  })

  it('refuses a second opener of the same folder with a clear message', async () => {
    const dir = dataDir()
    const first = await openDatabase({ dataDir: dir })
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError)

    const child = await runChild(
      `import { openDatabase } from ${JSON.stringify(clientModule)}
       try { await openDatabase({ dataDir: ${JSON.stringify(dir)} }); console.log('opened') }
       catch (error) { console.log(error.message); process.exit(3) }`,
    )
    expect(child.code).toBe(3)
    expect(child.stdout).toContain(`already in use by process ${process.pid}`)
    expect(child.stdout).toContain('DATABASE_URL')
    await first.close()

    // Closed cleanly: the lock is gone and the folder opens again.
    const again = await openDatabase({ dataDir: dir })
    await again.close()
  })

  it('locks the real folder: a trailing slash, a relative path or a symlink meet the same lock', () => {
    const dir = dataDir()
    const link = join(dir, '..', 'link-to-pglite')
    symlinkSync(dir, link)
    const relative = join(dir, '..', '.', 'pglite')
    for (const [first, second] of [
      [dir, `${dir}/`],
      [`${dir}/`, dir],
      [dir, link],
      [link, `${dir}/`],
      [relative, link],
    ] as const) {
      const lock = acquireDataDirLock(first)
      try {
        expect(() => acquireDataDirLock(second)).toThrow(DataDirLockedError)
      } finally {
        lock.release()
      }
    }
  })

  it('opens the database through a symlink and keeps it locked for the real path', async () => {
    const dir = dataDir()
    const link = join(dir, '..', 'link-to-pglite')
    // Made before the folder exists, as on a fresh volume: the opener creates the target.
    symlinkSync(dir, link)

    const viaLink = await openDatabase({ dataDir: link })
    await viaLink.migrate()
    await viaLink.db.execute(
      sql`insert into lenders (slug, name, description, criteria, filtering) values ('via-link', 'Via link', 'Written through a symlink', '{}'::jsonb, '{}'::jsonb)`,
    )
    await expect(openDatabase({ dataDir: `${dir}/` })).rejects.toThrow(DataDirLockedError)
    await viaLink.close()

    const direct = await openDatabase({ dataDir: dir })
    const rows = await direct.db.select({ slug: lenders.slug }).from(lenders)
    expect(rows.map((row) => row.slug)).toEqual(['via-link'])
    await direct.close()
  })

  it('keeps committed rows after the owning process is killed with SIGKILL', async () => {
    const dir = dataDir()
    const result = await runChild(
      `import { openDatabase } from ${JSON.stringify(clientModule)}
       import { sql } from 'drizzle-orm'
       const handle = await openDatabase({ dataDir: ${JSON.stringify(dir)} })
       await handle.migrate()
       await handle.db.execute(sql\`insert into lenders (slug, name, description, criteria, filtering) values ('killed-1', 'Killed', 'Row written before kill -9', '{}'::jsonb, '{}'::jsonb)\`)
       console.log('committed')
       setInterval(() => {}, 1000)`,
      (line, child) => {
        if (line === 'committed') child.kill('SIGKILL')
      },
    )
    expect(result.signal).toBe('SIGKILL')

    // The stale lock of the dead process is taken over, and the row is there.
    const reopened = await openDatabase({ dataDir: dir })
    await reopened.migrate()
    const rows = await reopened.db.select({ slug: lenders.slug }).from(lenders)
    expect(rows.map((row) => row.slug)).toEqual(['killed-1'])
    await reopened.close()
  })
})
