// CPU time and memory of a process and its descendants, read from /proc (Linux).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()

interface ProcStat {
  pid: number
  ppid: number
  cpuTicks: number
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    // After the name: state(3) ppid(4) … utime(14) stime(15), counted from 1 with pid and name as 1 and 2.
    return { pid, ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) }
  } catch {
    return undefined
  }
}

/** The process and every process below it. */
export function processTree(root: number): number[] {
  const stats = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readStat(Number(entry)))
    .filter((stat): stat is ProcStat => stat !== undefined)
  const tree = [root]
  for (let index = 0; index < tree.length; index++) {
    for (const stat of stats) if (stat.ppid === tree[index]) tree.push(stat.pid)
  }
  return tree
}

/** User + system CPU seconds used so far by the process and its descendants. */
export function cpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + (readStat(member)?.cpuTicks ?? 0), 0) / ticksPerSecond
}

/** Resident memory of the process and its descendants, in MiB. */
export function rssMiB(pid: number): number {
  let kib = 0
  for (const member of processTree(pid)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))
      kib += Number(match?.[1] ?? 0)
    } catch {}
  }
  return kib / 1024
}

/** The highest RSS (MiB) seen, sampled every 100 ms, while `work` runs; and work's result. */
export async function maxRssDuring<T>(
  pid: number,
  work: Promise<T>,
): Promise<{ result: T; maxRssMiB: number }> {
  let max = rssMiB(pid)
  const timer = setInterval(() => {
    max = Math.max(max, rssMiB(pid))
  }, 100)
  try {
    const result = await work
    return { result, maxRssMiB: Math.max(max, rssMiB(pid)) }
  } finally {
    clearInterval(timer)
  }
}

/** CPU seconds the process tree used while `work` ran, and work's result. */
export async function cpuDuring<T>(
  pid: number,
  work: Promise<T>,
): Promise<{ result: T; cpuSeconds: number }> {
  const before = cpuSeconds(pid)
  const result = await work
  return { result, cpuSeconds: cpuSeconds(pid) - before }
}
