import type { FieldProblem } from '@lainava/domain/api-error'
import { CONSUMER_LOAN_PURPOSES, EMPLOYMENT_TYPES } from '@lainava/domain/application/enums'
import {
  type DeliveredApplication,
  type HetuReveal,
  LENDER_DECLINE_REASONS,
  type LenderApplicationDetail,
  type LenderOffer,
  OFFER_WITHDRAWN_REASON,
} from '@lainava/domain/lender-portal'
import type { PartnerMortgage } from '@lainava/domain/marketplace/partner-protocol'
import { MORTGAGE_PURPOSES } from '@lainava/domain/mortgage/rules'
import { MORTGAGE_REFERENCE_RATES, PROPERTY_TYPES, REPAYMENT_TYPES } from '@lainava/domain/mortgage/schemas'
import { formatCurrency, formatDate, formatPercent, type MessageKey } from '@lainava/i18n'
import { languageOfPath, pathFor } from '@lainava/routing'
import type { ReactNode } from 'react'
import { data, Form, Link } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Facts, SECTION } from '../../components/ui/facts.tsx'
import { Select } from '../../components/ui/select.tsx'
import { TextInput } from '../../components/ui/text-input.tsx'
import { type Failure, webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/application-route'
import { isFailure, readForm, requireLenderPage, unlessRefused } from './lender-access.server.ts'
import { LenderPage, lenderMeta } from './lender-page.tsx'

// Issue 17: one application the organisation received, as the partner API delivers it; the
// henkilötunnus only after a deliberate "show" (a POST, audited). A manual lender answers here: an
// offer priced and capped by the marketplace, or a decline with a reason; an open offer can be withdrawn.

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const services = context.get(webContext)
  const workspace = await requireLenderPage(request, url, services)
  const detail = await unlessRefused(
    request,
    url,
    services,
    await services.lenderPortal.application({
      cookieHeader: request.headers.get('cookie'),
      language: languageOfPath(url.pathname),
      applicationId: params.id,
    }),
  )
  // Another organisation's application is "not found", as in the API.
  if (isFailure(detail)) throw data(null, { status: detail.status === 404 ? 404 : detail.status })
  return { workspace, detail }
}

/** An answer's outcome: a failure's message in the page's language, or what succeeded (the page words it). */
type ActionResult = {
  intent: string
  ok: boolean
  message: string
  fields: FieldProblem[]
  hetu: HetuReveal['applicants'] | null
  sent?: { apr: number; monthlyPayment: number }
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const services = context.get(webContext)
  await requireLenderPage(request, url, services)
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const call = {
    cookieHeader: request.headers.get('cookie'),
    language: languageOfPath(url.pathname),
  }
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  let outcome: ActionResult & { status?: number }
  switch (intent) {
    case 'reveal': {
      const result = await unlessRefused(
        request,
        url,
        services,
        await services.lenderPortal.revealHetu({ ...call, applicationId: params.id }),
      )
      outcome = isFailure(result)
        ? failed(intent, result)
        : { intent, ok: true, message: '', fields: [], hetu: result.applicants }
      break
    }
    case 'offer': {
      const offer = Object.fromEntries(
        ['amount', 'months', 'nominalRate', 'openingFee', 'monthlyFee', 'validDays', 'secciUrl'].map(
          (name) => [name, field(name)],
        ),
      )
      const result = await unlessRefused(
        request,
        url,
        services,
        await services.lenderPortal.makeOffer({ ...call, applicationId: params.id, offer }),
      )
      outcome = isFailure(result)
        ? failed(intent, result)
        : {
            intent,
            ok: true,
            message: '',
            fields: [],
            hetu: null,
            sent: { apr: result.apr, monthlyPayment: result.monthlyPayment },
          }
      break
    }
    case 'decline': {
      const result = await unlessRefused(
        request,
        url,
        services,
        await services.lenderPortal.decline({ ...call, applicationId: params.id, reason: field('reason') }),
      )
      outcome = isFailure(result)
        ? failed(intent, result)
        : { intent, ok: true, message: '', fields: [], hetu: null }
      break
    }
    case 'withdraw': {
      const result = await unlessRefused(
        request,
        url,
        services,
        await services.lenderPortal.withdraw({ ...call, offerId: field('offerId') ?? '' }),
      )
      outcome = isFailure(result)
        ? failed(intent, result)
        : { intent, ok: true, message: '', fields: [], hetu: null }
      break
    }
    default:
      throw data(null, { status: 400 })
  }
  return data(outcome, { status: outcome.ok ? 200 : (outcome.status ?? 400) })
}

