import { type ReactNode, useEffect } from 'react'
import { useTracking } from '../../lib/analytics-start.ts'
import { hasMarketingConsent, onConsentChange } from '../../lib/consent.ts'
import { FlagsProvider } from '../../lib/flags.tsx'
import { useFlagsClient } from '../../lib/flags-client.ts'
import { I18nProvider } from '../../lib/i18n.tsx'
import type { PageText, RootData } from '../../lib/root-data.ts'
import { RootDataProvider } from '../../lib/root-data-context.tsx'
import { UserProvider } from '../../lib/user-state.tsx'
import { ConsentBanner } from '../consent/consent-banner.tsx'
import { NavigationNotice } from './navigation-notice.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

/**
 * The page inside `<body>`: the header, the page, the footer and the cookie banner in the root's
 * providers. The root's layout renders it for every page; the landing's island renders the same
 * (ADR 064), so the two cannot differ. `extra` comes before the header (the root's prefetcher).
 */
export function SiteBody({
  data,
  text,
  extra,
  children,
}: {
  data: RootData
  text: PageText
  extra?: ReactNode
  children: ReactNode
}) {
  return (
    <RootDataProvider value={data}>
      <I18nProvider lang={data.lang} textLang={text.textLang} messages={text.messages}>
        <UserProvider root={data}>
          <FlagsProvider data={data.flags}>
            <NavigationNotice />
            {extra}
            <SiteHeader brandName={data.brandName} navigation={data.navigation} />
            <main id="main" className="flex-1" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter
              brandName={data.brandName}
              company={data.company}
              year={data.year}
              navigation={data.navigation}
            />
            <ConsentBanner />
          </FlagsProvider>
        </UserProvider>
      </I18nProvider>
    </RootDataProvider>
  )
}

/**
 * What every page does once it is interactive, inside `SiteBody`: affiliate capture, analytics (only
 * with marketing consent) and page views (issue 18, ADR 037), the flag SDK when the browser is idle
 * (ADR 038), and the `data-hydrated` mark for tests and styles.
 */
export function useSiteEffects(): void {
  useTracking(hasMarketingConsent, onConsentChange)
  useFlagsClient()
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
}
