import { type Article, categorySlug, summary } from '@lainava/content'
import { formatDate, type Translate } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { Link, redirect } from 'react-router'
import { RepresentativeExample } from '../../components/legal/representative-example.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { useRootData } from '../../lib/root-data-context.tsx'
import type { Route } from './+types/article-route'
import { ArticleList } from './article-list.tsx'
import { articleCard, contentLanguageOf, notFound, pathsWhere } from './content-data.ts'
import { type Crumb, contentMeta, crumbsFrom } from './content-seo.ts'
import { Breadcrumbs, Prose } from './prose.tsx'

// Articles talk about loan costs, so each ends with a representative example (law).
const EXAMPLE = { amount: 10_000, years: 5 }

function articleCrumbs(
  t: Translate,
  lang: string,
  article: Pick<Article, 'category' | 'title' | 'uid'>,
): Crumb[] {
  return crumbsFrom(
    t,
    lang,
    { name: t('blog.title'), path: pathFor('blog', lang) },
    {
      name: t(`blog.category.${article.category}`),
      path: pathFor('blogCategory', lang, { category: categorySlug(lang, article.category) }),
    },
    { name: article.title, path: pathFor('article', lang, { uid: article.uid }) },
  )
}

export function loader({ url, params, context }: Route.LoaderArgs) {
  const { content } = context.get(webContext)
  const lang = contentLanguageOf(url, 'article', { uid: params.uid })
  const article = content.articles.find((item) => item.lang === lang && item.uid === params.uid)
  if (!article) {
    // A uid of another language (the language switcher keeps the uid): its translation
    // in this language, else the original.
    const other = content.articles.find((item) => item.uid === params.uid)
    if (!other) notFound()
    const translation = content.articles.find(
      (item) => item.lang === lang && item.translationKey === other.translationKey,
    )
    throw translation
      ? redirect(pathFor('article', lang, { uid: translation.uid }), 301)
      : redirect(pathFor('article', other.lang, { uid: other.uid }), 302)
  }
  const translations = content.articles.filter((item) => item.translationKey === article.translationKey)
  const paths = pathsWhere(
    'article',
    (language) => translations.some((item) => item.lang === language),
    (language) => ({ uid: translations.find((item) => item.lang === language)?.uid }),
  )
  const related = content.articles
    .filter((item) => item.lang === lang && item.uid !== article.uid && item.category === article.category)
    .slice(0, 2)
    .map((item) => articleCard(summary(item), content))
  return { article: articleCard(article, content), html: article.html, paths, related }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  const { article } = loaderData
  const url = `${root.publicUrl}${pathFor('article', root.lang, { uid: article.uid })}`
  return [
    ...contentMeta(root, {
      title: `${article.title} | ${root.brandName}`,
      description: article.description,
      paths: loaderData.paths,
      crumbs: articleCrumbs(root.t, root.lang, article),
      ogType: 'article',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: article.title,
          description: article.description,
          inLanguage: root.lang,
          datePublished: article.published,
          dateModified: article.updated ?? article.published,
          author: { '@type': 'Organization', name: article.authorName },
          publisher: { '@type': 'Organization', name: root.brandName, url: `${root.publicUrl}/` },
          mainEntityOfPage: url,
          articleSection: root.t(`blog.category.${article.category}`),
        },
      ],
    }),
    { property: 'article:published_time', content: article.published },
  ]
}

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const { article, html, related } = loaderData
  const brandName = useRootData()?.brandName ?? ''
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumbs crumbs={articleCrumbs(t, lang, article)} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{article.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{article.description}</p>
      <p className="mt-3 text-sm text-slate-700">
        <Link className="text-brand-800 underline underline-offset-4" to={pathFor('authors', lang)}>
          {article.authorName}
        </Link>
        {' · '}
        {t('blog.published', { date: formatDate(intlLocale, article.published) })}
        {article.updated
          ? ` · ${t('blog.updated', { date: formatDate(intlLocale, article.updated) })}`
          : null}
        {' · '}
        {t('blog.readingTime', { count: article.readingMinutes })}
      </p>
      <div className="mt-8">
        <Prose html={html} />
      </div>
      <p className="mt-10 rounded-xl bg-brand-50 p-5 text-slate-800">
        {t('blog.cta')}{' '}
        <Link
          className="font-semibold text-brand-800 underline underline-offset-4"
          to={pathFor('consumerLoanForm', lang)}
        >
          {t('blog.ctaLink')}
        </Link>
      </p>
      <div className="mt-6">
        <RepresentativeExample amount={EXAMPLE.amount} years={EXAMPLE.years} brandName={brandName} />
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-12">
          <h2 id="related-title" className="text-2xl font-bold text-slate-900">
            {t('blog.related')}
          </h2>
          <ArticleList articles={related} />
        </section>
      ) : null}
    </article>
  )
}
