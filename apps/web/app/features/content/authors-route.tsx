import type { Translate } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/authors-route'
import { contentLanguageOf, pathsWhere } from './content-data.ts'
import { type Crumb, contentMeta, crumbsFrom } from './content-seo.ts'
import { Breadcrumbs } from './prose.tsx'

const pageCrumbs = (t: Translate, lang: string): Crumb[] =>
  crumbsFrom(t, lang, { name: t('authors.title'), path: pathFor('authors', lang) })

export function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(webContext)
  const lang = contentLanguageOf(url, 'authors')
  const authors = content.authors.map((author) => ({
    id: author.id,
    name: author.name[lang],
    role: author.role[lang],
    articles: content.articles
      .filter((article) => article.lang === lang && article.author === author.id)
      .map((article) => ({ uid: article.uid, title: article.title })),
  }))
  return { authors, paths: pathsWhere('authors', () => true) }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  return contentMeta(root, {
    title: `${root.t('authors.title')} | ${root.brandName}`,
    description: root.t('authors.description', { brand: root.brandName }),
    paths: loaderData.paths,
    crumbs: pageCrumbs(root.t, root.lang),
  })
}

export default function AuthorsRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Breadcrumbs crumbs={pageCrumbs(t, lang)} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('authors.title')}</h1>
      <p className="mt-3 text-slate-700">{t('authors.lead')}</p>
      <ul className="mt-8 flex flex-col gap-6">
        {loaderData.authors.map((author) => (
          <li key={author.id} id={author.id} className="rounded-xl border border-slate-200 p-5">
            <h2 className="text-xl font-semibold text-slate-900">{author.name}</h2>
            <p className="mt-2 text-slate-700">{author.role}</p>
            {author.articles.length > 0 ? (
              <>
                <h3 className="mt-4 font-semibold text-slate-900">{t('authors.articles')}</h3>
                <ul className="mt-2 list-disc pl-6">
                  {author.articles.map((article) => (
                    <li key={article.uid}>
                      <a
                        className="text-brand-800 underline underline-offset-4"
                        href={pathFor('article', lang, { uid: article.uid })}
                      >
                        {article.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
