import { type Database, schema } from '@lainava/db'
import type {
  DeliveredApplication,
  HetuReveal,
  LenderApplicationDetail,
  LenderApplicationFilters,
  LenderOffer,
  ManualOfferInput,
  OfferResult,
  ReceivedApplication,
  ReceivedApplicationList,
} from '@lainava/domain/lender-portal'
import { LENDER_PAGE_SIZE, OFFER_WITHDRAWN_REASON } from '@lainava/domain/lender-portal'
import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import { AppError } from '../../app-error.ts'
import { recordAudit } from '../audit/audit-log.ts'
import { loadApplicationFacts } from '../marketplace/application-facts.ts'
import {
  type MarketplaceDeps,
  notifyProgress,
  recordDecline,
  recordOffer,
} from '../marketplace/marketplace.ts'
import { partnerApplicationBody } from '../marketplace/partner-client.ts'
import { mortgagePartnerBody } from '../mortgage/mortgage-delivery.ts'
import { loadMortgageApplication } from '../mortgage/mortgage-facts.ts'
import type { LenderMember } from './lender-access.ts'

// Issue 17: the applications a lender organisation received, as its users see them in the portal, and
// the answers a manual lender gives there. Every query is scoped by the member's lenderId (from the
// session); an application sent to another lender is "not found", never "forbidden".

const { applicationRecipients, applications, offers } = schema

const receivedColumns = {
  id: applications.id,
  kind: applications.kind,
  amount: applications.amount,
  periodMonths: applications.periodMonths,
  purpose: applications.purpose,
  receivedAt: applicationRecipients.createdAt,
  status: applicationRecipients.status,
}

type ReceivedRow = Omit<ReceivedApplication, 'receivedAt'> & { receivedAt: Date }
const asReceived = (row: ReceivedRow): ReceivedApplication => ({
  ...row,
  receivedAt: row.receivedAt.toISOString(),
})

const DAY_MS = 86_400_000

/** The organisation's applications, newest first, by status, product and whole days received (UTC). */
export async function listReceivedApplications(
  db: Database,
  lenderId: string,
  filters: LenderApplicationFilters,
): Promise<ReceivedApplicationList> {
  const where: SQL[] = [eq(applicationRecipients.lenderId, lenderId)]
  if (filters.status) where.push(eq(applicationRecipients.status, filters.status))
  if (filters.product) where.push(eq(applications.kind, filters.product))
  if (filters.from) where.push(gte(applicationRecipients.createdAt, new Date(`${filters.from}T00:00:00Z`)))
  if (filters.to) {
    where.push(lt(applicationRecipients.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)))
  }
  const rows = await db
    .select(receivedColumns)
    .from(applicationRecipients)
    .innerJoin(applications, eq(applications.id, applicationRecipients.applicationId))
    .where(and(...where))
    .orderBy(desc(applicationRecipients.createdAt), desc(applications.id))
    .limit(LENDER_PAGE_SIZE + 1)
    .offset((filters.page - 1) * LENDER_PAGE_SIZE)
  return {
    applications: rows.slice(0, LENDER_PAGE_SIZE).map(asReceived),
    page: filters.page,
    pageSize: LENDER_PAGE_SIZE,
    hasMore: rows.length > LENDER_PAGE_SIZE,
  }
}

/** One application the organisation received, with its answer; any other is "not found". */
export async function getReceivedApplication(
  db: Database,
  lenderId: string,
  applicationId: string,
): Promise<ReceivedApplication & { declineReason: string | null }> {
  const [row] = await db
    .select({ ...receivedColumns, declineReason: applicationRecipients.declineReason })
    .from(applicationRecipients)
    .innerJoin(applications, eq(applications.id, applicationRecipients.applicationId))
    .where(
      and(
        eq(applicationRecipients.lenderId, lenderId),
        eq(applicationRecipients.applicationId, applicationId),
      ),
    )
  if (!row) {
    throw new AppError('NOT_FOUND', 'No such application.', { messageKey: 'api.applicationNotFound' })
  }
  return { ...asReceived(row), declineReason: row.declineReason }
}

function asLenderOffer(row: typeof offers.$inferSelect): LenderOffer {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    months: row.months,
    // One unit per name: the domain's fractions become percent here, at the edge.
    nominalRate: Math.round(row.nominalRate * 1_000_000) / 10_000,
    openingFee: row.openingFee,
    monthlyFee: row.monthlyFee,
    monthlyPayment: row.monthlyPayment,
    apr: Math.round(row.apr * 10_000) / 100,
    totalCost: row.totalCost,
    totalPayable: row.totalPayable,
    validUntil: row.validUntil.toISOString(),
    secciUrl: row.secciUrl,
  }
}

