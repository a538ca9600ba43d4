import type { ReactNode } from 'react'

/** Label-value rows that wrap on a phone (the admin and lender portal application pages' sections). */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="mb-2 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export const SECTION = 'mt-8 min-w-0 rounded-xl border border-slate-200 p-4 sm:p-6'
