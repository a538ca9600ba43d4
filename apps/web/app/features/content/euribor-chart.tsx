import type { EuriborSeries } from '@lainava/content'
import { formatNumber } from '@lainava/i18n'
import { useId } from 'react'
import { useI18n } from '../../lib/i18n.tsx'

// The 12-month Euribor history from content/data/euribor.json as an SVG line chart.
// The same figures follow in a table, so the chart is not the only way to read them.

const WIDTH = 720
const HEIGHT = 300
const PAD = { left: 48, right: 16, top: 16, bottom: 36 }

function monthIndex(month: string) {
  const [year = '0', number = '1'] = month.split('-')
  return Number(year) * 12 + Number(number) - 1
}

export function EuriborChart({ series }: { series: EuriborSeries }) {
  const { t, intlLocale } = useI18n()
  const titleId = useId()
  const descId = useId()
  const values = series.values
  if (values.length < 2) return null
  const first = monthIndex(values[0]?.month ?? '')
  const last = monthIndex(values.at(-1)?.month ?? '')
  const rates = values.map((point) => point.rate)
  const min = Math.floor(Math.min(0, ...rates))
  const max = Math.ceil(Math.max(...rates))
  const x = (month: string) =>
    PAD.left + ((monthIndex(month) - first) / Math.max(1, last - first)) * (WIDTH - PAD.left - PAD.right)
  const y = (rate: number) => PAD.top + ((max - rate) / (max - min || 1)) * (HEIGHT - PAD.top - PAD.bottom)

  // Months missing from the data break the line instead of being drawn over.
  const segments: string[][] = []
  let previous = Number.NaN
  for (const point of values) {
    const index = monthIndex(point.month)
    if (index !== previous + 1) segments.push([])
    segments.at(-1)?.push(`${x(point.month).toFixed(1)},${y(point.rate).toFixed(1)}`)
    previous = index
  }
  const ticks = Array.from({ length: max - min + 1 }, (_, index) => min + index)
  const years = [...new Set(values.map((point) => point.month.slice(0, 4)))]
  const percent = (rate: number) =>
    `${formatNumber(intlLocale, Math.round(rate * 1000) / 1000)}${intlLocale.startsWith('en') ? '%' : ' %'}`
  const latest = values.at(-1)

  return (
    <figure className="mt-8">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full max-w-3xl"
      >
        <title id={titleId}>{t('euribor.chartTitle')}</title>
        <desc id={descId}>
          {t('euribor.chartDescription', {
            from: values[0]?.month ?? '',
            to: latest?.month ?? '',
            latest: latest ? percent(latest.rate) : '',
          })}
        </desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#cbd5e1" />
            <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" fontSize="12" fill="#334155">
              {percent(tick)}
            </text>
          </g>
        ))}
        {years.map((year) => (
          <text
            key={year}
            x={Math.max(PAD.left, x(`${year}-01`))}
            y={HEIGHT - 12}
            fontSize="12"
            fill="#334155"
          >
            {year}
          </text>
        ))}
        {segments.map((points) => (
          <polyline
            key={points[0]}
            points={points.join(' ')}
            fill="none"
            stroke="#3d4cc0"
            strokeWidth="2.5"
          />
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-700">
        {t('euribor.caption', { series: series.series })}
      </figcaption>
      <details className="mt-4">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
          {t('euribor.table')}
        </summary>
        <table className="mt-2 w-full max-w-md border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className="border border-slate-300 px-3 py-2 text-left">
                {t('euribor.month')}
              </th>
              <th scope="col" className="border border-slate-300 px-3 py-2 text-right">
                {t('euribor.rate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...values].reverse().map((point) => (
              <tr key={point.month}>
                <td className="border border-slate-300 px-3 py-1">{point.month}</td>
                <td className="border border-slate-300 px-3 py-1 text-right">{percent(point.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
