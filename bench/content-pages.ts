// Content pages served from the build (prerendered) against the same pages rendered per
// request. Usage: node bench/content-pages.ts [seconds per path=5] [concurrency=16] [/path …]
// Starts the production server on a spare port with a fresh embedded database; a request
// with a session cookie (an unknown one: the visitor stays anonymous) is rendered live.

import { startBenchServer } from './server.ts'

const [secondsArg, concurrencyArg, ...pathArgs] = process.argv.slice(2)
const seconds = Number(secondsArg ?? 5)
const concurrency = Number(concurrencyArg ?? 16)
const paths =
  pathArgs.length > 0
    ? pathArgs
    : ['/autolaina/', '/blogi/', '/sanasto/', '/blogi/artikkeli/mita-todellinen-vuosikorko-kertoo/']
const port = 3189
const origin = `http://localhost:${port}`

const server = await startBenchServer(port)

async function measure(path: string, headers: Record<string, string>) {
  const latencies: number[] = []
  let kind = ''
  const until = performance.now() + seconds * 1000
  async function worker() {
    while (performance.now() < until) {
      const started = performance.now()
      const response = await fetch(`${origin}${path}`, { headers })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
      kind = response.headers.get('x-lainava-render') ?? 'live'
      latencies.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  latencies.sort((a, b) => a - b)
  const at = (q: number) => +(latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(1)
  return {
    kind,
    requestsPerSecond: +(latencies.length / seconds).toFixed(0),
    p50ms: at(0.5),
    p95ms: at(0.95),
  }
}

try {
  const results = []
  for (const path of paths) {
    for (const cookie of ['', 'lv_session=bench']) {
      for (let i = 0; i < 20; i++)
        await (await fetch(`${origin}${path}`, { headers: { cookie } })).arrayBuffer()
    }
    results.push({ path, ...(await measure(path, {})) })
    results.push({ path, ...(await measure(path, { cookie: 'lv_session=bench' })) })
  }
  for (const r of results) {
    console.warn(
      `${r.path.padEnd(56)} ${r.kind.padEnd(12)} ${String(r.requestsPerSecond).padStart(5)} req/s  p50 ${r.p50ms} ms  p95 ${r.p95ms} ms`,
    )
  }
} finally {
  server.stop()
}
