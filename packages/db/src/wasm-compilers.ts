import { spawnSync } from 'node:child_process'

// ADR 067: which of V8's compilers a Node process started with given options uses for WebAssembly.
// It runs a hot loop, a 25-byte function counting down from n, 20 times a million turns: enough
// for V8 to tier it up. `--wasm-sync-tier-up` makes the tier-up happen before the run ends, so the
// answer is the same every time.

const HOT_WASM_LOOP = `
const bytes = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f, // types: (i32) -> i32
  0x03, 0x02, 0x01, 0x00, // one function of type 0
  0x07, 0x08, 0x01, 0x04, 0x73, 0x70, 0x69, 0x6e, 0x00, 0x00, // export "spin"
  0x0a, 0x1b, 0x01, 0x19, 0x01, 0x01, 0x7f, // code: one body, one i32 local (the count)
  0x03, 0x40, 0x20, 0x01, 0x41, 0x01, 0x6a, 0x21, 0x01, // loop: count += 1
  0x20, 0x00, 0x41, 0x01, 0x6b, 0x22, 0x00, 0x0d, 0x00, 0x0b, // n -= 1; again while n != 0
  0x20, 0x01, 0x0b, // return count
])
const { instance } = await WebAssembly.instantiate(bytes)
let total = 0
for (let i = 0; i < 20; i++) total += instance.exports.spin(1_000_000)
console.log('spun', total)
`

/** The compilers V8 used for the hot loop, in order: `['Liftoff', 'TurboFan']` when it tiered up. */
export function wasmCompilersUnder(nodeOptions: readonly string[]): string[] {
  const run = spawnSync(
    process.execPath,
    [
      ...nodeOptions,
      '--trace-wasm-compilation-times',
      '--wasm-sync-tier-up',
      '--input-type=module',
      '-e',
      HOT_WASM_LOOP,
    ],
    { encoding: 'utf8' },
  )
  if (run.status !== 0 || !run.stdout.includes('spun 20000000')) {
    throw new Error(`the WebAssembly loop failed (${run.status}): ${run.stderr.trim()}`)
  }
  return [...run.stdout.matchAll(/ using (\w+),/g)].map((match) => match[1] as string)
}
