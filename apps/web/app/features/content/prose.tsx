import { Link } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'
import type { Crumb } from './content-seo.ts'

/**
 * Markdown rendered at start-up by packages/content. The files are ours and checked:
 * no raw HTML, no images, only links inside the site, so the HTML is safe to insert.
 */
export function Prose({ html, lang }: { html: string; lang?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own validated Markdown (packages/content)
  return <div className="prose-content" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
}

/** The visible breadcrumb trail (its JSON-LD twin is `breadcrumbList`); the last crumb is this page. */
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
