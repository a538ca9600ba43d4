import { languageOfPath, pathFor } from '@lainava/routing'
import { useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import type { Route } from './+types/offer-route'
import { gracePeriodText, isBusinessOffer, offerExample, offerFigures } from './offer-format.ts'

async function requireConsumer(
  request: Request,
  url: URL,
  auth: { currentUser(cookie: string | null): Promise<{ id: string } | null> },
) {
  const user = await auth.currentUser(request.headers.get('cookie'))
  if (user) return user
  const login = pathFor('login', languageOfPath(url.pathname))
  throw redirect(`${login}?returnTo=${encodeURIComponent(url.pathname)}`)
}

/** An offer id is a UUID; anything else names no offer (issue 13: it reached the database and gave a 500). */
function offerIdOf(params: { id?: string }): string {
  const id = params.id ?? ''
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw data(null, { status: 404 })
  return id
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { auth, offers } = context.get(webContext)
  const user = await requireConsumer(request, url, auth)
  const offer = await offers.get(user.id, offerIdOf(params))
  // Another user's offer is "not found", as in the API.
  if (!offer) throw data(null, { status: 404 })
  return { offer }
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { auth, offers } = context.get(webContext)
  const user = await requireConsumer(request, url, auth)
  const result = await offers.accept({
    userId: user.id,
    offerId: offerIdOf(params),
    language: languageOfPath(url.pathname),
  })
  if ('ok' in result) return data({ error: result.message }, { status: result.status })
  return { error: null }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches)
  if (!root || !loaderData) return []
  return [
    { title: `${root.t('offer.title', { lender: loaderData.offer.lender.name })} – ${root.brandName}` },
    // Only a signed-in person sees this page: no robots meta (ADR 019).
  ]
}

export function ErrorBoundary() {
  const { t, lang } = useI18n()
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{t('offer.notFound')}</h1>
      <Link
        className="mt-4 inline-block text-brand-800 underline underline-offset-4"
        to={pathFor('offers', lang)}
      >
        {t('offer.back')}
      </Link>
    </div>
  )
}

