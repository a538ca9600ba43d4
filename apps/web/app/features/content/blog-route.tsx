import {
  CATEGORIES,
  type Category,
  CONTENT_LANGUAGES,
  categoryOfSlug,
  categorySlug,
  paginate,
  summary,
} from '@lainava/content'
import type { Translate } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { Link, redirect } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/blog-route'
import { ArticleList, Pager } from './article-list.tsx'
import { articleCard, contentLanguageOf, notFound, pathsWhere } from './content-data.ts'
import { type Crumb, contentMeta, crumbsFrom } from './content-seo.ts'
import { Breadcrumbs } from './prose.tsx'

// One module for the blog list, its pages and its categories (spec §2): page 1 has no
// page segment, so `/blogi/1/` goes to `/blogi/` (and a category's page 1 to the category).

function listPath(lang: string, category: Category | null, page = 1) {
  return category
    ? pathFor('blogCategory', lang, { category: categorySlug(lang, category), page })
    : pathFor('blogPage', lang, { page })
}

function blogCrumbs(t: Translate, lang: string, category: Category | null): Crumb[] {
  return crumbsFrom(
    t,
    lang,
    { name: t('blog.title'), path: pathFor('blog', lang) },
    ...(category ? [{ name: t(`blog.category.${category}`), path: listPath(lang, category) }] : []),
  )
}

export function loader({ url, params, context }: Route.LoaderArgs) {
  const { content } = context.get(webContext)
  const rawCategory = 'category' in params ? params.category : undefined
  const rawPage = 'page' in params ? params.page : undefined
  const lang = contentLanguageOf(url, rawCategory ? 'blogCategory' : 'blog', { category: rawCategory })
  const category = rawCategory === undefined ? null : categoryOfSlug(lang, rawCategory)
  if (rawCategory !== undefined && !category) {
    // Another language's slug (the language switcher keeps it): this language's one.
    const other = CONTENT_LANGUAGES.map((language) => categoryOfSlug(language, rawCategory)).find(Boolean)
    if (!other) notFound()
    throw redirect(listPath(lang, other), 301)
  }
  let page = 1
  if (rawPage !== undefined) {
    if (!/^\d{1,4}$/.test(rawPage)) notFound()
    page = Number(rawPage)
    if (page < 2) throw redirect(listPath(lang, category), 301)
  }
  const inCategory = (language: string) =>
    content.articles.filter(
      (article) => article.lang === language && (!category || article.category === category),
    )
  const list = inCategory(lang)
  if (category && list.length === 0) notFound()
  const paged = paginate(list, page)
  if (!paged) notFound()
  const categories = CATEGORIES.filter((candidate) =>
    content.articles.some((article) => article.lang === lang && article.category === candidate),
  )
  const paths = pathsWhere(
    category ? 'blogCategory' : 'blogPage',
    (language) => (paginate(inCategory(language), page)?.items.length ?? 0) > 0,
    (language) => ({ category: category ? categorySlug(language, category) : undefined, page }),
  )
  return {
    category,
    page: paged.page,
    pageCount: paged.pageCount,
    articles: paged.items.map((article) => articleCard(summary(article), content)),
    categories,
    paths,
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  const { category, page } = loaderData
  const heading = category ? root.t(`blog.category.${category}`) : root.t('blog.title')
  const pageSuffix = page > 1 ? ` – ${root.t('blog.pageLabel', { page })}` : ''
  return contentMeta(root, {
    title: `${heading}${pageSuffix} | ${root.brandName}`,
    description: category
      ? root.t('blog.categoryDescription', { category: heading, brand: root.brandName })
      : root.t('blog.description', { brand: root.brandName }),
    paths: loaderData.paths,
    crumbs: blogCrumbs(root.t, root.lang, category),
  })
}

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  const { category, page, pageCount, articles, categories } = loaderData
  const heading = category ? t(`blog.category.${category}`) : t('blog.title')
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Breadcrumbs crumbs={blogCrumbs(t, lang, category)} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">
        {heading}
        {page > 1 ? <span className="sr-only"> – {t('blog.pageLabel', { page })}</span> : null}
      </h1>
      <p className="mt-3 max-w-3xl text-slate-700">{t('blog.lead')}</p>
      <nav aria-label={t('blog.categories')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {categories.map((candidate) => (
            <li key={candidate}>
              <Link
                to={listPath(lang, candidate)}
                aria-current={candidate === category ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
                  candidate === category
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 text-slate-800 hover:bg-slate-50'
                }`}
              >
                {t(`blog.category.${candidate}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ArticleList articles={articles} />
      <Pager page={page} pageCount={pageCount} pathOf={(number) => listPath(lang, category, number)} />
      <p className="mt-10">
        <Link className="text-brand-800 underline underline-offset-4" to={pathFor('authors', lang)}>
          {t('blog.authorsLink')}
        </Link>
      </p>
    </div>
  )
}
