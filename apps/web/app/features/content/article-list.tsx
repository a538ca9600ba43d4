import { categorySlug } from '@lainava/content'
import { formatDate } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { Link } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'
import type { ArticleCard } from './content-data.ts'

export function ArticleList({ articles }: { articles: ArticleCard[] }) {
  const { t, lang, intlLocale } = useI18n()
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2" data-testid="article-list">
      {articles.map((article) => (
        <li key={article.uid} className="flex flex-col rounded-xl border border-slate-200 p-5">
          <p className="text-sm text-slate-700">
            <Link
              className="font-medium text-brand-800 underline underline-offset-4"
              to={pathFor('blogCategory', lang, { category: categorySlug(lang, article.category) })}
            >
              {t(`blog.category.${article.category}`)}
            </Link>
          </p>
          <h2 className="mt-2 text-xl font-semibold text-slate-900">
            <Link className="hover:underline" to={pathFor('article', lang, { uid: article.uid })}>
              {article.title}
            </Link>
          </h2>
          <p className="mt-2 flex-1 text-slate-700">{article.description}</p>
          <p className="mt-3 text-sm text-slate-700">
            <time dateTime={article.published}>{formatDate(intlLocale, article.published)}</time>
            {' · '}
            {t('blog.readingTime', { count: article.readingMinutes })}
          </p>
        </li>
      ))}
    </ul>
  )
}

/** Previous/next links of a paged list; page 1 has no page segment (pathFor handles it). */
export function Pager({
  page,
  pageCount,
  pathOf,
}: {
  page: number
  pageCount: number
  pathOf: (page: number) => string
}) {
  const { t } = useI18n()
  if (pageCount < 2) return null
  const link = 'inline-flex min-h-11 items-center rounded-md px-3 text-brand-800 underline underline-offset-4'
  return (
    <nav aria-label={t('blog.pagination')} className="mt-10">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link className={link} to={pathOf(page - 1)} rel="prev">
              {t('blog.previous')}
            </Link>
          </li>
        ) : null}
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            {number === page ? (
              <span
                aria-current="page"
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md bg-brand-700 font-semibold text-white"
              >
                <span className="sr-only">{t('blog.pageLabel', { page: number })}</span>
                <span aria-hidden="true">{number}</span>
              </span>
            ) : (
              <Link className={`${link} min-w-11 justify-center`} to={pathOf(number)}>
                <span className="sr-only">{t('blog.pageLabel', { page: number })}</span>
                <span aria-hidden="true">{number}</span>
              </Link>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link className={link} to={pathOf(page + 1)} rel="next">
              {t('blog.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