function failed(intent: string, failure: Failure): ActionResult & { status: number } {
  return {
    intent,
    ok: false,
    message: failure.message,
    fields: failure.fields ?? [],
    hetu: null,
    status: failure.status,
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  lenderMeta(rootDataFromMatches(matches), 'lenderPortal.app.summary')

const LINK = 'font-semibold text-brand-800 underline underline-offset-4 hover:no-underline'

export function ErrorBoundary() {
  const { t, lang } = useI18n()
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{t('api.applicationNotFound')}</h1>
      <Link className={`mt-4 inline-block ${LINK}`} to={pathFor('lenderApplications', lang)}>
        {t('lenderPortal.app.back')}
      </Link>
    </div>
  )
}

function Delivered({
  delivery,
  hetu,
}: {
  delivery: DeliveredApplication
  hetu: HetuReveal['applicants'] | null
}) {
  const { t, intlLocale } = useI18n()
  const euros = (value: number) => formatCurrency(intlLocale, value, { cents: false })
  const yesNo = (value: boolean) => t(value ? 'lenderPortal.app.yes' : 'lenderPortal.app.no')
  const employment = (value: string) =>
    (EMPLOYMENT_TYPES as readonly string[]).includes(value)
      ? t(`enum.employment.${value}` as MessageKey)
      : value
  const anyHidden = delivery.applicants.some((applicant) => applicant.hetuHidden)
  return (
    <section className={SECTION} aria-labelledby="delivered">
      <h2 id="delivered" className="text-xl font-semibold">
        {t('lenderPortal.app.delivered')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('lenderPortal.app.deliveredLead')}</p>
      {delivery.card ? (
        <Facts
          rows={[
            [t('lenderPortal.app.cardLimit'), euros(delivery.card.limitWished)],
            [t('lenderPortal.app.cardType'), delivery.card.cardTypePreference ?? '–'],
          ]}
        />
      ) : null}
      {delivery.business ? (
        <>
          <h3 className="mt-4 font-semibold">{t('lenderPortal.app.business')}</h3>
          <Facts
            rows={Object.entries(
              (delivery.business as { company?: Record<string, unknown> }).company ?? {},
            ).map(([key, value]) => [key, value === null || value === undefined ? '–' : String(value)])}
          />
        </>
      ) : null}
      {delivery.mortgage ? (
        <MortgageFacts mortgage={delivery.mortgage as unknown as PartnerMortgage} />
      ) : null}
      {delivery.applicants.map((applicant) => {
        const shown = hetu?.find((entry) => entry.role === applicant.role)?.hetu
        return (
          <div key={applicant.role} className="mt-4">
            <h3 className="font-semibold">{t(`lenderPortal.app.applicant.${applicant.role}`)}</h3>
            <Facts
              rows={[
                [
                  t('lenderPortal.app.name'),
                  [applicant.firstName, applicant.lastName].filter(Boolean).join(' '),
                ],
                [
                  t('lenderPortal.app.hetu'),
                  shown ? (
                    <span key="hetu" data-testid={`hetu-${applicant.role}`}>
                      {shown}
                    </span>
                  ) : applicant.hetuHidden ? (
                    t('lenderPortal.app.hetuHidden')
                  ) : (
                    '–'
                  ),
                ],
                [t('lenderPortal.app.email'), applicant.email ?? '–'],
                [t('lenderPortal.app.phone'), applicant.phone ?? '–'],
                [t('lenderPortal.app.income'), euros(applicant.monthlyNetIncome)],
                [t('lenderPortal.app.employment'), employment(applicant.employmentType)],
              ]}
            />
          </div>
        )
      })}
      {anyHidden && !hetu ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="reveal" />
          <Button type="submit" variant="secondary">
            {t('lenderPortal.app.revealHetu')}
          </Button>
          <p className="mt-1 text-sm text-slate-700">{t('lenderPortal.app.revealNote')}</p>
        </Form>
      ) : null}
      {delivery.household ? (
        <>
          <h3 className="mt-4 font-semibold">{t('lenderPortal.app.household')}</h3>
          <Facts
            rows={[
              [t('lenderPortal.app.householdSize'), String(delivery.household.size)],
              [t('lenderPortal.app.housingCosts'), euros(delivery.household.housingCostsPerMonth)],
              [t('lenderPortal.app.debts'), euros(delivery.household.existingDebtPayments)],
              [t('lenderPortal.app.defaults'), yesNo(delivery.household.hasPaymentDefaults)],
            ]}
          />
        </>
      ) : null}
    </section>
  )
}

