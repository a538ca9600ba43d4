import { stripBlockTags } from '@lainava/content'
import type { Translate } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/faq-route'
import { contentLanguageOf, pathsWhere } from './content-data.ts'
import { type Crumb, contentMeta, crumbsFrom } from './content-seo.ts'
import { Breadcrumbs, Prose } from './prose.tsx'

const GROUPS = ['applying', 'offers', 'costs', 'privacy', 'account'] as const

const pageCrumbs = (t: Translate, lang: string): Crumb[] =>
  crumbsFrom(t, lang, { name: t('faq.title'), path: pathFor('faq', lang) })

export function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(webContext)
  const lang = contentLanguageOf(url, 'faq')
  const questions = content.faq
    .filter((entry) => entry.lang === lang)
    .map(({ slug, question, group, html }) => ({ slug, question, group, html }))
  const paths = pathsWhere('faq', (language) => content.faq.some((entry) => entry.lang === language))
  return { questions, paths }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  return contentMeta(root, {
    title: `${root.t('faq.title')} | ${root.brandName}`,
    description: root.t('faq.description', { brand: root.brandName }),
    paths: loaderData.paths,
    crumbs: pageCrumbs(root.t, root.lang),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: loaderData.questions.map((entry) => ({
          '@type': 'Question',
          name: entry.question,
          // spec §5 text helper: the answer's paragraphs without their <p> wrappers.
          acceptedAnswer: { '@type': 'Answer', text: stripBlockTags(entry.html) },
        })),
      },
    ],
  })
}

export default function FaqRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumbs crumbs={pageCrumbs(t, lang)} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('faq.title')}</h1>
      <p className="mt-3 text-slate-700">{t('faq.lead')}</p>
      {GROUPS.map((group) => {
        const questions = loaderData.questions.filter((entry) => entry.group === group)
        if (questions.length === 0) return null
        return (
          <section key={group} aria-labelledby={`faq-${group}`} className="mt-10">
            <h2 id={`faq-${group}`} className="text-2xl font-bold text-slate-900">
              {t(`faq.group.${group}`)}
            </h2>
            <div className="mt-4 flex flex-col gap-3">
              {questions.map((entry) => (
                <details key={entry.slug} id={entry.slug} className="rounded-xl border border-slate-200 p-4">
                  <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold text-slate-900">
                    {entry.question}
                  </summary>
                  <div className="mt-2">
                    <Prose html={entry.html} />
                  </div>
                </details>
              ))}
            </div>
          </section>
        )
      })}
      <p className="mt-10 text-slate-700">
        {t('faq.more')}{' '}
        <a className="text-brand-800 underline underline-offset-4" href={pathFor('contact', lang)}>
          {t('footer.contact')}
        </a>
      </p>
    </div>
  )
}
