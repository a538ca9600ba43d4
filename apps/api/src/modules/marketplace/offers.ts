import type { ApplicationOffersView, LenderAnswerStatus, OfferStatus, OfferView } from '@lainava/api-client'
import { type Database, schema } from '@lainava/db'
import { type ApplicationKind, CARD_TYPES, type CardType, roundHalfUp } from '@lainava/domain'
import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import { QUEUES } from '../../jobs/job-queue.ts'
import type { MarketplaceDeps } from './marketplace.ts'

const { applications, applicationRecipients, lenders, offers } = schema

// The applicant's view of the marketplace: each application with the lenders
// that received it, their answers and the offers. Only the owner sees them.

type OfferRow = typeof offers.$inferSelect
type LenderRow = { id: string; name: string; slug: string }

function effectiveStatus(row: OfferRow, now: Date): OfferStatus {
  return row.status === 'offered' && row.validUntil.getTime() < now.getTime() ? 'expired' : row.status
}

/** What an offer is compared against: the application's kind and the credit asked. */
type Asked = { kind: ApplicationKind; amount: number; periodMonths: number }

const isCardType = (value: string | null): value is CardType =>
  (CARD_TYPES as readonly (string | null)[]).includes(value)

function cardOf(row: OfferRow): OfferView['card'] {
  if (!isCardType(row.cardType)) return null
  return {
    cardType: row.cardType,
    exampleAmount: row.exampleAmount ?? 0,
    annualFee: row.annualFee ?? 0,
    gracePeriodDays: row.gracePeriodDays ?? 0,
  }
}

function offerView(row: OfferRow, lender: LenderRow, asked: Asked, now: Date): OfferView {
  return {
    id: row.id,
    applicationId: row.applicationId,
    lender,
    status: effectiveStatus(row, now),
    amount: row.amount,
    amountAsked: asked.amount,
    months: row.months,
    monthsAsked: asked.periodMonths,
    product: asked.kind,
    nominalRate: roundHalfUp(row.nominalRate * 100, 4),
    openingFee: row.openingFee,
    monthlyFee: row.monthlyFee,
    feeFinanced: row.feeFinanced,
    monthlyPayment: row.monthlyPayment,
    apr: roundHalfUp(row.apr * 100, 2),
    totalCost: row.totalCost,
    totalPayable: row.totalPayable,
    repaymentType: 'annuity',
    validUntil: row.validUntil.toISOString(),
    secciUrl: row.secciUrl,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    card: cardOf(row),
    personalGuarantee: row.personalGuarantee,
  }
}

export async function listApplicationOffers(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<ApplicationOffersView[]> {
  const owned = await db
    .select()
    .from(applications)
    // Mortgage applications have their own status page and banks' intermediate answers (issue 16).
    .where(
      and(
        eq(applications.userId, userId),
        isNull(applications.anonymisedAt),
        ne(applications.kind, 'mortgage'),
      ),
    )
    .orderBy(desc(applications.createdAt))
  if (owned.length === 0) return []
  const ids = owned.map((application) => application.id)
  const recipients = await db
    .select({
      applicationId: applicationRecipients.applicationId,
      status: applicationRecipients.status,
      lender: { id: lenders.id, name: lenders.name, slug: lenders.slug },
    })
    .from(applicationRecipients)
    .innerJoin(lenders, eq(lenders.id, applicationRecipients.lenderId))
    .where(inArray(applicationRecipients.applicationId, ids))
    .orderBy(asc(lenders.name))
  const offerRows = await db.select().from(offers).where(inArray(offers.applicationId, ids))
  return owned.map((application) => {
    const mine = recipients.filter((row) => row.applicationId === application.id)
    const myOffers = offerRows
      .filter((row) => row.applicationId === application.id)
      .map((row) => {
        const lender = mine.find((recipient) => recipient.lender.id === row.lenderId)?.lender
        return offerView(row, lender ?? { id: row.lenderId, name: '', slug: '' }, application, now)
      })
      .sort((a, b) => a.apr - b.apr)
    const lendersView = mine.map((recipient) => {
      const offer = myOffers.find((candidate) => candidate.lender.id === recipient.lender.id)
      return {
        id: recipient.lender.id,
        name: recipient.lender.name,
        status: (offer ? offer.status : recipient.status) as LenderAnswerStatus,
        offerId: offer?.id ?? null,
      }
    })
    const pending = mine.filter((row) => row.status === 'pending').length
    return {
      id: application.id,
      kind: application.kind,
      status: application.status,
      amount: application.amount,
      periodMonths: application.periodMonths,
      purpose: application.purpose,
      createdAt: application.createdAt.toISOString(),
      summary: { asked: mine.length, answered: mine.length - pending, offered: myOffers.length, pending },
      lenders: lendersView,
      offers: myOffers,
    }
  })
}

/** One offer of the user's own applications; anyone else's is "not found". */
export async function getOffer(
  db: Database,
  userId: string,
  offerId: string,
  now = new Date(),
): Promise<OfferView> {
  const [row] = await db
    .select({
      offer: offers,
      lender: { id: lenders.id, name: lenders.name, slug: lenders.slug },
      asked: {
        kind: applications.kind,
        amount: applications.amount,
        periodMonths: applications.periodMonths,
      },
    })
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .innerJoin(lenders, eq(lenders.id, offers.lenderId))
    .where(and(eq(offers.id, offerId), eq(applications.userId, userId), isNull(applications.anonymisedAt)))
  if (!row) throw new AppError('NOT_FOUND', 'No such offer.', { messageKey: 'api.offerNotFound' })
  return offerView(row.offer, row.lender, row.asked, now)
}

/**
 * Accepts an offer: only the owner, only a standing offer, one per
 * application. Accepting the same offer again changes nothing. The lender is
 * told by a durable job.
 */
export async function acceptOffer(
  deps: MarketplaceDeps,
  userId: string,
  offerId: string,
  now: Date = new Date(),
): Promise<OfferView> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ offer: offers })
      .from(offers)
      .innerJoin(applications, eq(applications.id, offers.applicationId))
      .where(and(eq(offers.id, offerId), eq(applications.userId, userId), isNull(applications.anonymisedAt)))
      .for('update')
    if (!row) throw new AppError('NOT_FOUND', 'No such offer.', { messageKey: 'api.offerNotFound' })
    const status = effectiveStatus(row.offer, now)
    if (status === 'accepted') return
    if (status === 'expired') {
      await tx.update(offers).set({ status: 'expired' }).where(eq(offers.id, offerId))
      throw new AppError('CONFLICT', 'The offer has expired.', {
        reason: 'OFFER_EXPIRED',
        messageKey: 'api.offerExpired',
      })
    }
    if (status !== 'offered') {
      throw new AppError('CONFLICT', 'The offer is no longer available.', {
        reason: 'OFFER_NOT_AVAILABLE',
        messageKey: 'api.offerNotAvailable',
      })
    }
    const [other] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.applicationId, row.offer.applicationId), eq(offers.status, 'accepted')))
    if (other) {
      throw new AppError('CONFLICT', 'Another offer of this application is already accepted.', {
        reason: 'ANOTHER_OFFER_ACCEPTED',
        messageKey: 'api.offerAnotherAccepted',
      })
    }
    await tx.update(offers).set({ status: 'accepted', acceptedAt: now }).where(eq(offers.id, offerId))
    await tx
      .update(applications)
      .set({ status: 'offer-accepted' })
      .where(eq(applications.id, row.offer.applicationId))
  })
  await deps.jobs?.send(QUEUES.acceptance, offerId, { offerId })
  return getOffer(deps.db, userId, offerId, now)
}
