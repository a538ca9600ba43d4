import type { LenderWorkspace } from '@lainava/domain/lender-portal'
import type { MessageKey } from '@lainava/i18n'
import type { ReactNode } from 'react'
import { useI18n } from '../../lib/i18n.tsx'
import type { rootDataFromMatches } from '../../lib/root-data.ts'
import { LenderNav } from './lender-nav.tsx'

/** A portal page's meta: its title and noindex (personal pages, ADR 019). */
export function lenderMeta(root: ReturnType<typeof rootDataFromMatches>, title: MessageKey) {
  return root
    ? [{ title: `${root.t(title)} – ${root.brandName}` }, { name: 'robots', content: 'noindex' }]
    : []
}

/** The portal's frame: its navigation, then the page. */
export function LenderPage({ workspace, children }: { workspace: LenderWorkspace; children: ReactNode }) {
  return (
    <>
      <LenderNav workspace={workspace} />
      <div className="mx-auto max-w-5xl min-w-0 px-4 py-10">{children}</div>
    </>
  )
}

/** A part of the portal still to come (filtering, insights, integration until they land). */
export function ComingPage({ workspace, title }: { workspace: LenderWorkspace; title: MessageKey }) {
  const { t } = useI18n()
  return (
    <LenderPage workspace={workspace}>
      <h1 className="text-3xl font-bold text-slate-900">{t(title)}</h1>
      <h2 className="mt-6 text-xl font-semibold text-slate-900">{t('lenderPortal.coming.heading')}</h2>
      <p className="mt-2 text-slate-700">{t('lenderPortal.coming.text')}</p>
    </LenderPage>
  )
}