/** A catalogue label for one of a list's values; anything else is shown as it came. */
function labelOf(
  t: ReturnType<typeof useI18n>['t'],
  prefix: string,
  values: readonly string[],
  value: string | undefined,
) {
  if (value === undefined || value === '') return '–'
  return values.includes(value) ? t(`${prefix}.${value}` as MessageKey) : value
}

/** The property, loan and funding steps of a mortgage application, as the bank received them. */
function MortgageFacts({ mortgage }: { mortgage: PartnerMortgage }) {
  const { t, intlLocale } = useI18n()
  const euros = (value: number | undefined) =>
    value === undefined ? '–' : formatCurrency(intlLocale, value, { cents: false })
  const yesNo = (value: boolean) => t(value ? 'lenderPortal.app.yes' : 'lenderPortal.app.no')
  const { property, loan, funding, identification } = mortgage
  return (
    <>
      <h3 className="mt-4 font-semibold">{t('lenderPortal.app.mortgage')}</h3>
      <Facts
        rows={[
          [
            t('lenderPortal.app.propertyType'),
            labelOf(t, 'mortgage.option.propertyType', PROPERTY_TYPES, property?.propertyType),
          ],
          [
            t('lenderPortal.app.propertyAddress'),
            [property?.streetAddress, [property?.postalCode, property?.city].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ') || '–',
          ],
          [t('lenderPortal.app.price'), euros(property?.price)],
          [t('lenderPortal.app.livingArea'), property ? `${property.livingArea} m²` : '–'],
          [t('lenderPortal.app.buildYear'), property ? String(property.buildYear) : '–'],
          [t('lenderPortal.app.companyLoanShare'), euros(property?.housingCompanyLoanShare)],
          [
            t('lenderPortal.app.repaymentType'),
            labelOf(t, 'mortgage.option.repaymentType', REPAYMENT_TYPES, loan?.repaymentType),
          ],
          [
            t('lenderPortal.app.referenceRate'),
            labelOf(t, 'mortgage.option.referenceRate', MORTGAGE_REFERENCE_RATES, loan?.referenceRate),
          ],
          [t('lenderPortal.app.ownFunds'), euros(funding?.ownFunds)],
          [t('lenderPortal.app.aspSaving'), yesNo(funding?.aspSaving === true)],
          [t('lenderPortal.app.stateGuarantee'), yesNo(funding?.stateGuarantee === true)],
          [
            t('lenderPortal.app.identified'),
            identification ? formatDate(intlLocale, identification.identifiedAt) : '–',
          ],
        ]}
      />
    </>
  )
}

function Offers({ offers, notice }: { offers: LenderOffer[]; notice: ReactNode }) {
  const { t, intlLocale } = useI18n()
  const euros = (value: number) => formatCurrency(intlLocale, value)
  return (
    <section className={SECTION} aria-labelledby="own-offers">
      <h2 id="own-offers" className="text-xl font-semibold">
        {t('lenderPortal.offers.title')}
      </h2>
      {notice}
      {offers.length === 0 ? (
        <p className="mt-2">{t('lenderPortal.offers.none')}</p>
      ) : (
        <ul className="mt-3 grid gap-4">
          {offers.map((offer) => (
            <li
              key={offer.id}
              className="min-w-0 rounded-lg border border-slate-200 p-4"
              data-testid="lender-offer"
            >
              <Facts
                rows={[
                  [t('lenderPortal.offers.status'), t(`lenderPortal.offerStatus.${offer.status}`)],
                  [t('lenderPortal.offers.amount'), euros(offer.amount)],
                  [t('lenderPortal.offers.months'), t('lenderPortal.months', { months: offer.months })],
                  [t('lenderPortal.offers.nominalRate'), formatPercent(intlLocale, offer.nominalRate / 100)],
                  [t('lenderPortal.offers.apr'), formatPercent(intlLocale, offer.apr / 100)],
                  [t('lenderPortal.offers.monthlyPayment'), euros(offer.monthlyPayment)],
                  [t('lenderPortal.offers.totalPayable'), euros(offer.totalPayable)],
                  [t('lenderPortal.offers.validUntil'), formatDate(intlLocale, offer.validUntil)],
                ]}
              />
              {offer.status === 'offered' ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="offerId" value={offer.id} />
                  <Button type="submit" variant="secondary">
                    {t('lenderPortal.offers.withdraw')}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Answer({ detail, result }: { detail: LenderApplicationDetail; result: ActionResult | undefined }) {
  const { t } = useI18n()
  const problems = result?.intent === 'offer' ? result.fields : []
  const problemOf = (name: string) =>
    problems.find((problem) => problem.path.split('.').at(-1) === name)?.message
  const { application } = detail
  return (
    <>
      <section className={SECTION} aria-labelledby="make-offer">
        <h2 id="make-offer" className="text-xl font-semibold">
          {t('lenderPortal.offer.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('lenderPortal.offer.lead')}</p>
        {result?.intent === 'offer' && !result.ok ? (
          <p role="alert" className="mt-3 font-medium text-red-800">
            {result.message}
          </p>
        ) : null}
        <Form method="post" className="mt-4 grid min-w-0 gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="offer" />
          <TextInput
            name="amount"
            inputMode="decimal"
            required
            label={t('lenderPortal.offer.amount')}
            defaultValue={String(application.amount)}
            error={problemOf('amount')}
          />
          <TextInput
            name="months"
            inputMode="numeric"
            required
            label={t('lenderPortal.offer.months')}
            defaultValue={String(application.periodMonths)}
            error={problemOf('months')}
          />
          <TextInput
            name="nominalRate"
            inputMode="decimal"
            required
            label={t('lenderPortal.offer.nominalRate')}
            error={problemOf('nominalRate')}
          />
          <TextInput
            name="openingFee"
            inputMode="decimal"
            label={t('lenderPortal.offer.openingFee')}
            defaultValue="0"
            error={problemOf('openingFee')}
          />
          <TextInput
            name="monthlyFee"
            inputMode="decimal"
            label={t('lenderPortal.offer.monthlyFee')}
            defaultValue="0"
            error={problemOf('monthlyFee')}
          />
          <TextInput
            name="validDays"
            inputMode="numeric"
            label={t('lenderPortal.offer.validDays')}
            defaultValue="30"
            error={problemOf('validDays')}
          />
          <TextInput
            name="secciUrl"
            type="url"
            className="sm:col-span-2"
            label={t('lenderPortal.offer.secciUrl')}
            error={problemOf('secciUrl')}
          />
          <div className="sm:col-span-2">
            <Button type="submit" variant="primary">
              {t('lenderPortal.offer.submit')}
            </Button>
          </div>
        </Form>
      </section>
      <section className={SECTION} aria-labelledby="decline">
        <h2 id="decline" className="text-xl font-semibold">
          {t('lenderPortal.decline.title')}
        </h2>
        {result?.intent === 'decline' && !result.ok ? (
          <p role="alert" className="mt-3 font-medium text-red-800">
            {result.message}
          </p>
        ) : null}
        <Form method="post" className="mt-4 grid min-w-0 gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="decline" />
          <Select
            name="reason"
            required
            label={t('lenderPortal.decline.reason')}
            options={LENDER_DECLINE_REASONS.map((reason) => ({
              value: reason,
              label: t(`lenderPortal.declineReason.${reason}`),
            }))}
          />
          <div className="self-end">
            <Button type="submit" variant="secondary">
              {t('lenderPortal.decline.submit')}
            </Button>
          </div>
        </Form>
      </section>
    </>
  )
}

export default function LenderApplicationRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const { workspace, detail } = loaderData
  const result = actionData as ActionResult | undefined
  const { application } = detail
  const purpose =
    application.kind === 'mortgage'
      ? labelOf(t, 'mortgage.option.purpose', MORTGAGE_PURPOSES, application.purpose ?? undefined)
      : labelOf(t, 'enum.purpose', CONSUMER_LOAN_PURPOSES, application.purpose ?? undefined)
  const amount = formatCurrency(intlLocale, application.amount, { cents: false })
  const done =
    result?.ok && result.intent === 'offer' && result.sent
      ? t('lenderPortal.offer.sent', {
          apr: formatPercent(intlLocale, result.sent.apr / 100),
          monthlyPayment: formatCurrency(intlLocale, result.sent.monthlyPayment),
        })
      : result?.ok && result.intent === 'decline'
        ? t('lenderPortal.decline.sent')
        : result?.intent === 'withdraw'
          ? result.ok
            ? t('lenderPortal.offers.withdrawn')
            : result.message
          : ''
  const notice = done ? (
    <p role="status" className={`mt-2 font-medium ${result?.ok ? 'text-green-800' : 'text-red-800'}`}>
      {done}
    </p>
  ) : null
  return (
    <LenderPage workspace={workspace}>
      <Link className={LINK} to={pathFor('lenderApplications', lang)}>
        {t('lenderPortal.app.back')}
      </Link>
      <h1 className="mt-4 text-3xl font-bold break-words text-slate-900">
        {t('lenderPortal.app.title', { product: t(`lenderPortal.product.${application.kind}`), amount })}
      </h1>
      <Facts
        rows={[
          [t('lenderPortal.app.status'), t(`lenderPortal.status.${application.status}`)],
          [t('lenderPortal.app.received'), formatDate(intlLocale, application.receivedAt)],
          [t('lenderPortal.app.amount'), amount],
          [t('lenderPortal.app.period'), t('lenderPortal.months', { months: application.periodMonths })],
          [t('lenderPortal.app.purpose'), purpose],
          ...(detail.declineReason
            ? ([[t('lenderPortal.app.declineReason'), declineText(t, detail.declineReason)]] as Array<
                [string, string]
              >)
            : []),
        ]}
      />
      {result?.intent === 'reveal' && !result.ok ? (
        <p role="alert" className="mt-3 font-medium text-red-800">
          {result.message}
        </p>
      ) : null}
      {detail.delivery ? (
        <Delivered delivery={detail.delivery} hetu={result?.intent === 'reveal' ? result.hetu : null} />
      ) : (
        <p className="mt-6">{t('lenderPortal.app.erased')}</p>
      )}
      <Offers offers={detail.offers} notice={notice} />
      {detail.canAnswer ? (
        <Answer detail={detail} result={result} />
      ) : application.kind === 'mortgage' ? (
        <p className="mt-6 text-slate-700">{t('lenderPortal.answer.mortgage')}</p>
      ) : workspace.integration !== 'manual' ? (
        <p className="mt-6 text-slate-700">{t('lenderPortal.answer.notManual')}</p>
      ) : null}
    </LenderPage>
  )
}

function declineText(t: ReturnType<typeof useI18n>['t'], reason: string): string {
  if (reason === OFFER_WITHDRAWN_REASON) return t('lenderPortal.offers.withdrawn')
  return (LENDER_DECLINE_REASONS as readonly string[]).includes(reason)
    ? t(`lenderPortal.declineReason.${reason as (typeof LENDER_DECLINE_REASONS)[number]}`)
    : reason
}
