import { pathFor } from '@lainava/routing'
import { useRouteLoaderData } from 'react-router'
import { buttonClasses } from '../../components/ui/button.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import type { RootData } from '../../lib/root-data.ts'

/** The not-found and error pages; never shows internals (spec §8). */
export function StatusPage({ kind }: { kind: 'notFound' | 'error' }) {
  const root = useRouteLoaderData<RootData>('root')
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
  return <StatusContent kind={kind} />
}

function StatusContent({ kind }: { kind: 'notFound' | 'error' }) {
  const { t, lang } = useI18n()
  const title = t(kind === 'notFound' ? 'status.notFound.title' : 'status.error.title')
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <title>{title}</title>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">
        {t(kind === 'notFound' ? 'status.notFound.text' : 'status.error.text')}
      </p>
      <p className="mt-8">
        <a className={buttonClasses('primary', 'md')} href={pathFor('landing', lang)}>
          {t('status.backHome')}
        </a>
      </p>
    </div>
  )
}
