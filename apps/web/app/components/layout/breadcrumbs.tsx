import { Link } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'

export type Crumb = { name: string; path: string }

/** The visible breadcrumb trail, from the front page; the last crumb is this page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useI18n()
  return (
    <nav aria-label={t('content.breadcrumbs')} className="text-sm text-slate-700">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <>
                  <Link className="text-brand-800 underline underline-offset-4" to={crumb.path}>
                    {crumb.name}
                  </Link>
                  <span aria-hidden="true">›</span>
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
