import type { Translate } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { Link, redirect } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/glossary-term-route'
import { contentLanguageOf, notFound, pathsWhere } from './content-data.ts'
import { type Crumb, contentMeta, crumbsFrom } from './content-seo.ts'
import { Breadcrumbs, Prose } from './prose.tsx'

const termCrumbs = (t: Translate, lang: string, term: { slug: string; term: string }): Crumb[] =>
  crumbsFrom(
    t,
    lang,
    { name: t('glossary.title'), path: pathFor('glossary', lang) },
    { name: term.term, path: pathFor('glossaryTerm', lang, { term: term.slug }) },
  )

export function loader({ url, params, context }: Route.LoaderArgs) {
  const { content } = context.get(webContext)
  const lang = contentLanguageOf(url, 'glossaryTerm', { term: params.term })
  const term = content.glossary.find((item) => item.lang === lang && item.slug === params.term)
  if (!term) {
    // Another language's slug (kept by the language switcher): this language's term.
    const other = content.glossary.find((item) => item.slug === params.term)
    const translation =
      other &&
      content.glossary.find((item) => item.lang === lang && item.translationKey === other.translationKey)
    if (!translation) notFound()
    throw redirect(pathFor('glossaryTerm', lang, { term: translation.slug }), 301)
  }
  const translations = content.glossary.filter((item) => item.translationKey === term.translationKey)
  const paths = pathsWhere(
    'glossaryTerm',
    (language) => translations.some((item) => item.lang === language),
    (language) => ({ term: translations.find((item) => item.lang === language)?.slug }),
  )
  const related = term.related.flatMap((key) => {
    const found = content.glossary.find((item) => item.lang === lang && item.translationKey === key)
    return found ? [{ slug: found.slug, term: found.term }] : []
  })
  return { term: { slug: term.slug, term: term.term, short: term.short }, html: term.html, related, paths }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  const { term } = loaderData
  const path = pathFor('glossaryTerm', root.lang, { term: term.slug })
  return contentMeta(root, {
    title: `${root.t('glossary.termTitle', { term: term.term })} | ${root.brandName}`,
    description: term.short,
    paths: loaderData.paths,
    crumbs: termCrumbs(root.t, root.lang, term),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'DefinedTerm',
        name: term.term,
        description: term.short,
        url: `${root.publicUrl}${path}`,
        inDefinedTermSet: `${root.publicUrl}${pathFor('glossary', root.lang)}`,
      },
    ],
  })
}

export default function GlossaryTermRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  const { term, html, related } = loaderData
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumbs crumbs={termCrumbs(t, lang, term)} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{term.term}</h1>
      <p className="mt-3 text-lg text-slate-700">{term.short}</p>
      <div className="mt-6">
        <Prose html={html} />
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-terms" className="mt-10">
          <h2 id="related-terms" className="text-xl font-bold text-slate-900">
            {t('glossary.related')}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {related.map((item) => (
              <li key={item.slug}>
                <Link
                  className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-brand-800 underline underline-offset-4"
                  to={pathFor('glossaryTerm', lang, { term: item.slug })}
                >
                  {item.term}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-10">
        <Link className="text-brand-800 underline underline-offset-4" to={pathFor('glossary', lang)}>
          {t('glossary.back')}
        </Link>
      </p>
    </article>
  )
}
