import { pathFor } from '@lainava/routing'
import { useId, useState } from 'react'
import { useConsent } from '../../lib/consent.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { useUser } from '../../lib/user-state.tsx'
import { Button } from '../ui/button.tsx'

// Issue 18 item 4: the cookie banner, a labelled region at the end of the page that sticks to the bottom of
// the window (in the HTML from the first paint, so nothing shifts, and at the page's end it sits below the
// footer instead of covering it), shown until the visitor chooses: allow all, necessary only, or choose. Not modal:
// the page stays usable. After a choice the focus goes to the main content, never to the document's top.

const LINK = 'text-brand-800 underline underline-offset-4 hover:text-brand-900'

type StoredConsents = Record<string, unknown> & { updatedAt?: unknown }

/** A signed-in consumer's choice also goes to their consents (analyticsCookies); a failure changes nothing. */
async function rememberForAccount(client: ReturnType<typeof useUser>['client'], granted: boolean) {
  try {
    const current = await client.get<StoredConsents>('/api/v1/user/consents')
    if (!current) return
    const { updatedAt: _updatedAt, ...consents } = current
    await client.put('/api/v1/user/consents', { ...consents, analyticsCookies: granted })
  } catch {
    // The cookie holds the choice on this device either way.
  }
}

function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true })
}

export function ConsentBanner() {
  const { t, lang } = useI18n()
  const { choice, setMarketing } = useConsent()
  const { state, client } = useUser()
  const [choosing, setChoosing] = useState(false)
  const [marketing, setMarketingBox] = useState(false)
  const marketingId = useId()
  if (choice !== null) return null

  const decide = (granted: boolean) => {
    setMarketing(granted)
    if (state.status === 'LOGGED_IN' && state.userProfile?.role === 'consumer') {
      void rememberForAccount(client, granted)
    }
    focusMain()
  }

  return (
    <section
      aria-label={t('consent.banner.label')}
      className="sticky bottom-0 z-50 border-t border-slate-300 bg-white shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
      data-testid="consent-banner"
    >
      <div className="mx-auto max-h-[70vh] max-w-6xl overflow-y-auto px-4 py-4">
        <h2 className="text-base font-semibold text-slate-900 sm:text-lg">{t('consent.banner.title')}</h2>
        <p className="mt-1 text-sm text-slate-700">
          {t('consent.banner.text')}{' '}
          <a className={LINK} href={pathFor('cookiePolicy', lang)}>
            {t('consent.banner.policy')}
          </a>
        </p>
        {choosing ? (
          <fieldset className="mt-3">
            <legend className="text-sm font-semibold text-slate-900">{t('consent.banner.choices')}</legend>
            <div className="mt-2 flex min-h-11 items-center gap-3">
              <input id={`${marketingId}-necessary`} type="checkbox" checked disabled className="size-5" />
              <label htmlFor={`${marketingId}-necessary`} className="text-sm text-slate-800">
                {t('consent.banner.necessary')}
              </label>
            </div>
            <div className="flex min-h-11 items-center gap-3">
              <input
                id={marketingId}
                type="checkbox"
                checked={marketing}
                onChange={(event) => setMarketingBox(event.currentTarget.checked)}
                className="size-5 accent-brand-700"
              />
              <label htmlFor={marketingId} className="text-sm text-slate-800">
                {t('consent.banner.marketing')}
              </label>
            </div>
          </fieldset>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="button" variant="primary" size="sm" onClick={() => decide(true)}>
            {t('consent.banner.acceptAll')}
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={() => decide(false)}>
            {t('consent.banner.necessaryOnly')}
          </Button>
          {choosing ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => decide(marketing)}>
              {t('consent.banner.save')}
            </Button>
          ) : (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-expanded={false}
              onClick={() => {
                setChoosing(true)
                // The choices appear above the buttons: move there so a keyboard user lands on them.
                requestAnimationFrame(() => document.getElementById(marketingId)?.focus())
              }}
            >
              {t('consent.banner.choose')}
            </Button>
          )}
        </div>
      </div>
    </section>
  )
}
