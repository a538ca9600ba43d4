import { type ReactNode, useState } from 'react'
import { StatusPage } from '../status/status-page.tsx'
import type { ActionResult } from './application-form.tsx'
import { Confirmation } from './confirmation.tsx'

export type Submitted = Extract<ActionResult, { ok: true; intent: 'submit' }>

/** The frame of both application forms: "coming soon" where the country is not active, then form → confirmation. */
export function ApplicationPage({
  notActive,
  title,
  lead,
  children,
}: {
  notActive: boolean
  title: string
  lead: string
  children: (onSubmitted: (result: Submitted) => void) => ReactNode
}) {
  const [submitted, setSubmitted] = useState<Submitted | null>(null)
  if (notActive) return <StatusPage kind="comingSoon" />
  if (submitted) return <Confirmation result={submitted} />
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {/* One long Finnish word ("Luottokorttihakemus") must fit a 320 px screen. */}
      <h1 className="text-2xl font-bold break-words hyphens-auto text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-slate-700">{lead}</p>
      {children(setSubmitted)}
    </div>
  )
}
