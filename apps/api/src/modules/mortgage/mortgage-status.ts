import { type Database, schema } from '@lainava/db'
import { AWAITING_ANSWER_STATUSES, MORTGAGE_REFERENCE_RATES, REPAYMENT_TYPES } from '@lainava/domain'
import { OFFER_WITHDRAWN_REASON } from '@lainava/domain/lender-portal'
import {
  EsisItemsSchema,
  type MortgageBankStatus,
  type MortgageEsis,
  type MortgageOffer,
  type MortgageStatus,
} from '@lainava/domain/mortgage/api'
import { mortgageFigures, stressedInstalments } from '@lainava/domain/mortgage/bank-pricing'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import type { MarketplaceDeps } from '../marketplace/marketplace.ts'
import { acceptOffer } from '../marketplace/offers.ts'
import type { StoredMortgageDetails } from './mortgage-facts.ts'
import {
  identificationOfApplication,
  identifiedView,
  latestMortgageApplicationId,
  notFound,
} from './mortgage-service.ts'

const { applications, applicationRecipients, lenders, mortgageApplications, offers } = schema

// Issue 16: where a mortgage application is (spec §6: a protected path, 403 for another user's),
// each bank's answer and the offers with every mortgage figure; the ESIS data of an offer; accepting one.

type OfferRow = typeof offers.$inferSelect
type BankRow = { id: string; name: string; slug: string }

const forbidden = () =>
  new AppError('FORBIDDEN', 'Another user’s mortgage application.', { messageKey: 'mortgage.api.forbidden' })

const offerNotFound = () =>
  new AppError('NOT_FOUND', 'No such mortgage offer.', { messageKey: 'mortgage.api.offerNotFound' })

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value)

function offerStatus(row: OfferRow, now: Date): MortgageOffer['status'] {
  return row.status === 'offered' && row.validUntil.getTime() < now.getTime() ? 'expired' : row.status
}

/** A stored mortgage offer as the applicant sees it; null for a row without the mortgage columns. */
function offerView(row: OfferRow, bank: BankRow, now: Date): MortgageOffer | null {
  const repaymentType = row.repaymentType
  const referenceRate = row.referenceRate
  if (!isOneOf(REPAYMENT_TYPES, repaymentType) || !isOneOf(MORTGAGE_REFERENCE_RATES, referenceRate))
    return null
  const figures = mortgageFigures({
    amount: row.amount,
    months: row.months,
    repaymentType,
    nominalRate: row.nominalRate,
    openingFee: row.openingFee,
    monthlyFee: row.monthlyFee,
  })
  return {
    id: row.id,
    bank,
    status: offerStatus(row, now),
    amount: row.amount,
    months: row.months,
    repaymentType,
    referenceRate,
    referenceRateValue: row.referenceRateValue ?? 0,
    margin: row.margin ?? 0,
    nominalRate: row.nominalRate,
    fixedPeriodYears: row.fixedPeriodYears,
    openingFee: row.openingFee,
    monthlyFee: row.monthlyFee,
    firstInstalment: row.monthlyPayment,
    apr: row.apr,
    totalInterest: figures?.totalInterest ?? 0,
    totalCost: row.totalCost,
    totalPayable: row.totalPayable,
    validUntil: row.validUntil.toISOString(),
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    esisUrl: `/api/v1/mortgage-application/offers/${row.id}/esis`,
  }
}

/**
 * The status of one mortgage application (or the user's latest): 404 when there is none, 403 when
 * it is another user's (spec §6: the web client then logs out and goes to the forbidden page).
 */
