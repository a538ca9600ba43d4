import type { MortgageOffer, MortgageStatus } from '@lainava/domain/mortgage/api'
import { pathFor } from '@lainava/routing'
import { useEffect, useState } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { alternateLinks } from '../../lib/seo.ts'
import { useUser } from '../../lib/user-state.tsx'
import type { Route } from './+types/mortgage-status-route'
import { readForm, requireOwner, UUID } from './mortgage-access.server.ts'
import { formatDay, mortgageFigures } from './mortgage-offer-format.ts'

// Issue 16 item 7: /tarjoukseni/ (en /mortgage-application-status/): where the person's mortgage
// application is, each bank's answer and the offers side by side, live while banks still answer.
// Owner only: signed out → login and back; another person's application → spec §6 (logged out,
// the forbidden page), here in the loader and in the browser's API client alike.

/** How often the page asks for news while banks are still answering (the offers page's pace). */
const POLL_MS = 2500

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const services = context.get(webContext)
  const { user, language, forbid } = await requireOwner(services, request, url)
  const id = url.searchParams.get('id')
  const status = await services.mortgage.status({
    userId: user.id,
    language,
    ...(id && UUID.test(id) ? { mortgageApplicationId: id } : {}),
  })
  if (status && !status.ok) {
    if (status.status === 403) return forbid()
    throw data(null, { status: 404 })
  }
  const latest = status ? null : await services.mortgage.latest(user.id)
  return {
    status,
    hasDraft: latest?.status === 'draft',
    // A bank sends the applicant back here after its own steps (the callbackUrl of its delivery,
    // `returned` its lender id: the notice names the bank when it is one of this application's).
    returned: url.searchParams.has('returned'),
    returnedFrom: url.searchParams.get('returned')?.slice(0, 40) ?? null,
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const services = context.get(webContext)
  const { user, language } = await requireOwner(services, request, url)
  const form = await readForm(request)
  const offerId = String(form.get('offerId') ?? '')
  if (!UUID.test(offerId)) throw data(null, { status: 404 })
  const result = await services.mortgage.accept({ userId: user.id, language, offerId })
  if (!result.ok) return data({ error: result.message }, { status: result.status })
  return { error: null }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  if (!root) return []
  return [
    { title: `${root.t('mortgageStatus.title')} – ${root.brandName}` },
    // Only a signed-in person sees this page: no robots meta (ADR 019).
    ...alternateLinks('mortgageStatus', root.lang, {}, root.publicUrl),
  ]
}

/** Keeps the status current: asks the mortgage API while any bank has not answered. */
function useLiveStatus(initial: MortgageStatus | null) {
  const { client } = useUser()
  const [status, setStatus] = useState(initial)
  const [failed, setFailed] = useState(false)
  useEffect(() => setStatus(initial), [initial])
  const id = status?.mortgageApplicationId
  const waiting = (status?.summary.waiting ?? 0) > 0
  useEffect(() => {
    if (!waiting || !id) return
    let active = true
    const timer = setInterval(async () => {
      try {
        // A protected path (spec §6): a 403 here logs out and goes to the forbidden page.
        const next = await client.get<MortgageStatus>(`/api/v1/mortgage-application/status/${id}`)
        if (active && next) setStatus(next)
        if (active) setFailed(false)
      } catch {
        if (active) setFailed(true)
      }
    }, POLL_MS)
    return () => {
      active = false
      clearInterval(timer)
    }
  }, [waiting, id, client])
  return { status, failed }
}

