import type { IdentificationOutcome } from '@lainava/domain/identification'
import { pathFor } from '@lainava/routing'
import { Link } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'

// Pieces both identification pages show (issue 16 item 5, ADR 024).

export const LINK = 'text-brand-800 underline underline-offset-4'

/** The result of an identification the person just came back from, in their language. */
export function OutcomeMessage({ outcome }: { outcome: IdentificationOutcome }) {
  const { t } = useI18n()
  const ok = outcome === 'ok'
  return (
    <div
      role={ok ? 'status' : 'alert'}
      data-testid="identification-outcome"
      className={`mt-6 rounded-lg border p-4 ${ok ? 'border-green-700 bg-green-50 text-green-900' : 'border-red-700 bg-red-50 text-red-900'}`}
    >
      <p>{t(`identification.result.${outcome}`)}</p>
    </div>
  )
}

/** Said wherever the local test provider stands in for a real bank. */
export function TestProviderNotice() {
  const { t } = useI18n()
  return (
    <p className="mt-4 rounded-lg border border-amber-700 bg-amber-50 p-4 text-amber-950">
      {t('identification.page.testNotice')}
    </p>
  )
}

/** No mortgage application of this person to identify for: where to start one. */
export function NoApplication() {
  const { t, lang } = useI18n()
  return (
    <div className="mt-6">
      <p className="text-slate-700">{t('identification.page.noApplication')}</p>
      <Link className={`mt-2 inline-block ${LINK}`} to={pathFor('mortgageForm', lang)}>
        {t('identification.page.startApplication')}
      </Link>
    </div>
  )
}

/** For the error boundary: an application that is not this person's, or no such page. */
export function IdentificationNotFound() {
  const { t, lang } = useI18n()
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{t('identification.api.notFound')}</h1>
      <Link className={`mt-4 inline-block ${LINK}`} to={pathFor('bankIdAuthentication', lang)}>
        {t('identification.page.title')}
      </Link>
    </div>
  )
}
