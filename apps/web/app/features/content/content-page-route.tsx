import { type ContentPage, pagePath } from '@lainava/content'
import { latestEuribor } from '@lainava/domain/pricing-profiles'
import { representativeExample } from '@lainava/domain/representative-example'
import { formatDate } from '@lainava/i18n'
import { FINLAND_LANGUAGES, languageOfPath, pathFor } from '@lainava/routing'
import { data, Link, redirect } from 'react-router'
import { CompanyDetailsSection } from '../../components/layout/company-details.tsx'
import { ExampleSection } from '../../components/legal/example-text.tsx'
import { buttonClasses } from '../../components/ui/button.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { useRootData } from '../../lib/root-data-context.tsx'
import { calculatorSeed } from '../landing/calculator-math.ts'
import { LoanCalculator } from '../landing/loan-calculator.tsx'
import type { Route } from './+types/content-page-route'
import { ContactForm, contactAction } from './contact-form.tsx'
import { notFound } from './content-data.ts'
import { contentMeta, crumbsFrom } from './content-seo.ts'
import { EuriborChart } from './euribor-chart.tsx'
import { Breadcrumbs, Prose } from './prose.tsx'

// One module for the Markdown pages of content/<lang>/pages (loan pages, info, legal and
// campaign pages). The page is found by its path: the screen's path in the request's
// language, with the file's parameter (`whyProduct-lainava.md` → /mika-on-lainava/).

const normalise = (path: string) => {
  const lower = decodeURIComponent(path).toLowerCase()
  return lower.endsWith('/') ? lower : `${lower}/`
}

function findPage(url: URL, pages: ContentPage[]) {
  const language = languageOfPath(url.pathname)
  const wanted = normalise(url.pathname)
  const original = pages.find((page) => page.lang === 'fi' && normalise(pagePath(page, language)) === wanted)
  if (!original) return null
  const translated = pages.find(
    (page) => page.lang === language && page.screen === original.screen && page.param === original.param,
  )
  return { language, original, translated }
}

// Pages under another page: a bank's page under the overview, shown in its breadcrumbs and listed there.
const PARENTS: Partial<Record<string, { screen: string; param: string | null }>> = {
  mobileBankingProvider: { screen: 'mobileBanking', param: null },
  savingsAccounts: { screen: 'savingsAccounts', param: 'vertailu' },
}

function parentOf(page: ContentPage, pages: ContentPage[]): ContentPage | undefined {
  const parent = PARENTS[page.screen]
  if (!parent || (parent.screen === page.screen && parent.param === page.param)) return undefined
  return pages.find(
    (other) => other.lang === page.lang && other.screen === parent.screen && other.param === parent.param,
  )
}

const link = (page: ContentPage) => ({
  name: page.heading,
  path: pagePath(page, page.lang),
  description: page.description,
})

export function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(webContext)
  const found = findPage(url, content.pages)
  if (!found) notFound()
  const { original, translated } = found
  // Routing fallback: a page without this language's text is shown in Finnish.
  if (!translated) throw redirect(pagePath(original, 'fi'), 302)
  const paths = Object.fromEntries(
    FINLAND_LANGUAGES.filter((language) =>
      content.pages.some(
        (page) => page.lang === language && page.screen === original.screen && page.param === original.param,
      ),
    ).map((language) => [language, pagePath(original, language)]),
  )
  const parent = parentOf(translated, content.pages)
  // Mortgage and business examples are priced on the latest 12-month Euribor of the data file.
  const referenceRate =
    original.product === 'mortgage' || original.product === 'business'
      ? latestEuribor(content.euribor.values)
      : null
  return {
    page: translated,
    parent: parent ? link(parent) : null,
    children: content.pages
      .filter((page) => parentOf(page, content.pages) === translated)
      .map(link)
      .sort((a, b) => a.name.localeCompare(b.name, translated.lang)),
    paths,
    euribor: original.screen === 'euribor' ? content.euribor : null,
    // The calculator's first view (ADR 053: the browser loads its maths only when a slider moves).
    calculator:
      translated.kind === 'loan' && translated.calculator
        ? calculatorSeed(translated.product ?? 'consumer', referenceRate, translated.calculator)
        : null,
    // Campaign and Euribor pages state rates: the consumer example of 10 000 € over 5 years beside them.
    example:
      !(translated.kind === 'loan' && translated.calculator) &&
      (translated.kind === 'campaign' || translated.screen === 'euribor')
        ? representativeExample(10_000, 5)
        : null,
  }
}

export async function action(args: Route.ActionArgs) {
  const found = findPage(args.url, args.context.get(webContext).content.pages)
  if (found?.original.screen !== 'contact') throw data(null, { status: 405 })
  return contactAction(args)
}

