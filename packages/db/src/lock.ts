import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { dirname, resolve } from 'node:path'

// PGlite has no lock of its own: two processes on one data folder silently lose
// committed rows (machine notes). A lock file beside the folder, created with
// O_EXCL and holding our pid, makes a second opener (another process, or this
// one again) stop with a clear message.
// A lock left by a process that no longer runs (kill -9) is taken over.
// The lock is named after the folder's real path: `x`, `x/`, `./x` and a symlink
// to `x` are one folder and must meet the same lock (issue 13, item 7).

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is already in use by process ${pid}. ` +
        'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
    )
    this.name = 'DataDirLockedError'
  }
}

/** A killed process whose parent has not reaped it yet (a zombie) still answers kill(pid, 0). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return false
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return !isZombie(pid)
  } catch (error) {
    // EPERM: it exists but belongs to someone else; still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export type Lock = {
  /** The folder's real path (symlinks and trailing slashes resolved): open the database there. */
  dataDir: string
  release(): void
}

/**
 * Creates the folder when missing and returns its canonical path. A symlink whose
 * target does not exist yet (a fresh volume) gets its target created.
 */
function resolveDataDir(dataDir: string): string {
  let path = resolve(dataDir)
  for (let hops = 0; hops < 40; hops++) {
    const stat = lstatSync(path, { throwIfNoEntry: false })
    if (!stat?.isSymbolicLink()) break
    path = resolve(dirname(path), readlinkSync(path))
  }
  mkdirSync(path, { recursive: true })
  return realpathSync(path)
}

export function acquireDataDirLock(requestedDataDir: string): Lock {
  const dataDir = resolveDataDir(requestedDataDir)
  const lockPath = `${dataDir}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return {
        dataDir,
        release() {
          if (released) return
          released = true
          rmSync(lockPath, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10)
      if (Number.isInteger(pid) && processIsAlive(pid)) {
        throw new DataDirLockedError(dataDir, pid)
      }
      // Stale: its owner is gone. Remove it and try once more.
      rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not lock the embedded database folder ${dataDir}.`)
}
