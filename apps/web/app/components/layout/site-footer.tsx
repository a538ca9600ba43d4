import type { CompanyDetails } from '@lainava/domain/company'
import { pathFor } from '@lainava/routing'
import { useI18n } from '../../lib/i18n.tsx'
import { CookieSettingsLink } from '../consent/cookie-settings-link.tsx'
import { CompanyDetailsCompact } from './company-details.tsx'
import { useMenuLinkClick } from './menu-link-click.ts'
import type { NavGroup, SiteNavigation } from './site-navigation.ts'

// Where a language has no content site (the coming-soon countries): the legal pages only.
const LEGAL_LINKS = [
  ['privacyPolicy', 'footer.privacy'],
  ['terms', 'footer.terms'],
  ['cookiePolicy', 'footer.cookies'],
  ['fairComparisonPrinciples', 'footer.principles'],
  ['contact', 'footer.contact'],
] as const

// styles/layout.css: one short class for the footer's many links.
const LINK = 'footer-link'

function FooterGroup({ group }: { group: NavGroup }) {
  const headingId = `footer-${group.id}`
  const onLinkClick = useMenuLinkClick()
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its links' (Enter on a link is a click)
    <nav aria-labelledby={headingId} onClick={onLinkClick}>
      <h2 id={headingId} className="font-semibold text-slate-900">
        {group.label}
      </h2>
      <ul className="mt-2 flex flex-col">
        {group.links.map((link) => (
          <li key={link.href}>
            {/* Plain links, the <nav>'s handler navigates in the app (ADR 052, as in the menus). */}
            <a className={LINK} href={link.href} data-discover="true">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function SiteFooter({
  brandName,
  company,
  year,
  navigation,
}: {
  brandName: string
  company: CompanyDetails
  year: number
  navigation: SiteNavigation | null
}) {
  const { t, lang } = useI18n()
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="font-semibold text-slate-900">{brandName}</p>
          <p className="mt-2">{t('footer.company', { brand: brandName })}</p>
          <CompanyDetailsCompact company={company} />
          <p className="mt-2">{t('footer.copyright', { year: String(year), brand: brandName })}</p>
          {/* Issue 18: the cookie choice can be changed on every page. */}
          <CookieSettingsLink className={LINK} />
        </div>
        {navigation ? (
          navigation.footer.map((group) => <FooterGroup key={group.id} group={group} />)
        ) : (
          <nav aria-label={t('footer.legal')}>
            <ul className="flex flex-col gap-1">
              {LEGAL_LINKS.map(([screen, label]) => (
                <li key={screen}>
                  <a className={LINK} href={pathFor(screen, lang)}>
                    {t(label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </footer>
  )
}
