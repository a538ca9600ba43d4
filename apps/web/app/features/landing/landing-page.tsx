import { formatDate, type MessageKey } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import type { ReactNode } from 'react'
import type { GroupId, NavGroup } from '../../components/layout/site-navigation.ts'
import { applicationStarted } from '../../lib/analytics-started.ts'
import { useFlag } from '../../lib/flags.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { useRootData } from '../../lib/root-data-context.tsx'
import { Link } from '../../lib/router.tsx'
import type { LandingData } from './landing-data.server.ts'
import { LoanCalculator } from './loan-calculator.tsx'

// The front page (issue 14): the calculator, then the products, the lenders, how it works, a few
// FAQ answers and the newest articles. Everything below the calculator is plain markup from the
// loader's data and the navigation the root already sends: no script of its own.

const STEPS = [
  ['landing.how.step1.title', 'landing.how.step1.text'],
  ['landing.how.step2.title', 'landing.how.step2.text'],
  ['landing.how.step3.title', 'landing.how.step3.text'],
  ['landing.how.step4.title', 'landing.how.step4.text'],
] as const

/** The menu's product groups shown here, each with its own line of text. */
const PRODUCT_TEXT: Partial<Record<GroupId, MessageKey>> = {
  loans: 'landing.products.loans',
  business: 'landing.products.business',
  mortgage: 'landing.products.mortgage',
  cards: 'landing.products.cards',
  savings: 'landing.products.savings',
}

/**
 * Issue 18 item 7: the call-to-action experiment (seeded: 50/50 on deviceId). 'compare' shows the second
 * text; anything else, or no flag at all, the usual one. Measured by applications started.
 */
export const CTA_FLAG = 'landing-cta-text'

/** Links per product card; the header menu lists every page of a group. */
const PRODUCT_LINKS = 6

const LINK = 'text-brand-800 underline underline-offset-4 hover:text-brand-900'
const MORE_LINK = `inline-flex min-h-11 items-center font-semibold ${LINK}`

function Section({
  id,
  title,
  children,
  tinted,
}: {
  id: string
  title: string
  children: ReactNode
  tinted?: boolean
}) {
  return (
    <section aria-labelledby={id} className={tinted ? 'bg-slate-50' : undefined}>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id={id} className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </section>
  )
}

function ProductCard({ group, text }: { group: NavGroup; text: string }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-6">
      <h3 className="text-lg font-semibold text-slate-900">{group.label}</h3>
      <p className="mt-2 text-slate-700">{text}</p>
      <ul className="mt-3 flex flex-col">
        {group.links.slice(0, PRODUCT_LINKS).map((link) => (
          <li key={link.href}>
            <Link className={`inline-flex min-h-11 items-center ${LINK}`} to={link.href}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  )
}

export function LandingPage({ data }: { data: LandingData }) {
  const { t, lang, intlLocale } = useI18n()
  const root = useRootData()
  const brandName = root?.brandName ?? ''
  const cta = useFlag<string>(CTA_FLAG, 'apply')
  const products = (root?.navigation?.header ?? []).flatMap((group) => {
    const key = PRODUCT_TEXT[group.id]
    return key && group.links.length > 0 ? [{ group, text: t(key) }] : []
  })
  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-start gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-5xl">
              {t('landing.hero.title')}
            </h1>
            <p className="mt-4 text-lg text-slate-700">{t('landing.hero.lead')}</p>
          </div>
          <LoanCalculator
            brandName={brandName}
            seed={data.calculator}
            submitLabel={cta === 'compare' ? t('landing.cta.compare') : undefined}
            onSubmit={() => applicationStarted('consumer-loan')}
          />
        </div>
      </section>

      {products.length > 0 ? (
        <Section id="products-title" title={t('landing.products.title')}>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="landing-products">
            {products.map(({ group, text }) => (
              <ProductCard key={group.id} group={group} text={text} />
            ))}
          </ul>
        </Section>
      ) : null}

      {data.lenders.length > 0 ? (
        <Section id="lenders-title" title={t('landing.lenders.title')} tinted>
          <p className="mt-3 max-w-3xl text-slate-700">
            {t('landing.lenders.lead', { count: data.lenders.length })}
          </p>
          <ul className="mt-6 flex flex-wrap gap-3" data-testid="landing-lenders">
            {data.lenders.map((lender) => (
              <li
                key={lender.slug}
                className="max-w-full break-words rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 sm:px-4 sm:py-2 sm:text-base"
              >
                {lender.name}
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <Link className={MORE_LINK} to={pathFor('lenders', lang)}>
              {t('landing.lenders.more')}
            </Link>
          </p>
        </Section>
      ) : null}

      <Section id="how-title" title={t('landing.how.title')}>
        <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(([title, text], index) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(title)}</h3>
              <p className="mt-2 text-slate-700">{t(text)}</p>
            </li>
          ))}
        </ol>
      </Section>

      {data.faq.length > 0 ? (
        <Section id="faq-title" title={t('faq.title')} tinted>
          <div className="mt-6 flex max-w-3xl flex-col gap-3" data-testid="landing-faq">
            {data.faq.map((entry) => (
              <details key={entry.slug} className="rounded-xl border border-slate-200 bg-white p-4">
                <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold text-slate-900">
                  {entry.question}
                </summary>
                <div
                  className="prose-content mt-2"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own validated Markdown (packages/content)
                  dangerouslySetInnerHTML={{ __html: entry.html }}
                />
              </details>
            ))}
          </div>
          <p className="mt-4">
            <Link className={MORE_LINK} to={pathFor('faq', lang)}>
              {t('landing.faq.more')}
            </Link>
          </p>
        </Section>
      ) : null}

      {data.articles.length > 0 ? (
        <Section id="articles-title" title={t('landing.articles.title')}>
          <ul className="mt-6 grid gap-6 md:grid-cols-3" data-testid="landing-articles">
            {data.articles.map((article) => (
              <li key={article.uid} className="flex flex-col rounded-xl border border-slate-200 p-5">
                <p className="text-sm font-medium text-slate-700">{t(`blog.category.${article.category}`)}</p>
                <h3 className="mt-2 text-lg font-semibold text-slate-900">
                  <Link className="hover:underline" to={pathFor('article', lang, { uid: article.uid })}>
                    {article.title}
                  </Link>
                </h3>
                <p className="mt-2 flex-1 text-slate-700">{article.description}</p>
                <p className="mt-3 text-sm text-slate-700">
                  <time dateTime={article.published}>{formatDate(intlLocale, article.published)}</time>
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <Link className={MORE_LINK} to={pathFor('blog', lang)}>
              {t('landing.articles.more')}
            </Link>
          </p>
        </Section>
      ) : null}
    </>
  )
}
