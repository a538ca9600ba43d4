import { pathFor } from '@lainava/routing'
import { useI18n } from '../../lib/i18n.tsx'
import { useUser } from '../../lib/user-state.tsx'
import { openConsentSettings, SETTINGS_PARAM } from './consent-settings.ts'

/**
 * The footer's "Cookie settings" (issue 18): reopens the banner where the visitor is. Without JavaScript
 * it is a plain link: a signed-in consumer to the settings page's consents, anyone else to the cookie
 * policy page with the banner open as a form that posts the choice.
 */
export function CookieSettingsLink({ className }: { className?: string }) {
  const { t, lang } = useI18n()
  const { state } = useUser()
  const consumer = state.status === 'LOGGED_IN' && state.userProfile?.role === 'consumer'
  const href = consumer
    ? `${pathFor('settings', lang)}?menu=consents`
    : `${pathFor('cookiePolicy', lang)}?${SETTINGS_PARAM}`
  return (
    <a
      className={className}
      href={href}
      data-testid="cookie-settings-link"
      onClick={(event) => {
        // A new tab or window (modifier keys) follows the address instead.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        openConsentSettings(event.currentTarget)
      }}
    >
      {t('consent.banner.link')}
    </a>
  )
}
