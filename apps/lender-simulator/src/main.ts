import { type SimulatorOptions, startSimulator } from './simulator.ts'

// `node apps/lender-simulator/src/main.ts` — configured by environment variables; prints
// `lender simulator listening on <url>` on stderr when ready.

function env(name: string, fallback?: string): string {
  const value = process.env[name] ?? fallback
  if (value === undefined || value === '') {
    console.error(`lender simulator: ${name} is required`)
    process.exit(1)
  }
  return value
}

function numberEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value)) {
    console.error(`lender simulator: ${name} must be a number`)
    process.exit(1)
  }
  return value
}

const mode = env('SIMULATOR_MODE', 'instant')
if (mode !== 'instant' && mode !== 'callback') {
  console.error('lender simulator: SIMULATOR_MODE must be instant or callback')
  process.exit(1)
}
const options: SimulatorOptions = {
  signingSecret: env('SIMULATOR_SIGNING_SECRET'),
  apiKey: env('SIMULATOR_API_KEY'),
  mode,
  callbackDelayMs: numberEnv('SIMULATOR_CALLBACK_DELAY_MS', 200),
  maxAmount: numberEnv('SIMULATOR_MAX_AMOUNT', 40_000),
  minAmount: numberEnv('SIMULATOR_MIN_AMOUNT', 1000),
  nominalRate: numberEnv('SIMULATOR_NOMINAL_RATE', 8.9),
  openingFee: numberEnv('SIMULATOR_OPENING_FEE', 0),
  monthlyFee: numberEnv('SIMULATOR_MONTHLY_FEE', 3),
  annualFee: numberEnv('SIMULATOR_ANNUAL_FEE', 0),
}
const simulator = await startSimulator(options, numberEnv('SIMULATOR_PORT', 0))
console.warn(`lender simulator listening on ${simulator.url}`)
const stop = () => simulator.close().then(() => process.exit(0))
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