export async function mortgageStatus(
  db: Database,
  userId: string,
  id: string | null,
  now: Date = new Date(),
): Promise<MortgageStatus> {
  const wanted = id ?? (await latestMortgageApplicationId(db, userId))
  if (!wanted) throw notFound()
  const [row] = await db.select().from(mortgageApplications).where(eq(mortgageApplications.id, wanted))
  if (!row) throw notFound()
  if (row.userId !== userId) throw forbidden()
  const banks = row.applicationId
    ? await db
        .select({
          id: lenders.id,
          name: lenders.name,
          slug: lenders.slug,
          recipientStatus: applicationRecipients.status,
          declineReason: applicationRecipients.declineReason,
          answeredAt: applicationRecipients.answeredAt,
          redirectionUrl: applicationRecipients.redirectionUrl,
        })
        .from(applicationRecipients)
        .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
        .where(eq(applicationRecipients.applicationId, row.applicationId))
        .orderBy(asc(lenders.name))
        .then((rows) =>
          rows.map(({ recipientStatus, declineReason, ...bank }) => ({
            ...bank,
            // A withdrawn offer is the bank's final "no offer", shown as withdrawn (L5).
            status: (recipientStatus === 'declined' && declineReason === OFFER_WITHDRAWN_REASON
              ? 'withdrawn'
              : recipientStatus) as MortgageBankStatus,
          })),
        )
    : []
  const offerRows = row.applicationId
    ? await db.select().from(offers).where(eq(offers.applicationId, row.applicationId))
    : []
  const offerViews = offerRows
    .map((offer) => {
      const bank = banks.find((candidate) => candidate.id === offer.lenderId)
      return offerView(offer, { id: offer.lenderId, name: bank?.name ?? '', slug: bank?.slug ?? '' }, now)
    })
    .filter((offer): offer is MortgageOffer => offer !== null)
    .sort((a, b) => a.apr - b.apr)
  const count = (statuses: readonly MortgageBankStatus[]) =>
    banks.filter((bank) => statuses.includes(bank.status)).length
  return {
    mortgageApplicationId: row.id,
    applicationId: row.applicationId,
    status: row.status as MortgageStatus['status'],
    accepted: offerViews.some((offer) => offer.status === 'accepted'),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    identified: identifiedView(await identificationOfApplication(db, row)),
    redirectionUrl: row.redirectionUrl,
    summary: {
      banks: banks.length,
      answered: count(['offered', 'declined', 'withdrawn']),
      offered: count(['offered']),
      waiting: count(AWAITING_ANSWER_STATUSES),
    },
    banks: banks.map((bank) => ({
      id: bank.id,
      name: bank.name,
      status: bank.status,
      offerId: offerViews.find((offer) => offer.bank.id === bank.id)?.id ?? null,
      updatedAt: bank.answeredAt?.toISOString() ?? null,
      redirectionUrl: bank.status === 'info-requested' ? bank.redirectionUrl : null,
    })),
    offers: offerViews,
  }
}

/** One mortgage offer of the user's own applications with its application's details; anyone else's is "not found". */
async function ownOffer(db: Database, userId: string, offerId: string) {
  const [row] = await db
    .select({
      offer: offers,
      bank: { id: lenders.id, name: lenders.name, slug: lenders.slug },
      details: applications.details,
    })
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .innerJoin(lenders, eq(lenders.id, offers.lenderId))
    .where(
      and(
        eq(offers.id, offerId),
        eq(applications.userId, userId),
        eq(applications.kind, 'mortgage'),
        isNull(applications.anonymisedAt),
      ),
    )
  if (!row) throw offerNotFound()
  return row
}

/** The ESIS of an offer: the offer's figures, the bank's ESIS items and the stress illustration. */
export async function mortgageEsis(
  db: Database,
  userId: string,
  offerId: string,
  now: Date = new Date(),
): Promise<MortgageEsis> {
  const { offer: row, bank, details } = await ownOffer(db, userId, offerId)
  const offer = offerView(row, bank, now)
  const items = EsisItemsSchema.safeParse(row.esis)
  if (!offer || !items.success) throw offerNotFound()
  const stored = details as Partial<StoredMortgageDetails>
  const terms = {
    amount: row.amount,
    months: row.months,
    repaymentType: offer.repaymentType,
    nominalRate: row.nominalRate,
    openingFee: row.openingFee,
    monthlyFee: row.monthlyFee,
  }
  const figures = mortgageFigures(terms)
  return {
    offer,
    items: items.data,
    borrowers: stored.hasCoApplicant ? 2 : 1,
    purpose: stored.purpose ?? null,
    numberOfInstalments: figures?.numberOfInstalments ?? row.months,
    lastInstalment: figures?.lastInstalment ?? row.monthlyPayment,
    stress: stressedInstalments(terms),
  }
}

/** Accepts a mortgage offer by the marketplace's acceptance (owner only, one per application; the bank is told by a job). */
export async function acceptMortgageOffer(
  deps: MarketplaceDeps,
  userId: string,
  offerId: string,
  now: Date = new Date(),
): Promise<MortgageOffer> {
  await ownOffer(deps.db, userId, offerId)
  await acceptOffer(deps, userId, offerId, now)
  const { offer: row, bank } = await ownOffer(deps.db, userId, offerId)
  const view = offerView(row, bank, now)
  if (!view) throw offerNotFound()
  return view
}
