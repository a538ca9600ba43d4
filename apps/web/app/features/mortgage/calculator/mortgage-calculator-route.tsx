import { pagePath } from '@lainava/content'
import { MORTGAGE_LIMITS } from '@lainava/domain/mortgage/rules'
import { latestEuribor, mortgageExamplePricing } from '@lainava/domain/pricing-profiles'
import { productExample } from '@lainava/domain/representative-example'
import { catalogueLocale, formatDate, INTL_LOCALE } from '@lainava/i18n'
import { FINLAND_LANGUAGES, LANGUAGES, languageOfPath, pathFor } from '@lainava/routing'
import { useState } from 'react'
import { data, redirect } from 'react-router'
import { Breadcrumbs } from '../../../components/layout/breadcrumbs.tsx'
import { ExampleText } from '../../../components/legal/representative-example.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { webContext } from '../../../context.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../../lib/root-data.ts'
import { useRootData } from '../../../lib/root-data-context.tsx'
import type { Route } from './+types/mortgage-calculator-route'
import { calculatorValueFromQuery, DEFAULT_CALCULATOR_VALUE } from './calculator-value.ts'
import { MortgageCalculator } from './mortgage-calculator.tsx'

// Issue 16: /asuntolainalaskuri/ — the page's Markdown text (content/<lang>/pages/mortgageCalculator.md)
// beside the real mortgage calculator. A plain GET form: without JavaScript the "Calculate" button
// reloads the page with the figures in the address and the server renders their results.

const SCREEN = 'mortgageCalculator'

export function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(webContext)
  const language = languageOfPath(url.pathname)
  const original = content.pages.find((page) => page.lang === 'fi' && page.screen === SCREEN)
  const euribor = latestEuribor(content.euribor.values)
  if (!original || !euribor) throw data(null, { status: 404 })
  const page = content.pages.find((candidate) => candidate.lang === language && candidate.screen === SCREEN)
  // As on every content page: a language without this page's text gets the Finnish page.
  if (!page) throw redirect(pagePath(original, 'fi'), 302)
  const paths = Object.fromEntries(
    FINLAND_LANGUAGES.filter((lang) => content.pages.some((p) => p.lang === lang && p.screen === SCREEN)).map(
      (lang) => [lang, pagePath(original, lang)],
    ),
  )
  // The page's calculator defaults (front matter): the loan they describe, with the default own funds.
  const defaults = original.calculator
    ? {
        ...DEFAULT_CALCULATOR_VALUE,
        price: original.calculator.amount + MORTGAGE_LIMITS.defaultOwnFunds,
        years: original.calculator.years,
      }
    : DEFAULT_CALCULATOR_VALUE
  return {
    page: {
      heading: page.heading,
      title: page.title,
      description: page.description,
      html: page.html,
      updated: page.updated,
    },
    paths,
    euribor,
    example: { amount: original.calculator?.amount ?? 200_000, years: original.calculator?.years ?? 25 },
    initial: calculatorValueFromQuery(url.searchParams, INTL_LOCALE[catalogueLocale(language)], defaults),
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  const { page, paths } = loaderData
  const here = paths[root.lang as keyof typeof paths] ?? paths.fi ?? pathFor(SCREEN, 'fi')
  const url = `${root.publicUrl}${here}`
  const alternates = Object.entries(paths).flatMap(([lang, path]) => {
    const language = LANGUAGES[lang as keyof typeof LANGUAGES]
    return language
      ? [{ tagName: 'link', rel: 'alternate', hrefLang: language.hreflang, href: `${root.publicUrl}${path}` }]
      : []
  })
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(alternates.length > 1
      ? [
          ...alternates,
          { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${root.publicUrl}${paths.fi}` },
        ]
      : []),
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    { property: 'og:site_name', content: root.brandName },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            name: root.t('content.home'),
            item: `${root.publicUrl}${pathFor('landing', root.lang)}`,
          },
          { '@type': 'ListItem', position: 2, name: page.heading, item: url },
        ],
      },
    },
  ]
}

export default function MortgageCalculatorRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const root = useRootData()
  const { page, euribor, example, initial } = loaderData
  const [value, setValue] = useState(initial)
  const path = pathFor(SCREEN, lang)
  const representative = productExample(
    'mortgage',
    mortgageExamplePricing(euribor),
    example.amount,
    example.years * 12,
  )
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Breadcrumbs
        crumbs={[
          { name: t('content.home'), path: pathFor('landing', lang) },
          { name: page.heading, path },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{page.heading}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{page.description}</p>
      {page.updated ? (
        <p className="mt-2 text-sm text-slate-700">
          {t('content.updated', { date: formatDate(intlLocale, page.updated) })}
        </p>
      ) : null}
      <div className="mt-8 grid items-start gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <form method="get" action={path} className="min-w-0 lg:order-2">
          <MortgageCalculator
            value={value}
            onChange={setValue}
            language={lang}
            euribor={euribor}
            showContinue
          />
          {/* Without JavaScript this reloads the page with the figures; with it the results are already live. */}
          <p className="mt-4">
            <Button type="submit" variant="secondary">
              {t('mortgage.calculator.calculate')}
            </Button>
          </p>
        </form>
        <div className="min-w-0 lg:order-1">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own validated Markdown (packages/content) */}
          <div className="prose-content" dangerouslySetInnerHTML={{ __html: page.html }} />
          <section
            aria-label={t('example.title')}
            className="mt-10 rounded-xl bg-slate-50 p-5 text-sm text-slate-700"
          >
            <h2 className="text-base font-semibold text-slate-900">{t('example.title')}</h2>
            <ExampleText example={representative} brandName={root?.brandName ?? ''} />
          </section>
        </div>
      </div>
    </div>
  )
}
