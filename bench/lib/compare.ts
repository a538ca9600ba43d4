// Side-by-side comparisons (issue 19): an anchor (what good looks like on this machine: nginx,
// a bare React Router app, a storage ceiling) and ours, measured alternately in one run so
// both see the same machine, with medians and ratios. Figures, never pass/fail.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** NaN is "no value" (a failed run, a figure the side cannot give): the medians leave it out and say so. */
export type Measurement = Record<string, number>

export interface Side {
  label: string
  /** Starts what the side needs (a server, nginx…) once, before the first round. */
  setup?(): Promise<void>
  measure(): Promise<Measurement>
  /** Always called, also after a failed round. */
  teardown?(): Promise<void>
}

export interface Metric {
  key: string
  label: string
  unit: string
  better: 'higher' | 'lower'
}

export interface Comparison {
  title: string
  metrics: Metric[]
  anchor: Side
  ours: Side
  /** Rounds of (anchor, ours); default 3. */
  rounds?: number
  /** Extra lines printed under the table (settings, what was measured). */
  notes?: string[]
}

export interface ComparisonResult {
  name: string
  title: string
  at: string
  rounds: { anchor: Measurement; ours: Measurement }[]
  medians: {
    metric: string
    unit: string
    anchor: number
    ours: number
    ratio: number
    /** How many rounds gave a value (the rest were left out of the median). */
    anchorValues: number
    oursValues: number
  }[]
  notes: string[]
}

export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** Three significant digits, thousands grouped with a thin space as in the notes. */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return '—'
  const abs = Math.abs(value)
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3
  return value
    .toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    .replace(/,/g, ' ')
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n')
}

export async function runComparison(name: string, comparison: Comparison): Promise<ComparisonResult> {
  const roundCount = comparison.rounds ?? 3
  const rounds: ComparisonResult['rounds'] = []
  const started: Side[] = []
  try {
    for (const side of [comparison.anchor, comparison.ours]) {
      started.push(side)
      await side.setup?.()
    }
    for (let round = 1; round <= roundCount; round++) {
      // Alternate which side goes first, so neither always measures a machine warmed by the other.
      const order = round % 2 === 1 ? (['anchor', 'ours'] as const) : (['ours', 'anchor'] as const)
      const result: Partial<Record<'anchor' | 'ours', Measurement>> = {}
      for (const which of order) {
        const side = comparison[which]
        console.warn(`round ${round}/${roundCount}: ${side.label}…`)
        result[which] = await side.measure()
        console.warn(
          `  ${comparison.metrics.map((metric) => `${metric.label} ${formatFigure(result[which]?.[metric.key] ?? Number.NaN)} ${metric.unit}`).join(' · ')}`,
        )
      }
      rounds.push({ anchor: result.anchor ?? {}, ours: result.ours ?? {} })
    }
  } finally {
    for (const side of started.reverse())
      await side.teardown?.().catch((error) => console.error(`teardown of ${side.label}:`, error))
  }

  const medians = comparison.metrics.map((metric) => {
    const anchorRounds = rounds.map((round) => round.anchor[metric.key] ?? Number.NaN)
    const oursRounds = rounds.map((round) => round.ours[metric.key] ?? Number.NaN)
    const anchor = median(anchorRounds)
    const ours = median(oursRounds)
    return {
      metric: metric.label,
      unit: metric.unit,
      anchor,
      ours,
      ratio: ours / anchor,
      anchorValues: anchorRounds.filter(Number.isFinite).length,
      oursValues: oursRounds.filter(Number.isFinite).length,
    }
  })
  const rows = [
    [
      'metric',
      `anchor: ${comparison.anchor.label}`,
      `ours: ${comparison.ours.label}`,
      'ours/anchor',
      'better',
    ],
    ...comparison.metrics.map((metric, index) => {
      const row = medians[index]
      return [
        `${metric.label} (${metric.unit})`,
        formatFigure(row?.anchor ?? Number.NaN),
        formatFigure(row?.ours ?? Number.NaN),
        formatFigure(row?.ratio ?? Number.NaN),
        metric.better,
      ]
    }),
  ]
  process.stdout.write(`\n${comparison.title} — medians of ${rounds.length} alternated rounds\n\n`)
  process.stdout.write(`${table(rows)}\n`)
  // A median of fewer rounds than the title says (a metric no round gave shows as —).
  const leftOut = medians.flatMap((row) =>
    (
      [
        ['anchor', row.anchorValues],
        ['ours', row.oursValues],
      ] as const
    )
      .filter(([, values]) => values > 0 && values < rounds.length)
      .map(([side, values]) => `${side} ${row.metric} ${rounds.length - values} of ${rounds.length}`),
  )
  if (leftOut.length > 0)
    process.stdout.write(`Rounds without a value, left out of the medians: ${leftOut.join(', ')}\n`)
  for (const line of comparison.notes ?? []) process.stdout.write(`${line}\n`)

  const result: ComparisonResult = {
    name,
    title: comparison.title,
    at: new Date().toISOString(),
    rounds,
    medians,
    notes: comparison.notes ?? [],
  }
  const dir = new URL('../results/', import.meta.url).pathname
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${name}-${result.at.replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  process.stdout.write(`\n(${file})\n`)
  return result
}
