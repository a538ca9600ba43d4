import type { CompanyDetails as Company } from '@lainava/domain/company'
import { useI18n } from '../../lib/i18n.tsx'

// Issue 14 "Trust details": who runs the service, from the server's configuration (COMPANY_*,
// SUPPORT_*). Made-up details of a local or test site say so in words, never passing for real ones.

const LINK =
  'inline-flex min-h-11 items-center text-brand-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'

/** `tel:` wants the number without spaces or brackets. */
const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`

function DemoNotice({ text }: { text: string }) {
  return (
    <p className="mt-2 inline-block rounded border border-amber-400 bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900">
      {text}
    </p>
  )
}

/** The footer's compact block: name and business ID, address, phone, e-mail, register entry. */
export function CompanyDetailsCompact({ company }: { company: Company }) {
  const { t } = useI18n()
  return (
    <address className="mt-3 not-italic">
      <p>
        {company.name}, {t('company.businessId')} {company.businessId}
      </p>
      <p>{company.address}</p>
      <p>
        <a className={LINK} href={telHref(company.phone)}>
          {company.phone}
        </a>
      </p>
      <p>
        <a className={`${LINK} break-all`} href={`mailto:${company.email}`}>
          {company.email}
        </a>
      </p>
      <p>
        {t('company.register')}: {company.register}
      </p>
      {company.demo ? <DemoNotice text={t('company.demo')} /> : null}
    </address>
  )
}

/** The company page's block: every detail with its label. */
export function CompanyDetailsSection({ company }: { company: Company }) {
  const { t } = useI18n()
  const rows = [
    [t('company.businessId'), company.businessId],
    [t('company.address'), company.address],
    [
      t('company.phone'),
      <a key="phone" className={LINK} href={telHref(company.phone)}>
        {company.phone}
      </a>,
    ],
    [
      t('company.email'),
      <a key="email" className={`${LINK} break-all`} href={`mailto:${company.email}`}>
        {company.email}
      </a>,
    ],
    [t('company.register'), company.register],
  ] as const
  return (
    <section
      aria-labelledby="company-details"
      className="mt-8 max-w-3xl rounded-lg border border-slate-200 p-5"
    >
      <h2 id="company-details" className="text-xl font-semibold text-slate-900">
        {t('company.heading')}
      </h2>
      {company.demo ? <DemoNotice text={t('company.demo')} /> : null}
      <p className="mt-3 font-semibold text-slate-900">{company.name}</p>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-slate-700 sm:grid-cols-[max-content_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="mt-2 font-medium text-slate-900 sm:mt-0 sm:self-center">{label}</dt>
            <dd className="sm:self-center">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
