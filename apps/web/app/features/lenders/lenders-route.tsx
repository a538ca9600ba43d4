import { representativeExample } from '@lainava/domain/representative-example'
import { formatCurrency, formatPercent } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { Link } from 'react-router'
import { buttonClasses } from '../../components/ui/button.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import type { Route } from './+types/lenders-route'

// The lender list (spec §1 content "lender list"): read from the marketplace's lenders, so it always
// names the lenders an application can reach. Ranges are credit terms: a representative example follows.

const EXAMPLE = { amount: 10_000, years: 5 }

export async function loader({ context }: Route.LoaderArgs) {
  return { lenders: await context.get(webContext).lenders.list() }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  const title = root.t('lenders.metaTitle', { brand: root.brandName })
  const description = root.t('lenders.metaDescription', { brand: root.brandName })
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    ...alternateLinks('lenders', root.lang, {}, root.publicUrl),
  ]
}

export default function LendersRoute({ loaderData, matches }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const brand = rootDataFromMatches(matches)?.brandName ?? 'Lainava'
  const euros = (value: number) => formatCurrency(intlLocale, value, { cents: false })
  const money = (value: number) => formatCurrency(intlLocale, value)
  const percent = (value: number) => formatPercent(intlLocale, value, 2)
  const years = (months: number) => t('calculator.years', { count: Math.max(1, Math.round(months / 12)) })
  const example = representativeExample(EXAMPLE.amount, EXAMPLE.years)

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('lenders.title')}</h1>
      <p className="mt-3 max-w-3xl text-slate-700">{t('lenders.lead')}</p>
      <p className="mt-2 text-sm text-slate-600">
        {t('lenders.count', { count: loaderData.lenders.length })}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="lender-list">
        {loaderData.lenders.map((lender) => (
          <li key={lender.slug} className="rounded-xl border border-slate-200 p-5">
            <h2 className="text-lg font-semibold text-slate-900">{lender.name}</h2>
            <p className="mt-1 text-slate-700">{lender.description}</p>
            <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-700">
              <li>{t('lenders.amounts', { min: euros(lender.minAmount), max: euros(lender.maxAmount) })}</li>
              <li>{t('lenders.periods', { min: years(lender.minMonths), max: years(lender.maxMonths) })}</li>
              <li>{t('lenders.minAge', { age: lender.minAge })}</li>
              <li>
                {t('lenders.products', {
                  products: lender.products
                    .map((product) =>
                      product === 'credit-card'
                        ? t('lenders.product.credit-card')
                        : t('lenders.product.consumer-loan'),
                    )
                    .join(', '),
                })}
              </li>
            </ul>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="lenders-example"
        className="mt-8 rounded-xl bg-slate-50 p-5 text-sm text-slate-700"
      >
        <h2 id="lenders-example" className="text-base font-semibold text-slate-900">
          {t('example.title')}
        </h2>
        <p className="mt-2">
          {t('example.text', {
            amount: euros(example.amount),
            years: t('calculator.years', { count: EXAMPLE.years }),
            nominal: percent(example.nominalRate),
            openingFee: money(example.openingFee),
            monthlyFee: money(example.monthlyFee),
            apr: percent(example.apr),
            payment: money(example.monthlyPayment),
            cost: money(example.totalCost),
            total: money(example.totalPayable),
          })}
        </p>
        <p className="mt-2">{t('example.note', { brand })}</p>
        <p className="mt-3 font-semibold text-slate-900" role="note">
          {t('warning.borrowingCosts')}
        </p>
      </section>
      <Link className={`${buttonClasses('primary', 'lg')} mt-8`} to={pathFor('consumerLoanForm', lang)}>
        {t('lenders.apply')}
      </Link>
    </div>
  )
}
