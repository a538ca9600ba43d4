import { type Database, inUuids, schema } from '@lainava/db'
import {
  type ApplicationFacts,
  type ApplicationKind,
  deriveApplicationFacts,
  isBusinessKind,
  type MatchFacts,
} from '@lainava/domain'
import {
  type BusinessFacts,
  deriveBusinessFacts,
  type PartnerBusiness,
} from '@lainava/domain/marketplace/business-lending'
import type { PartnerApplication } from '@lainava/domain/marketplace/partner-protocol'
import { eq } from 'drizzle-orm'
import type { FieldCipher } from '../../crypto/field-encryption.ts'

// What the marketplace knows of an application, read back from the stored rows:
// the facts lenders' criteria and the sandbox model look at, and the body an
// HTTP lender receives. Identity numbers are decrypted only here. The facts come from
// `deriveApplicationFacts`, the same function the review step's preview of the recipients uses.

type Section = Record<string, unknown>
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
const section = (value: unknown): Section => (value && typeof value === 'object' ? (value as Section) : {})

export type StoredApplication = {
  id: string
  userId: string
  kind: ApplicationKind
  language: string
  createdAt: Date
  match: MatchFacts
  sandbox: ApplicationFacts
  applicants: Array<{
    role: 'main' | 'co'
    firstName: string | null
    lastName: string | null
    email: string | null
    phone: string | null
    hetu: string | null
    monthlyNetIncome: number
    employmentType: string
  }>
  household: PartnerApplication['household']
  /** Business applications (issue 15): the company's facts for matching and pricing, and what a lender receives. */
  business: { facts: BusinessFacts; partner: PartnerBusiness } | null
}

/** A business application's facts and partner payload from its stored details and contact person. */
function businessOf(
  kind: ApplicationKind,
  details: Section,
  contact: typeof schema.applicants.$inferSelect | undefined,
  now: Date,
): StoredApplication['business'] {
  if (!isBusinessKind(kind)) return null
  const facts = deriveBusinessFacts(kind, details, now)
  const company = section(details.company)
  const person = section(contact?.details)
  return {
    facts,
    partner: {
      company: {
        businessId: typeof company.businessId === 'string' ? company.businessId : '',
        name: typeof company.name === 'string' ? company.name : '',
        legalForm: facts.legalForm,
        registeredOn: typeof company.registeredOn === 'string' ? company.registeredOn : '',
        industry: facts.industry,
        turnover: facts.turnover,
        result: facts.result,
        employees: facts.employees,
      },
      contact: {
        firstName: contact?.firstName ?? null,
        lastName: contact?.lastName ?? null,
        email: contact?.email ?? null,
        phone: contact?.phone ?? null,
        role: typeof person.role === 'string' ? person.role : null,
        canSign: person.canSign === true,
      },
      factoring: facts.factoring,
    },
  }
}

export async function loadApplicationFacts(
  db: Database,
  cipher: FieldCipher,
  applicationId: string,
  now: Date = new Date(),
): Promise<StoredApplication | null> {
  // The application with its applicants in one query (ADR 043: every lender's answer reads them).
  const rows = await db
    .select()
    .from(schema.applications)
    .leftJoin(schema.applicants, eq(schema.applicants.applicationId, schema.applications.id))
    .where(eq(schema.applications.id, applicationId))
  return factsOf(rows, cipher, now)
}

/**
 * The facts of an application from the rows its submission just stored (ADR 051: the submission's
 * transaction does not read them back): the same derivation as `loadApplicationFacts`.
 */
export function applicationFactsOf(
  cipher: FieldCipher,
  application: typeof schema.applications.$inferSelect,
  applicants: readonly (typeof schema.applicants.$inferSelect)[],
  now: Date = new Date(),
): StoredApplication | null {
  const rows: FactRow[] =
    applicants.length > 0
      ? applicants.map((applicant) => ({ applications: application, applicants: applicant }))
      : [{ applications: application, applicants: null }]
  return factsOf(rows, cipher, now)
}

