import { FINLAND_LANGUAGES, pathFor } from '@lainava/routing'
import { buttonClasses } from '../../components/ui/button.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { useRootData } from '../../lib/root-data-context.tsx'

export const STATUS_KINDS = {
  notFound: 'status.notFound',
  error: 'status.error',
  maintenance: 'status.maintenance',
  forbidden: 'status.forbidden',
  comingSoon: 'status.comingSoon',
  notSupported: 'status.notSupported',
  test: 'status.test',
  demo: 'status.demo',
} as const

export type StatusKind = keyof typeof STATUS_KINDS

/** The status screens (spec §2, §8); they never show internals. */
export function StatusPage({ kind, documentTitle = false }: { kind: StatusKind; documentTitle?: boolean }) {
  const root = useRootData()
  if (!root) {
    // The root loader itself failed: no catalogue to read, so a plain bilingual page.
    return (
      <div className="mx-auto max-w-2xl px-4 py-16">
        <h1 className="text-2xl font-bold">Jokin meni vikaan – Something went wrong</h1>
        <p className="mt-4">
          <a href="/">Etusivulle – Home</a>
        </p>
      </div>
    )
  }
  return <StatusContent kind={kind} brandName={root.brandName} documentTitle={documentTitle} />
}

function StatusContent({
  kind,
  brandName,
  documentTitle,
}: {
  kind: StatusKind
  brandName: string
  documentTitle: boolean
}) {
  const { t, lang } = useI18n()
  const prefix = STATUS_KINDS[kind]
  const title = t(`${prefix}.title`)
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      {/* Error boundaries have no route meta, so they set the title themselves. */}
      {documentTitle ? <title>{title}</title> : null}
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{t(`${prefix}.text`, { brand: brandName })}</p>
      <p className="mt-8 flex flex-wrap gap-3">
        {kind === 'notSupported' ? (
          FINLAND_LANGUAGES.map((language) => (
            <a
              key={language}
              className={buttonClasses('primary', 'md')}
              href={pathFor('landing', language)}
              lang={language}
            >
              {language === 'fi' ? t('status.notSupported.link') : t(`language.${language}`)}
            </a>
          ))
        ) : (
          <a className={buttonClasses('primary', 'md')} href={pathFor('landing', lang)}>
            {t('status.backHome')}
          </a>
        )}
        {kind === 'forbidden' ? (
          <a className={buttonClasses('secondary', 'md')} href={pathFor('login', lang)}>
            {t('status.login')}
          </a>
        ) : null}
      </p>
    </div>
  )
}
