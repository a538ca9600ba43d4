import { formatCurrency, yearsLabel } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { Link } from 'react-router'
import { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx'
import { RepresentativeExample } from '../../components/legal/representative-example.tsx'
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
  const years = (months: number) => yearsLabel(t, Math.max(1, months / 12))

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <Breadcrumbs
        crumbs={[
          { name: t('content.home'), path: pathFor('landing', lang) },
          { name: t('lenders.title'), path: pathFor('lenders', lang) },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('lenders.title')}</h1>
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
              {/* A company applies for business credit: an age limit is a consumer lender's. */}
              {lender.products.some(
                (product) => product === 'consumer-loan' || product === 'credit-card',
              ) && <li>{t('lenders.minAge', { age: lender.minAge })}</li>}
              <li>
                {t('lenders.products', {
                  products: lender.products.map((product) => t(`lenders.product.${product}`)).join(', '),
                })}
              </li>
            </ul>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <RepresentativeExample amount={EXAMPLE.amount} years={EXAMPLE.years} brandName={brand} />
      </div>
      <Link className={`${buttonClasses('primary', 'lg')} mt-8`} to={pathFor('consumerLoanForm', lang)}>
        {t('lenders.apply')}
      </Link>
    </div>
  )
}