/** What `loadManyApplicationFacts` read: the facts by application, and why any could not be read. */
export type ManyApplicationFacts = {
  facts: Map<string, StoredApplication>
  /** Applications whose stored rows could not be read (an identity number that does not decrypt…). */
  errors: Map<string, unknown>
}

/**
 * The facts of many applications in one query (ADR 048: a batch of sandbox answers). An application
 * without facts (unknown, anonymised, a mortgage) is in neither map; one whose rows cannot be read
 * is in `errors` and does not stop the others (ADR 048, amendment of 2026-11-24).
 */
export async function loadManyApplicationFacts(
  db: Database,
  cipher: FieldCipher,
  applicationIds: readonly string[],
  now: Date = new Date(),
): Promise<ManyApplicationFacts> {
  const facts = new Map<string, StoredApplication>()
  const errors = new Map<string, unknown>()
  if (applicationIds.length === 0) return { facts, errors }
  const rows = await db
    .select()
    .from(schema.applications)
    .leftJoin(schema.applicants, eq(schema.applicants.applicationId, schema.applications.id))
    .where(inUuids(schema.applications.id, applicationIds))
  const byApplication = Map.groupBy(rows, (row) => row.applications.id)
  for (const [id, group] of byApplication) {
    try {
      const stored = factsOf(group, cipher, now)
      if (stored) facts.set(id, stored)
    } catch (error) {
      errors.set(id, error)
    }
  }
  return { facts, errors }
}

type FactRow = {
  applications: typeof schema.applications.$inferSelect
  applicants: typeof schema.applicants.$inferSelect | null
}

/** One application's facts from its row joined with its applicants' rows. */
function factsOf(rows: readonly FactRow[], cipher: FieldCipher, now: Date): StoredApplication | null {
  const application = rows[0]?.applications
  // Mortgage applications are matched on their own facts (the mortgage module, issue 16).
  if (!application || application.anonymisedAt || application.kind === 'mortgage') return null
  const people = rows.flatMap((row) => (row.applicants ? [row.applicants] : []))
  const details = section(application.details)
  const main = people.find((person) => person.role === 'main')
  const mainWork = section(details.work)
  const coWork = section(section(details.coApplicant).work)
  // The application as it was submitted: the stored details with the main applicant put back.
  const facts = deriveApplicationFacts(
    application.kind,
    {
      ...details,
      applicant: {
        ...section(main?.details),
        hetu: main?.hetuEncrypted ? cipher.decrypt(main.hetuEncrypted) : null,
      },
    },
    now,
  )
  const { household } = facts
  const business = businessOf(application.kind, details, main, now)
  // A business application's credit is read the business way (months, factoring's unpaid invoices).
  const match = business
    ? {
        ...facts.match,
        amount: business.facts.amount,
        months: business.facts.months,
        purpose: business.facts.purpose,
      }
    : facts.match

  const applicants: StoredApplication['applicants'] = people
    .filter((person) => person.role === 'main' || person.role === 'co')
    .map((person) => {
      const work = person.role === 'main' ? mainWork : coWork
      return {
        role: person.role as 'main' | 'co',
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        hetu: person.hetuEncrypted ? cipher.decrypt(person.hetuEncrypted) : null,
        monthlyNetIncome: num(work.monthlyNetIncome) + num(work.otherIncome),
        employmentType: typeof work.employmentType === 'string' ? work.employmentType : 'unknown',
      }
    })
    .sort((a, b) => (a.role === 'main' ? -1 : b.role === 'main' ? 1 : 0))

  return {
    id: application.id,
    userId: application.userId,
    kind: application.kind,
    language: application.language,
    createdAt: application.createdAt,
    match,
    sandbox: {
      applicationId: application.id,
      amount: match.amount,
      months: match.months,
      age: match.age,
      employmentType: match.employmentType,
      monthlyNetIncome: match.monthlyNetIncome,
      housingCostsPerMonth: household.housingCostsPerMonth,
      existingDebtPayments: household.existingDebtPayments,
      householdSize: household.size,
      hasCoApplicant: facts.hasCoApplicant,
    },
    applicants,
    household,
    business,
  }
}