export default function OfferRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const brand = rootDataFromMatches(matches)?.brandName ?? 'Lainava'
  const navigation = useNavigation()
  const [confirming, setConfirming] = useState(false)
  const { offer } = loaderData
  const figures = offerFigures(offer, intlLocale)
  const business = isBusinessOffer(offer)
  const cardName = offer.card ? t(`enum.cardType.${offer.card.cardType}`) : ''
  const cardRows: Array<[string, string]> = [
    [t('cards.col.card'), cardName],
    [t('cards.col.limit'), figures.amount],
    [t('offers.col.nominalRate'), figures.nominalRate],
    [t('cards.col.annualFee'), figures.annualFee],
    [t('cards.col.monthlyFee'), figures.monthlyFee],
    [t('cards.col.gracePeriod'), gracePeriodText(offer, t)],
    [t('cards.col.exampleDrawn'), t('cards.exampleTerms', { drawn: figures.exampleAmount })],
    [t('cards.col.exampleMonthly'), figures.monthlyPayment],
    [t('cards.col.exampleApr'), figures.apr],
    [t('offers.col.totalCost'), figures.totalCost],
    [t('cards.col.exampleTotal'), figures.totalPayable],
    [t('offers.col.validUntil'), figures.validUntil],
  ]
  const loanRows: Array<[string, string]> = [
    [t(offer.product === 'factoring' ? 'cards.factoring.advanceLimit' : 'offers.col.amount'), figures.amount],
    [
      t('offers.col.term'),
      `${t('offers.months', { months: offer.months })} (${t('offers.instalments', { months: offer.months })})`,
    ],
    [t('offers.col.nominalRate'), figures.nominalRate],
    [t(business ? 'cards.business.aprLabel' : 'offers.col.apr'), figures.apr],
    [t('offers.col.monthlyPayment'), figures.monthlyPayment],
    [t('offers.col.openingFee'), figures.openingFee],
    [t('offers.col.monthlyFee'), figures.monthlyFee],
    [t('offers.col.totalCost'), figures.totalCost],
    [t('offers.col.totalPayable'), figures.totalPayable],
    [t('offers.col.repayment'), t('offers.repayment.annuity')],
    [t('offers.col.validUntil'), figures.validUntil],
    ...(business
      ? ([
          [
            t('cards.business.guaranteeLabel'),
            t(offer.personalGuarantee ? 'cards.business.guaranteeYes' : 'cards.business.guaranteeNo'),
          ],
        ] as Array<[string, string]>)
      : []),
  ]
  const rows = offer.card ? cardRows : loanRows
  const confirmBody = offer.card
    ? t('cards.offer.confirmBody', {
        lender: offer.lender.name,
        card: cardName,
        limit: figures.amount,
        annualFee: figures.annualFee,
        apr: figures.apr,
      })
    : t(business ? 'cards.business.confirmBody' : 'offer.confirm.body', {
        lender: offer.lender.name,
        amount: figures.amount,
        monthlyPayment: figures.monthlyPayment,
        apr: figures.apr,
      })
  const acceptedNext = t(
    offer.card
      ? 'cards.offer.acceptedNext'
      : business
        ? 'cards.business.acceptedNext'
        : 'offer.accepted.next',
    { lender: offer.lender.name },
  )

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <Link className="text-brand-800 underline underline-offset-4" to={pathFor('offers', lang)}>
        {t('offer.back')}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">
        {t('offer.title', { lender: offer.lender.name })}
      </h1>
      <p className="mt-2 font-medium text-slate-800" data-testid="offer-detail-status">
        {t(`offers.status.${offer.status}`)}
      </p>

      <section aria-labelledby="offer-details" className="mt-6 rounded-xl border border-slate-200 p-6">
        <h2 id="offer-details" className="text-xl font-semibold text-slate-900">
          {t('offer.detailsHeading')}
        </h2>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 border-b border-slate-100 py-1">
              <dt className="text-slate-700">{label}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {offer.card ? null : (
          <p className="mt-4 text-sm text-slate-700">
            {offer.feeFinanced ? t('offer.feeFinanced.yes') : t('offer.feeFinanced.no')}
          </p>
        )}
        {business ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="offer-business-note">
            {t('cards.business.capsNote')}
          </p>
        ) : null}
        <p className="mt-2 text-sm text-slate-700">
          {offer.secciUrl ? (
            <a
              className="text-brand-800 underline underline-offset-4"
              href={offer.secciUrl}
              rel="noopener noreferrer"
            >
              {t('offers.secciLinkFrom', { lender: offer.lender.name })}
            </a>
          ) : (
            t('offer.secciNone')
          )}
        </p>
        <p className="mt-4 text-sm text-slate-700">{offerExample(offer, intlLocale, t, brand)}</p>
      </section>

      {offer.status === 'accepted' ? (
        <section
          role="status"
          className="mt-6 rounded-xl bg-green-50 p-6 text-green-900"
          data-testid="offer-accepted"
        >
          <h2 className="text-xl font-semibold">{t('offer.accepted.title')}</h2>
          <p className="mt-2">{acceptedNext}</p>
        </section>
      ) : offer.status === 'offered' ? (
        <div className="mt-6">
          <p className="text-slate-700">{t('offer.validUntil', { date: figures.validUntil })}</p>
          <Button className="mt-3" variant="primary" onClick={() => setConfirming(true)}>
            {t('offer.accept')}
          </Button>
        </div>
      ) : (
        <p className="mt-6 text-slate-700">{t('offer.notAvailable')}</p>
      )}
      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-900">
          {actionData.error}
        </p>
      ) : null}

      <Dialog
        open={confirming && offer.status === 'offered'}
        onClose={() => setConfirming(false)}
        title={t('offer.confirm.title')}
        description={confirmBody}
        closeLabel={t('common.close')}
      >
        <Form method="post" className="mt-4 flex flex-wrap gap-3" onSubmit={() => setConfirming(false)}>
          <Button
            type="submit"
            variant="primary"
            loading={navigation.state === 'submitting'}
            loadingLabel={t('offer.accepting')}
          >
            {t('offer.confirm.yes')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('offer.confirm.cancel')}
          </Button>
        </Form>
      </Dialog>
    </div>
  )
}