/** A mortgage application as the bank received it (`mortgagePartnerBody`, the HTTP delivery's builder). */
async function mortgageBody(deps: MarketplaceDeps, lenderId: string, applicationId: string) {
  const stored = await loadMortgageApplication(deps.db, deps.cipher, applicationId)
  return stored ? mortgagePartnerBody(deps.config.PUBLIC_URL, { applicationId, lenderId }, stored) : null
}

/** The partner API's body for this application and lender (loans, cards, business credit, mortgages). */
async function partnerBodyOf(deps: MarketplaceDeps, lenderId: string, applicationId: string) {
  const facts = await loadApplicationFacts(deps.db, deps.cipher, applicationId)
  if (facts) return partnerApplicationBody(deps.config.PUBLIC_URL, { applicationId, lenderId }, facts)
  return mortgageBody(deps, lenderId, applicationId)
}

/** What the partner API delivers, the henkilötunnus hidden; null once the personal data is erased. */
async function deliveredApplication(
  deps: MarketplaceDeps,
  lenderId: string,
  applicationId: string,
): Promise<DeliveredApplication | null> {
  const body = await partnerBodyOf(deps, lenderId, applicationId)
  if (!body) return null
  return {
    product: body.product,
    submittedAt: body.submittedAt,
    loan: body.loan,
    ...(body.card ? { card: body.card } : {}),
    ...(body.business ? { business: body.business as unknown as Record<string, unknown> } : {}),
    ...(body.mortgage ? { mortgage: body.mortgage as unknown as Record<string, unknown> } : {}),
    applicants: body.applicants.map((applicant) => ({
      ...applicant,
      hetu: null,
      hetuHidden: applicant.hetu !== null,
    })),
    household: body.household,
  }
}

/**
 * The application's page: what the partner API delivers for it (the same builder as the HTTP delivery),
 * the henkilötunnus hidden until asked for (`revealApplicantHetu`), and the organisation's own offers.
 */
export async function lenderApplicationDetail(
  deps: MarketplaceDeps,
  member: LenderMember,
  applicationId: string,
): Promise<LenderApplicationDetail> {
  const application = await getReceivedApplication(deps.db, member.lenderId, applicationId)
  const { declineReason, ...received } = application
  const delivery = await deliveredApplication(deps, member.lenderId, applicationId)
  const own = await deps.db
    .select()
    .from(offers)
    .where(and(eq(offers.applicationId, applicationId), eq(offers.lenderId, member.lenderId)))
    .orderBy(asc(offers.createdAt))
  return {
    application: received,
    delivery,
    declineReason,
    offers: own.map(asLenderOffer),
    // Mortgage terms (reference rate, margin, ESIS) cannot be typed in the portal: banks answer by API.
    canAnswer:
      member.integration === 'manual' &&
      received.kind !== 'mortgage' &&
      received.status === 'pending' &&
      delivery !== null,
  }
}

/** The henkilötunnus of the applicants, after a deliberate request; each reveal is in the audit log. */
export async function revealApplicantHetu(
  deps: MarketplaceDeps,
  member: LenderMember,
  applicationId: string,
): Promise<HetuReveal> {
  await getReceivedApplication(deps.db, member.lenderId, applicationId)
  // The same applicants the delivery carries (a mortgage's from its own stored rows).
  const body = await partnerBodyOf(deps, member.lenderId, applicationId)
  const revealed = (body?.applicants ?? []).flatMap((applicant) =>
    applicant.hetu ? [{ role: applicant.role, hetu: applicant.hetu }] : [],
  )
  if (revealed.length === 0) {
    throw new AppError('NOT_FOUND', 'The application has no henkilötunnus.', {
      reason: 'NO_HETU',
      messageKey: 'lenderPortal.api.noHetu',
    })
  }
  await recordAudit(deps.db, {
    actor: member.actor,
    action: 'application.hetu.reveal',
    subjectType: 'application',
    subjectId: applicationId,
    details: { lenderId: member.lenderId, roles: revealed.map((applicant) => applicant.role) },
  })
  return { applicants: revealed }
}

/** Only a manual lender answers in the portal; an API lender answers through the partner API. */
function requireManual(member: LenderMember): void {
  if (member.integration !== 'manual') {
    throw new AppError('CONFLICT', 'This lender answers through the partner API.', {
      reason: 'NOT_MANUAL_LENDER',
      messageKey: 'lenderPortal.api.notManual',
    })
  }
}

