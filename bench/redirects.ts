// The redirect lookup costs the same however large the table grows (spec §2 has
// several hundred rows; we try up to 200 000). Usage: node bench/redirects.ts
import { performance } from 'node:perf_hooks'
import { createRedirectMatcher, type RedirectRow } from '../packages/routing/src/index.ts'

const LOOKUPS = 200_000
for (const size of [100, 1_000, 20_000, 200_000]) {
  const table: RedirectRow[] = Array.from({ length: size }, (_, index) => ({
    from: `/vanha-sivu-${index}/`,
    to: { screen: 'landing' },
    category: 'old-path',
  }))
  const match = createRedirectMatcher(table)
  const paths = Array.from({ length: 1000 }, (_, index) => `/Vanha-Sivu-${(index * 7919) % size}`)
  for (const path of paths) match(path) // warm up
  const started = performance.now()
  for (let index = 0; index < LOOKUPS; index++) match(paths[index % paths.length] ?? '/')
  const nsPerLookup = ((performance.now() - started) * 1e6) / LOOKUPS
  console.warn(`${String(size).padStart(7)} rows: ${nsPerLookup.toFixed(0)} ns per lookup`)
}
