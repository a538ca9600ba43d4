import type { Translate } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { Link } from 'react-router'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/glossary-route'
import { contentLanguageOf, pathsWhere } from './content-data.ts'
import { type Crumb, contentMeta, crumbsFrom } from './content-seo.ts'
import { Breadcrumbs } from './prose.tsx'

const pageCrumbs = (t: Translate, lang: string): Crumb[] =>
  crumbsFrom(t, lang, { name: t('glossary.title'), path: pathFor('glossary', lang) })

export function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(webContext)
  const lang = contentLanguageOf(url, 'glossary')
  const terms = content.glossary
    .filter((term) => term.lang === lang)
    .map(({ slug, term, short }) => ({ slug, term, short }))
  const paths = pathsWhere('glossary', (language) => content.glossary.some((term) => term.lang === language))
  return { terms, paths }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  return contentMeta(root, {
    title: `${root.t('glossary.title')} | ${root.brandName}`,
    description: root.t('glossary.description'),
    paths: loaderData.paths,
    crumbs: pageCrumbs(root.t, root.lang),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'DefinedTermSet',
        name: root.t('glossary.title'),
        url: `${root.publicUrl}${pathFor('glossary', root.lang)}`,
        hasDefinedTerm: loaderData.terms.map((term) => ({
          '@type': 'DefinedTerm',
          name: term.term,
          description: term.short,
          url: `${root.publicUrl}${pathFor('glossaryTerm', root.lang, { term: term.slug })}`,
        })),
      },
    ],
  })
}

/** Terms grouped by their first letter (ä, ö and å are letters of their own in fi and sv). */
function byLetter(terms: Array<{ slug: string; term: string; short: string }>, locale: string) {
  const groups = new Map<string, typeof terms>()
  for (const term of terms) {
    const letter = term.term.charAt(0).toLocaleUpperCase(locale)
    groups.set(letter, [...(groups.get(letter) ?? []), term])
  }
  return [...groups.entries()]
}

export default function GlossaryRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Breadcrumbs crumbs={pageCrumbs(t, lang)} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('glossary.title')}</h1>
      <p className="mt-3 text-slate-700">{t('glossary.lead')}</p>
      <p className="mt-2 text-sm text-slate-700">{t('glossary.count', { count: loaderData.terms.length })}</p>
      <div className="mt-8 flex flex-col gap-8" data-testid="glossary-list">
        {byLetter(loaderData.terms, intlLocale).map(([letter, terms]) => (
          <section key={letter} aria-labelledby={`letter-${letter}`}>
            <h2 id={`letter-${letter}`} className="text-2xl font-bold text-slate-900">
              {letter}
            </h2>
            <dl className="mt-3 flex flex-col gap-4">
              {terms.map((term) => (
                <div key={term.slug}>
                  <dt className="font-semibold">
                    <Link
                      className="text-brand-800 underline underline-offset-4"
                      to={pathFor('glossaryTerm', lang, { term: term.slug })}
                    >
                      {term.term}
                    </Link>
                  </dt>
                  <dd className="mt-1 text-slate-700">{term.short}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  )
}