/** A manual lender's offer: priced and held to the caps by the marketplace's `recordOffer`, as API offers are. */
export async function makeManualOffer(
  deps: MarketplaceDeps,
  member: LenderMember,
  applicationId: string,
  input: ManualOfferInput,
): Promise<OfferResult> {
  await getReceivedApplication(deps.db, member.lenderId, applicationId)
  requireManual(member)
  const offer = await recordOffer(deps, {
    applicationId,
    lenderId: member.lenderId,
    offer: {
      amount: input.amount,
      months: input.months,
      // Percent at the edge, a fraction in the domain: converted here, once.
      nominalRate: input.nominalRate / 100,
      openingFee: input.openingFee,
      monthlyFee: input.monthlyFee,
      feeFinanced: false,
      validDays: input.validDays,
      secciUrl: input.secciUrl ?? null,
    },
  })
  await recordAudit(deps.db, {
    actor: member.actor,
    action: 'lender.offer.create',
    subjectType: 'offer',
    subjectId: offer.id,
    details: { lenderId: member.lenderId, applicationId },
  })
  return asOfferResult(offer)
}

export function asOfferResult(offer: typeof offers.$inferSelect): OfferResult {
  return {
    offerId: offer.id,
    monthlyPayment: offer.monthlyPayment,
    apr: Math.round(offer.apr * 10_000) / 100,
    totalCost: offer.totalCost,
    totalPayable: offer.totalPayable,
    validUntil: offer.validUntil.toISOString(),
  }
}

/** A manual lender declines with one of the catalogue's reasons. */
export async function declineManually(
  deps: MarketplaceDeps,
  member: LenderMember,
  applicationId: string,
  reason: string,
): Promise<void> {
  await getReceivedApplication(deps.db, member.lenderId, applicationId)
  requireManual(member)
  await recordDecline(deps, { applicationId, lenderId: member.lenderId, reason })
  await recordAudit(deps.db, {
    actor: member.actor,
    action: 'lender.application.decline',
    subjectType: 'application',
    subjectId: applicationId,
    details: { lenderId: member.lenderId, reason },
  })
}

/**
 * Withdraws one of the lender's open offers in one statement (check and update together, so an
 * acceptance in between cannot be overwritten). Nothing changed says why: no such offer of this lender
 * (404), accepted by the applicant (409 OFFER_ACCEPTED), or no longer open (409 OFFER_NOT_ACTIVE).
 */
export async function withdrawOffer(deps: MarketplaceDeps, lenderId: string, offerId: string): Promise<void> {
  const { db } = deps
  const withdrawn = await db.transaction(async (tx) => {
    const [offer] = await tx
      .update(offers)
      .set({ status: 'withdrawn' })
      .where(and(eq(offers.id, offerId), eq(offers.lenderId, lenderId), eq(offers.status, 'offered')))
      .returning({ applicationId: offers.applicationId })
    if (!offer) return null
    // The lender's answer is now "no offer": the applicant's page must not keep showing it as offered.
    await tx
      .update(applicationRecipients)
      .set({ status: 'declined', declineReason: OFFER_WITHDRAWN_REASON, answeredAt: new Date() })
      .where(
        and(
          eq(applicationRecipients.applicationId, offer.applicationId),
          eq(applicationRecipients.lenderId, lenderId),
          eq(applicationRecipients.status, 'offered'),
        ),
      )
    return offer
  })
  if (withdrawn) {
    // The existing path: a mortgage's one e-mail per bank change (keyed, so sent once); for other
    // credit the marketplace's progress e-mails (all answered, if this was the last one waiting).
    await notifyProgress(deps, withdrawn.applicationId, { lenderId, status: 'withdrawn' })
    return
  }
  const [offer] = await db
    .select({ status: offers.status })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.lenderId, lenderId)))
  if (!offer) throw new AppError('NOT_FOUND', 'No such offer.', { messageKey: 'api.offerNotFound' })
  if (offer.status === 'accepted') {
    throw new AppError('CONFLICT', 'The applicant has accepted this offer.', {
      reason: 'OFFER_ACCEPTED',
      messageKey: 'api.offerAcceptedByApplicant',
    })
  }
  throw new AppError('CONFLICT', 'The offer is no longer open.', {
    reason: 'OFFER_NOT_ACTIVE',
    messageKey: 'lenderPortal.api.offerNotActive',
  })
}

/** The portal's withdraw: the member's own organisation's offer, audited. */
export async function withdrawOfferAsMember(
  deps: MarketplaceDeps,
  member: LenderMember,
  offerId: string,
): Promise<void> {
  await withdrawOffer(deps, member.lenderId, offerId)
  await recordAudit(deps.db, {
    actor: member.actor,
    action: 'lender.offer.withdraw',
    subjectType: 'offer',
    subjectId: offerId,
    details: { lenderId: member.lenderId },
  })
}
