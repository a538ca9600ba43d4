import { pathFor } from '@lainava/routing'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { readConsent, useConsent } from '../../lib/consent.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { useLocation } from '../../lib/router.tsx'
import { useUser } from '../../lib/user-state.tsx'
import { Button } from '../ui/button.tsx'
import { closeConsentSettings, SETTINGS_PARAM, useConsentSettingsOpen } from './consent-settings.ts'

// Issue 18 item 4: the cookie banner, a labelled region at the end of the page that sticks to the bottom of
// the window (in the HTML from the first paint, so nothing shifts, and at the page's end it sits below the
// footer instead of covering it), shown until the visitor chooses: allow all, necessary only, or choose. Not modal:
// the page stays usable. After a choice the focus goes to the main content, never to the document's top.
// The footer's cookie settings link reopens it as the settings (the choices shown, the current one checked,
// a close button and Escape that return the focus to the link). It is a form: without JavaScript its buttons
// post the choice to the root action (consent-action.server.ts), which sets the cookie and comes back here.

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

/** The stored choice at the moment the settings open (another tab may have changed it). */
function readChoiceGranted(): boolean {
  return readConsent() === 'granted'
}

function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true })
}

/** The page without the parameter that opened the settings: where closing them goes without JavaScript. */
function withoutSettingsParam(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  params.delete(SETTINGS_PARAM)
  const rest = params.toString()
  return rest ? `${pathname}?${rest}` : pathname
}

export function ConsentBanner() {
  const { t, lang } = useI18n()
  const { choice, setMarketing } = useConsent()
  const { state, client } = useUser()
  const location = useLocation()
  const openedHere = useConsentSettingsOpen()
  // The link's address without JavaScript (and a reload of it): open until a choice or close.
  const [dismissed, setDismissed] = useState(false)
  const openedByAddress = new URLSearchParams(location.search).has(SETTINGS_PARAM) && !dismissed
  const settings = openedHere || openedByAddress
  const [choosing, setChoosing] = useState(false)
  const [marketing, setMarketingBox] = useState(choice === 'granted')
  const marketingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)

  // Reopened from the footer: the current choice is checked and the focus moves into the banner.
  useEffect(() => {
    if (!openedHere) return
    setMarketingBox(readChoiceGranted())
    headingRef.current?.focus({ preventScroll: true })
  }, [openedHere])

  if (choice !== null && !settings) return null
  const showChoices = choosing || settings

  const close = () => {
    setDismissed(true)
    if (openedHere) closeConsentSettings()
    else focusMain()
  }

  const decide = (granted: boolean) => {
    setMarketing(granted)
    if (state.status === 'LOGGED_IN' && state.userProfile?.role === 'consumer') {
      void rememberForAccount(client, granted)
    }
    if (settings) close()
    else focusMain()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // With JavaScript the choice is made in the page; the post is for browsers without it.
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const value = submitter instanceof HTMLButtonElement ? submitter.value : 'save'
    decide(value === 'all' ? true : value === 'necessary' ? false : marketing)
  }

  const returnTo = withoutSettingsParam(location.pathname, location.search)

  return (
    <section
      aria-label={t('consent.banner.label')}
      className="sticky bottom-0 z-50 border-t border-slate-300 bg-white shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
      data-testid="consent-banner"
      onKeyDown={(event) => {
        if (settings && event.key === 'Escape') {
          event.stopPropagation()
          close()
        }
      }}
    >
      <form
        method="post"
        action="/"
        onSubmit={onSubmit}
        className="mx-auto max-h-[70vh] max-w-6xl overflow-y-auto px-4 py-4"
      >
        <input type="hidden" name="intent" value="cookie-consent" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="flex items-start justify-between gap-3">
          <h2 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 sm:text-lg">
            {t('consent.banner.title')}
          </h2>
          {settings ? (
            <a
              href={returnTo}
              className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-2xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
              onClick={(event) => {
                event.preventDefault()
                close()
              }}
            >
              <span aria-hidden="true">×</span>
              <span className="sr-only">{t('consent.banner.close')}</span>
            </a>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {t('consent.banner.text')}{' '}
          <a className={LINK} href={pathFor('cookiePolicy', lang)}>
            {t('consent.banner.policy')}
          </a>
        </p>
        {showChoices ? (
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
                name="marketing"
                value="true"
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
          <Button type="submit" name="choice" value="all" variant="primary" size="sm">
            {t('consent.banner.acceptAll')}
          </Button>
          <Button type="submit" name="choice" value="necessary" variant="secondary" size="sm">
            {t('consent.banner.necessaryOnly')}
          </Button>
          {showChoices ? (
            // Its own key: the "choose" button's click must not turn that very element into a submit button.
            <Button key="save" type="submit" name="choice" value="save" variant="ghost" size="sm">
              {t('consent.banner.save')}
            </Button>
          ) : (
            <Button
              key="choose"
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
      </form>
    </section>
  )
}
