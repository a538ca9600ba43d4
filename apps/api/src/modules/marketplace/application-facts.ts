import { type Database, schema } from '@lainava/db'
import { type ApplicationFacts, ageOn, type MatchFacts, parseHenkilotunnus } from '@lainava/domain'
import type { PartnerApplication } from '@lainava/domain/marketplace/partner-protocol'
import { eq } from 'drizzle-orm'
import type { FieldCipher } from '../../crypto/field-encryption.ts'

// What the marketplace knows of an application, read back from the stored rows:
// the facts lenders' criteria and the sandbox model look at, and the body an
// HTTP lender receives. Identity numbers are decrypted only here.

type Section = Record<string, unknown>
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
const section = (value: unknown): Section => (value && typeof value === 'object' ? (value as Section) : {})

function debtPayments(debts: unknown): number {
  const list = section(debts).debts
  return Array.isArray(list)
    ? list.reduce((sum: number, debt) => sum + num(section(debt).monthlyPayment), 0)
    : 0
}

export type StoredApplication = {
  id: string
  userId: string
  kind: 'consumer-loan' | 'credit-card'
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
}

export async function loadApplicationFacts(
  db: Database,
  cipher: FieldCipher,
  applicationId: string,
  now: Date = new Date(),
): Promise<StoredApplication | null> {
  const [application] = await db
    .select()
    .from(schema.applications)
    .where(eq(schema.applications.id, applicationId))
  if (!application || application.anonymisedAt) return null
  const people = await db
    .select()
    .from(schema.applicants)
    .where(eq(schema.applicants.applicationId, applicationId))
  const details = section(application.details)
  const main = people.find((person) => person.role === 'main')
  const co = people.find((person) => person.role === 'co')
  const mainWork = section(details.work)
  const coDetails = section(details.coApplicant)
  const coWork = section(coDetails.work)
  const mainHetu = main?.hetuEncrypted ? cipher.decrypt(main.hetuEncrypted) : null
  const birth = mainHetu ? parseHenkilotunnus(mainHetu)?.birthDate : undefined
  const age = birth ? ageOn(birth, now) : 0
  const mainDetails = section(main?.details)
  const netIncome = num(mainWork.monthlyNetIncome) + num(mainWork.otherIncome)
  const existingDebtPayments = debtPayments(details.debts) + (co ? debtPayments(coDetails.debts) : 0)
  const hasPaymentDefaults =
    section(details.debts).paymentDefaults === true || section(coDetails.debts).paymentDefaults === true
  const householdSize = Math.max(1, num(mainDetails.adults) + num(mainDetails.children))
  const housingCostsPerMonth = num(mainDetails.housingCostsPerMonth)
  const product = application.kind
  const employmentType = typeof mainWork.employmentType === 'string' ? mainWork.employmentType : 'unknown'
  const months = application.periodMonths

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
    match: {
      product,
      amount: application.amount,
      months,
      age,
      monthlyNetIncome: netIncome,
      employmentType,
      hasPaymentDefaults,
      purpose: application.purpose,
    },
    sandbox: {
      applicationId: application.id,
      amount: application.amount,
      months,
      age,
      employmentType,
      monthlyNetIncome: netIncome,
      housingCostsPerMonth,
      existingDebtPayments,
      householdSize,
      hasCoApplicant: Boolean(co),
    },
    applicants,
    household: { size: householdSize, housingCostsPerMonth, existingDebtPayments, hasPaymentDefaults },
  }
}
