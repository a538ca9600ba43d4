import { useI18n } from '../../lib/i18n.tsx'
import { useRootData } from '../../lib/root-data-context.tsx'
import { LoanCalculator } from './loan-calculator.tsx'

const STEPS = [
  ['landing.how.step1.title', 'landing.how.step1.text'],
  ['landing.how.step2.title', 'landing.how.step2.text'],
  ['landing.how.step3.title', 'landing.how.step3.text'],
] as const

export function LandingPage() {
  const { t } = useI18n()
  const brandName = useRootData()?.brandName ?? ''
  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-5xl">
              {t('landing.hero.title')}
            </h1>
            <p className="mt-4 text-lg text-slate-700">{t('landing.hero.lead')}</p>
          </div>
          <LoanCalculator brandName={brandName} />
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="how-title">
        <h2 id="how-title" className="text-2xl font-bold text-slate-900">
          {t('landing.how.title')}
        </h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
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
      </section>
    </>
  )
}
