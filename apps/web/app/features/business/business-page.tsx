import type { ReactNode } from 'react'
import { StatusPage } from '../status/status-page.tsx'

/** The frame of the business forms: "coming soon" where the country is not active, then the onboarding. */
export function BusinessPage({
  notActive,
  title,
  lead,
  children,
}: {
  notActive: boolean
  title: string
  lead: string
  children: ReactNode
}) {
  if (notActive) return <StatusPage kind="comingSoon" />
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {/* Long Finnish and Swedish words must wrap on a 320 px screen. */}
      <h1 className="text-2xl font-bold break-words hyphens-auto text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-slate-700">{lead}</p>
      {children}
    </div>
  )
}
