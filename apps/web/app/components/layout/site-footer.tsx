import { pathFor } from '@lainava/routing'
import { useI18n } from '../../lib/i18n.tsx'

const LEGAL_LINKS = [
  ['privacyPolicy', 'footer.privacy'],
  ['terms', 'footer.terms'],
  ['cookiePolicy', 'footer.cookies'],
  ['fairComparisonPrinciples', 'footer.principles'],
  ['contact', 'footer.contact'],
] as const

export function SiteFooter({ brandName, year }: { brandName: string; year: number }) {
  const { t, lang } = useI18n()
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-slate-700 md:grid-cols-2">
        <div>
          <p className="font-semibold text-slate-900">{brandName}</p>
          <p className="mt-2">{t('footer.company', { brand: brandName })}</p>
          <p className="mt-2">{t('footer.copyright', { year: String(year), brand: brandName })}</p>
        </div>
        <nav aria-label={t('footer.legal')}>
          <ul className="flex flex-col gap-1">
            {LEGAL_LINKS.map(([screen, label]) => (
              <li key={screen}>
                <a
                  className="inline-flex min-h-11 items-center text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                  href={pathFor(screen, lang)}
                >
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  )
}
