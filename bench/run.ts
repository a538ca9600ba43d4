// `npm run bench -- <name> [args…]`: runs bench/comparisons/<name>.ts (anchor and ours
// alternated, medians and ratios; bench/README.md). Without a name: lists them.
import { readdirSync } from 'node:fs'
import { type Comparison, runComparison } from './lib/compare.ts'

const [name, ...args] = process.argv.slice(2)
const available = readdirSync(new URL('./comparisons/', import.meta.url))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort()

if (!name || !available.includes(name)) {
  console.error(`${name ? `No comparison named "${name}". ` : ''}Usage: npm run bench -- <name> [args…]`)
  console.error(`Comparisons: ${available.join(', ') || '(none)'}`)
  process.exit(name ? 1 : 0)
}

const module = (await import(`./comparisons/${name}.ts`)) as {
  default: (args: string[]) => Comparison | Promise<Comparison>
}
await runComparison(name, await module.default(args))
// Servers started by a comparison may hold handles (sockets, timers) after teardown.
process.exit(0)
