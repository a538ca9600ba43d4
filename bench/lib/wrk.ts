// HTTP load from Debian's wrk (`apt-get install -y wrk`): a C load generator costs far less
// CPU than one in Node, so more of the 2 cores are left to the server being measured.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface WrkOptions {
  url: string
  connections: number
  seconds: number
  threads?: number
  headers?: Record<string, string>
  /** HTTP method and body (wrk's Lua `wrk.method`/`wrk.body`). */
  method?: string
  body?: string
}

export type WrkResult = {
  /** Completed requests per second. */
  rps: number
  /** Latency percentiles in milliseconds. */
  p50: number
  p95: number
  p99: number
  requests: number
  /** Connect, read, write and timeout errors. */
  errors: number
  /** Responses outside 2xx/3xx. */
  non2xx: number
}

const script = fileURLToPath(new URL('./wrk-report.lua', import.meta.url))

export function wrk(options: WrkOptions): Promise<WrkResult> {
  const args = [
    `-t${options.threads ?? Math.min(2, options.connections)}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
  ]
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`)
  args.push(options.url)
  const env = { ...process.env, WRK_METHOD: options.method ?? 'GET', WRK_BODY: options.body ?? '' }
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT'
        reject(
          new Error(
            missing
              ? 'wrk is not installed: apt-get install -y wrk'
              : `wrk failed: ${stderr || error.message}`,
          ),
        )
        return
      }
      const line = stdout.split('\n').find((text) => text.startsWith('WRK_JSON '))
      if (!line) {
        reject(new Error(`wrk printed no report:\n${stdout}\n${stderr}`))
        return
      }
      const raw = JSON.parse(line.slice('WRK_JSON '.length)) as {
        requests: number
        duration_us: number
        p50_us: number
        p95_us: number
        p99_us: number
        errors: number
        status_errors: number
      }
      resolve({
        rps: raw.requests / (raw.duration_us / 1e6),
        p50: raw.p50_us / 1000,
        p95: raw.p95_us / 1000,
        p99: raw.p99_us / 1000,
        requests: raw.requests,
        errors: raw.errors,
        non2xx: raw.status_errors,
      })
    })
  })
}