/** Where a loan page's button goes: the product's form, or the contact page for products without a form yet. */
function applyTarget(page: ContentPage, lang: string) {
  if (page.product === 'consumer' || page.product === null) return pathFor('consumerLoanForm', lang)
  // Issue 15: the business pages lead into the SME onboarding.
  if (page.product === 'business') return pathFor('businessLoanForm', lang)
  return `${pathFor('contact', lang)}?topic=${page.product}`
}

/** The loan page button's label by where it goes. */
const APPLY_LABELS = {
  consumer: 'content.apply',
  business: 'content.applyBusiness',
  mortgage: 'content.askOffer',
} as const

/** The breadcrumb trail after the home page: the parent page, if any, and this page. */
function trailOf({ page, parent }: { page: ContentPage; parent: { name: string; path: string } | null }) {
  const here = { name: page.heading, path: pagePath(page, page.lang) }
  return parent ? [{ name: parent.name, path: parent.path }, here] : [here]
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  const { page } = loaderData
  const path = pagePath(page, root.lang)
  const jsonLd: Array<Record<string, unknown>> = []
  if (page.kind === 'loan' && page.product === 'consumer') {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'LoanOrCredit',
      name: page.heading,
      description: page.description,
      url: `${root.publicUrl}${path}`,
      loanType: page.heading,
      currency: 'EUR',
      // We are the broker; the lenders provide the loans (issue 14 "Truthful pages").
      broker: { '@type': 'Organization', name: root.brandName, url: `${root.publicUrl}/` },
      areaServed: 'FI',
    })
  }
  return contentMeta(root, {
    title: page.title,
    description: page.description,
    paths: loaderData.paths,
    crumbs: crumbsFrom(root.t, root.lang, ...trailOf(loaderData)),
    jsonLd,
  })
}

export default function ContentPageRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const root = useRootData()
  const brandName = root?.brandName ?? ''
  const { page, euribor, children } = loaderData
  const isLoan = page.kind === 'loan' && page.calculator
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Breadcrumbs crumbs={crumbsFrom(t, lang, ...trailOf(loaderData))} />
      <div className={isLoan ? 'mt-4 grid items-start gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]' : 'mt-4'}>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{page.heading}</h1>
          <p className="mt-3 max-w-3xl text-lg text-slate-700">{page.description}</p>
          {page.updated ? (
            <p className="mt-2 text-sm text-slate-700">
              {t('content.updated', { date: formatDate(intlLocale, page.updated) })}
            </p>
          ) : null}
          {isLoan ? (
            <p className="mt-6">
              <Link className={buttonClasses('primary', 'lg')} to={`${applyTarget(page, lang)}`}>
                {t(APPLY_LABELS[page.product ?? 'consumer'])}
              </Link>
            </p>
          ) : null}
          <div className="mt-8">
            <Prose html={page.html} />
          </div>
          {children.length > 0 ? (
            <section aria-labelledby="related-pages" className="mt-10 max-w-3xl">
              <h2 id="related-pages" className="text-xl font-semibold text-slate-900">
                {t('content.related')}
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {children.map((child) => (
                  <li key={child.path} className="rounded-lg border border-slate-200 p-4">
                    <Link
                      className="font-semibold text-brand-800 underline underline-offset-4"
                      to={child.path}
                    >
                      {child.name}
                    </Link>
                    <p className="mt-1 text-sm text-slate-700">{child.description}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {euribor ? <EuriborChart series={euribor} /> : null}
          {page.screen === 'contact' ? <ContactForm result={actionData ?? null} /> : null}
          {/* Issue 14 "Trust details": the company page says who runs the service. */}
          {page.screen === 'company' && root ? <CompanyDetailsSection company={root.company} /> : null}
        </div>
        {isLoan && loaderData.calculator ? (
          <aside aria-label={t('calculator.title')} className="lg:sticky lg:top-6">
            {/* One route module serves every loan page: a new page is a new calculator (ADR 053). */}
            <LoanCalculator
              key={`${page.lang}:${page.screen}:${page.param ?? ''}`}
              brandName={brandName}
              seed={loaderData.calculator}
              hidden={page.product === 'mortgage' ? { topic: page.product } : { purpose: page.purpose }}
              action={page.product === 'mortgage' ? pathFor('contact', lang) : applyTarget(page, lang)}
              submitLabel={
                page.product === 'consumer' ? undefined : t(APPLY_LABELS[page.product ?? 'consumer'])
              }
            />
          </aside>
        ) : null}
      </div>
      {!isLoan && loaderData.example ? (
        <div className="mt-10 max-w-3xl">
          <ExampleSection example={loaderData.example} brandName={brandName} />
        </div>
      ) : null}
    </div>
  )
}
