import { useEffect, useRef } from 'react'
import type { Recipient } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'

/** After sending: what happens next and which lenders received the application. */
export function Confirmation({
  result,
}: {
  result: { applicationId: string; lenders: Recipient[]; loginEmailSent: boolean }
}) {
  const { t } = useI18n()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold break-words hyphens-auto text-slate-900 sm:text-3xl"
      >
        {t('confirmation.title')}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{t('confirmation.next')}</p>
      {result.loginEmailSent ? <p className="mt-3 text-slate-700">{t('confirmation.login')}</p> : null}
      <h2 className="mt-8 text-xl font-semibold">{t('confirmation.lenders')}</h2>
      <ul className="mt-2 list-disc pl-6" data-testid="confirmation-lenders">
        {result.lenders.map((lender) => (
          <li key={lender.id}>{lender.name}</li>
        ))}
      </ul>
    </div>
  )
}
