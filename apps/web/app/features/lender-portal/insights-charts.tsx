import { AxisBottom, AxisLeft } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { useId } from 'react'

// ADR 025: the insights charts, drawn as SVG by visx on the server (there without JavaScript).
// Each is an image with a text label; the table after it holds exactly the charted numbers.

/** One labelled group of bars: one bar per series. */
export type ChartGroup = { label: string; values: ReadonlyArray<number | null> }
export type ChartSeries = { name: string; colour: string; pattern?: 'stripes' }

const WIDTH = 640
const MARGIN = { top: 12, right: 16, bottom: 48, left: 56 }

/**
 * Vertical bars in groups (e.g. own APR and market median per band). `format` writes the axis
 * values; `label` is the chart's text alternative. The SVG scales to its container's width.
 */
export function BarChart({
  groups,
  series,
  label,
  format,
  height = 260,
}: {
  groups: ReadonlyArray<ChartGroup>
  series: ReadonlyArray<ChartSeries>
  label: string
  format: (value: number) => string
  height?: number
}) {
  const patternId = useId().replace(/:/g, '')
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right
  const innerHeight = height - MARGIN.top - MARGIN.bottom
  const max = Math.max(0, ...groups.flatMap((group) => group.values.map((value) => value ?? 0)))
  const x = scaleBand<string>({
    domain: groups.map((group) => group.label),
    range: [0, innerWidth],
    padding: 0.25,
  })
  const inner = scaleBand<number>({
    domain: series.map((_, index) => index),
    range: [0, x.bandwidth()],
    padding: 0.1,
  })
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max * 1.1 : 1], range: [innerHeight, 0], nice: true })
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-auto w-full max-w-full"
        role="img"
        aria-label={label}
        preserveAspectRatio="xMinYMin meet"
      >
        <defs>
          {series.map((entry, index) =>
            entry.pattern === 'stripes' ? (
              <pattern
                key={entry.name}
                id={`${patternId}-${index}`}
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width="6" height="6" fill="#ffffff" />
                <rect width="3" height="6" fill={entry.colour} />
              </pattern>
            ) : null,
          )}
        </defs>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {groups.map((group) => (
            <Group key={group.label} left={x(group.label) ?? 0}>
              {group.values.map((value, index) => {
                const entry = series[index]
                if (value === null || !entry) return null
                const top = y(value)
                return (
                  <Bar
                    // biome-ignore lint/suspicious/noArrayIndexKey: the series' order is fixed
                    key={index}
                    x={inner(index) ?? 0}
                    y={top}
                    width={inner.bandwidth()}
                    height={Math.max(0, innerHeight - top)}
                    fill={entry.pattern === 'stripes' ? `url(#${patternId}-${index})` : entry.colour}
                    stroke={entry.colour}
                  />
                )
              })}
            </Group>
          ))}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(value) => format(Number(value))}
            stroke="#475569"
            tickStroke="#475569"
            tickLabelProps={{ fill: '#334155', fontSize: 12, textAnchor: 'end', dx: -4, dy: 4 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            stroke="#475569"
            tickStroke="#475569"
            tickLabelProps={{ fill: '#334155', fontSize: 12, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
      {series.length > 1 ? (
        <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
          {series.map((entry) => (
            <span key={entry.name} className="inline-flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block h-3 w-5 border"
                style={{
                  borderColor: entry.colour,
                  background:
                    entry.pattern === 'stripes'
                      ? `repeating-linear-gradient(45deg, ${entry.colour} 0 3px, #ffffff 3px 6px)`
                      : entry.colour,
                }}
              />
              {entry.name}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  )
}
