import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { Recipient } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import type { ActionResult } from './application-form.tsx'

export type RecipientsPreview =
  | { state: 'waiting' }
  | { state: 'loading' }
  | { state: 'ready'; lenders: Recipient[] }
  | { state: 'failed'; message: string }

/**
 * Asks the page's action which lenders `application` would go to, by the marketplace's own
 * matching, whenever it changes (`null`: not complete enough to ask yet). `delayMs` lets a
 * form that is being typed in settle first. The answer is shown only for the data it was asked for.
 */
export function useRecipientsPreview(application: unknown, delayMs = 0): RecipientsPreview {
  const { lang } = useI18n()
  const fetcher = useFetcher<ActionResult>()
  const { submit } = fetcher
  const key = application === null ? null : JSON.stringify(application)
  const [asked, setAsked] = useState<string | null>(null)
  // Asked once per distinct data: a re-render or a step back and forth does not ask again.
  const lastAsked = useRef<string | null>(null)

  useEffect(() => {
    if (key === null || lastAsked.current === key) return
    const ask = () => {
      lastAsked.current = key
      setAsked(key)
      submit({ intent: 'recipients', language: lang, data: key }, { method: 'post' })
    }
    if (delayMs === 0) {
      ask()
      return
    }
    const timer = setTimeout(ask, delayMs)
    return () => clearTimeout(timer)
  }, [key, lang, delayMs, submit])

  if (key === null) return { state: 'waiting' }
  const result = fetcher.data
  if (asked !== key || fetcher.state !== 'idle' || result?.intent !== 'recipients')
    return { state: 'loading' }
  return result.ok
    ? { state: 'ready', lenders: result.lenders }
    : { state: 'failed', message: result.message }
}

/** Who receives the application: exactly the matched lenders, or why there are none (issue 14). */
export function RecipientList({
  preview,
  headingId,
  level = 3,
}: {
  preview: RecipientsPreview
  headingId: string
  level?: 2 | 3
}) {
  const { t } = useI18n()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby={headingId} aria-busy={preview.state === 'loading'}>
      <Heading id={headingId} className={level === 2 ? 'text-xl font-semibold' : 'text-lg font-semibold'}>
        {t('review.lenders')}
      </Heading>
      <div aria-live="polite">
        {preview.state === 'waiting' ? (
          <p className="mt-2 text-slate-700">{t('review.lendersWaiting')}</p>
        ) : preview.state === 'loading' ? (
          <p className="mt-2 text-slate-700">{t('review.lendersLoading')}</p>
        ) : preview.state === 'failed' ? (
          <p className="mt-2 text-red-800">{preview.message}</p>
        ) : preview.lenders.length === 0 ? (
          <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900" role="note">
            {t('review.noLenders')}
          </p>
        ) : (
          <ul className="mt-2 grid list-disc gap-1 pl-6 md:grid-cols-2" data-testid="review-lenders">
            {preview.lenders.map((lender) => (
              <li key={lender.id} data-lender-id={lender.id}>
                {lender.name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