export default function MortgageStatusRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const { status, failed } = useLiveStatus(loaderData.status)
  const [confirming, setConfirming] = useState<MortgageOffer | null>(null)
  const navigation = useNavigation()
  const accepted = status?.offers.find((offer) => offer.status === 'accepted')
  const returnedBank = status?.banks.find((bank) => bank.id === loaderData.returnedFrom)?.name ?? null

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold break-words hyphens-auto text-slate-900 sm:text-3xl">
        {t('mortgageStatus.title')}
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('mortgageStatus.lead')}</p>
      {loaderData.returned ? (
        <p className="mt-4 rounded-md bg-brand-50 p-3 text-slate-800" data-testid="mortgage-returned">
          {returnedBank
            ? t('mortgageStatus.returnedFrom', { bank: returnedBank })
            : t('mortgageStatus.returned')}
        </p>
      ) : null}
      {status?.redirectionUrl ? (
        // The application was started from a bank's site: the way back there (an allowed host only).
        <p className="mt-4">
          <a className="text-brand-800 underline underline-offset-4" href={status.redirectionUrl}>
            {t('mortgageStatus.backToBank')}
          </a>
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
          {t('mortgageStatus.loadError')}
        </p>
      ) : null}

      {!status ? (
        <div className="mt-8 rounded-xl border border-slate-200 p-6" data-testid="mortgage-status-none">
          <p className="text-slate-700">
            {t(loaderData.hasDraft ? 'mortgageStatus.noneDraft' : 'mortgageStatus.none')}
          </p>
          <Link className={`${buttonClasses('primary', 'md')} mt-4`} to={pathFor('mortgageForm', lang)}>
            {t(loaderData.hasDraft ? 'mortgageStatus.continueDraft' : 'mortgageStatus.apply')}
          </Link>
        </div>
      ) : (
        <>
          <section
            aria-labelledby="mortgage-banks"
            className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-6"
          >
            <h2 id="mortgage-banks" className="text-xl font-semibold text-slate-900">
              {t('mortgageStatus.banks.heading')}
            </h2>
            {status.submittedAt ? (
              <p className="text-sm text-slate-600">
                {t('mortgageStatus.sent', { date: formatDay(intlLocale, status.submittedAt) })}
              </p>
            ) : null}
            <div
              role="status"
              aria-live="polite"
              className="mt-3 text-slate-800"
              data-testid="mortgage-status-summary"
            >
              <p>
                {t('mortgageStatus.banks.summary', {
                  answered: status.summary.answered,
                  asked: status.summary.banks,
                })}
              </p>
              {status.summary.waiting > 0 ? <p className="text-sm">{t('mortgageStatus.live')}</p> : null}
            </div>
            <ul
              className="mt-3 grid gap-x-10 text-sm text-slate-700 md:grid-cols-2"
              data-testid="mortgage-banks"
            >
              {status.banks.map((bank) => (
                <li
                  key={bank.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 border-b border-slate-200 py-2"
                  data-testid="mortgage-bank"
                >
                  <span className="min-w-0 break-words font-medium text-slate-900">{bank.name}</span>
                  <span data-testid="mortgage-bank-status">
                    {t(
                      bank.offerId && bank.offerId === accepted?.id
                        ? 'mortgageStatus.bankStatus.accepted'
                        : `mortgageStatus.bankStatus.${bank.status}`,
                    )}
                  </span>
                  {bank.redirectionUrl ? (
                    // The bank's own page for its extra step (an allowed host only, issue 16 item 7).
                    <a
                      className="basis-full text-sm text-brand-800 underline underline-offset-4"
                      href={bank.redirectionUrl}
                      aria-label={t('mortgageStatus.continueAtBankFrom', { bank: bank.name })}
                      data-testid="mortgage-bank-continue"
                    >
                      {t('mortgageStatus.continueAtBank')}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
            {status.banks.some((bank) => bank.status === 'info-requested') ? (
              <p className="mt-3 text-sm text-slate-700">{t('mortgageStatus.infoRequested')}</p>
            ) : null}
            {status.identified ? (
              <p className="mt-3 text-sm">
                <IdentificationLink mortgageApplicationId={status.mortgageApplicationId} />
              </p>
            ) : null}
          </section>

          <section aria-labelledby="mortgage-offers" className="mt-8">
            <h2 id="mortgage-offers" className="text-xl font-semibold text-slate-900">
              {t('mortgageStatus.offers.heading')}
            </h2>
            {accepted ? (
              <p
                role="status"
                className="mt-3 rounded-lg bg-green-50 p-4 text-green-900"
                data-testid="mortgage-accepted"
              >
                {t('mortgageStatus.accepted', { bank: accepted.bank.name })}
              </p>
            ) : null}
            {actionData?.error ? (
              <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-900">
                {actionData.error}
              </p>
            ) : null}
            {status.offers.length === 0 ? (
              <p className="mt-2 text-slate-700">{t('mortgageStatus.offers.none')}</p>
            ) : (
              <OfferComparison
                offers={status.offers}
                canAccept={!accepted}
                onAccept={(offer) => setConfirming(offer)}
              />
            )}
          </section>
        </>
      )}

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('mortgageStatus.confirm.title')}
        description={
          confirming
            ? t('mortgageStatus.confirm.body', {
                bank: confirming.bank.name,
                ...(() => {
                  const figures = mortgageFigures(confirming, intlLocale, t)
                  return { amount: figures.amount, apr: figures.apr, instalment: figures.firstInstalment }
                })(),
              })
            : null
        }
        closeLabel={t('common.close')}
      >
        <Form method="post" className="mt-4 flex flex-wrap gap-3" onSubmit={() => setConfirming(null)}>
          <input type="hidden" name="offerId" value={confirming?.id ?? ''} />
          <Button
            type="submit"
            variant="primary"
            loading={navigation.state === 'submitting'}
            loadingLabel={t('mortgageStatus.accepting')}
          >
            {t('mortgageStatus.confirm.yes')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            {t('mortgageStatus.confirm.cancel')}
          </Button>
        </Form>
      </Dialog>
    </div>
  )
}

/** The "ID protection status" page of the application (the identification feature's screen). */
function IdentificationLink({ mortgageApplicationId }: { mortgageApplicationId: string }) {
  const { t, lang } = useI18n()
  return (
    <Link
      className="text-brand-800 underline underline-offset-4"
      to={pathFor('identificationStatus', lang, { id: mortgageApplicationId })}
    >
      {t('mortgageStatus.identification')}
    </Link>
  )
}

const COLUMNS = [
  'bank',
  'amount',
  'period',
  'repaymentType',
  'rate',
  'firstInstalment',
  'apr',
  'totalCost',
  'validUntil',
  'action',
] as const

function OfferActions({
  offer,
  canAccept,
  onAccept,
  layout,
}: {
  offer: MortgageOffer
  canAccept: boolean
  onAccept(offer: MortgageOffer): void
  layout: 'card' | 'row'
}) {
  const { t, lang } = useI18n()
  return (
    <span
      className={
        layout === 'card'
          ? 'mt-4 flex flex-wrap items-center gap-x-4 gap-y-2'
          : 'flex flex-col items-start gap-2'
      }
    >
      <Link
        className="text-brand-800 underline underline-offset-4"
        to={pathFor('mortgageEsis', lang, { id: offer.id })}
        aria-label={t('mortgageStatus.esisFrom', { bank: offer.bank.name })}
      >
        {t('mortgageStatus.esis')}
      </Link>
      {canAccept && offer.status === 'offered' ? (
        <Button
          variant={layout === 'card' ? 'primary' : 'secondary'}
          size="sm"
          onClick={() => onAccept(offer)}
          aria-label={t('mortgageStatus.acceptFrom', { bank: offer.bank.name })}
        >
          {t('mortgageStatus.accept')}
        </Button>
      ) : null}
    </span>
  )
}

/** Cards on phones and tablets, one table from xl up (CSS decides; the hidden one is display:none). */
function OfferComparison({
  offers,
  canAccept,
  onAccept,
}: {
  offers: MortgageOffer[]
  canAccept: boolean
  onAccept(offer: MortgageOffer): void
}) {
  const { t, intlLocale } = useI18n()
  return (
    <>
      <ul
        className="mt-3 grid gap-4 md:grid-cols-2 xl:hidden"
        aria-label={t('mortgageStatus.offers.caption')}
      >
        {offers.map((offer) => {
          const figures = mortgageFigures(offer, intlLocale, t)
          const rows: Array<[string, string, string]> = [
            [t('mortgageStatus.col.amount'), `${figures.amount}, ${figures.period}`, 'amount'],
            [t('mortgageStatus.col.repaymentType'), figures.repaymentType, 'repayment'],
            [t('mortgageStatus.col.rate'), figures.rate, 'rate'],
            [t('mortgageStatus.col.totalCost'), figures.totalCost, 'total-cost'],
            [t('mortgageStatus.col.validUntil'), figures.validUntil, 'valid-until'],
          ]
          return (
            <li
              key={offer.id}
              className="rounded-lg border border-slate-300 p-4"
              data-testid="mortgage-offer-card"
            >
              <h3 className="min-w-0 break-words text-lg font-semibold text-slate-900">{offer.bank.name}</h3>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 break-words hyphens-auto">
                <div>
                  <dt className="text-xs text-slate-600">{t('mortgageStatus.col.apr')}</dt>
                  <dd className="text-lg font-semibold text-slate-900" data-testid="mortgage-offer-apr">
                    {figures.apr}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{t('mortgageStatus.col.firstInstalment')}</dt>
                  <dd className="text-lg font-semibold text-slate-900">{figures.firstInstalment}</dd>
                </div>
                {rows.map(([label, value, id]) => (
                  <div key={id} className="col-span-2">
                    <dt className="text-xs text-slate-600">{label}</dt>
                    <dd className="font-medium text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
              <OfferActions offer={offer} canAccept={canAccept} onAccept={onAccept} layout="card" />
            </li>
          )
        })}
      </ul>

      <div className="mt-3 hidden xl:block">
        <table className="w-full border-collapse text-left text-sm" data-testid="mortgage-offers-table">
          <caption className="sr-only">{t('mortgageStatus.offers.caption')}</caption>
          <thead>
            <tr className="border-b border-slate-300 align-bottom text-slate-700">
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-2 py-2 font-semibold">
                  {t(`mortgageStatus.col.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {offers.map((offer) => {
              const figures = mortgageFigures(offer, intlLocale, t)
              return (
                <tr
                  key={offer.id}
                  className="border-b border-slate-200 align-top"
                  data-testid="mortgage-offer-row"
                >
                  <th scope="row" className="px-2 py-3 font-semibold text-slate-900">
                    {offer.bank.name}
                  </th>
                  <td className="whitespace-nowrap px-2 py-3">{figures.amount}</td>
                  <td className="whitespace-nowrap px-2 py-3">{figures.period}</td>
                  <td className="px-2 py-3">{figures.repaymentType}</td>
                  <td className="px-2 py-3">{figures.rate}</td>
                  <td className="whitespace-nowrap px-2 py-3">{figures.firstInstalment}</td>
                  <td className="whitespace-nowrap px-2 py-3 font-semibold">{figures.apr}</td>
                  <td className="whitespace-nowrap px-2 py-3">{figures.totalCost}</td>
                  <td className="whitespace-nowrap px-2 py-3">{figures.validUntil}</td>
                  <td className="px-2 py-3">
                    <OfferActions offer={offer} canAccept={canAccept} onAccept={onAccept} layout="row" />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}
