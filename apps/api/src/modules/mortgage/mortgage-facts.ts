import { type Database, schema } from '@lainava/db'
import type {
  MortgageApplicationData,
  MortgagePurpose,
  MortgageReferenceRate,
  MortgageStepData,
  RepaymentType,
} from '@lainava/domain'
import type { PartnerApplication, PartnerMortgage } from '@lainava/domain/marketplace/partner-protocol'
import type { MortgageFacts } from '@lainava/domain/mortgage/bank-pricing'
import { eq } from 'drizzle-orm'
import type { FieldCipher } from '../../crypto/field-encryption.ts'

const { applications, applicants, mortgageApplications } = schema

// Issue 16: a submitted mortgage application as the marketplace stores it (an `applications` row of
// kind `mortgage`, its applicants in their own rows with the identity numbers encrypted) and as it
// is read back for the banks: the facts the sandbox banks decide on and the body an HTTP bank
// receives. Identity numbers are decrypted only here.

type Person = MortgageStepData<'personal-information'>

/** What `applications.details` holds for a mortgage: every step but the people's own. */
export type StoredMortgageDetails = {
  mortgageApplicationId: string
  hasCoApplicant: boolean
  purpose: MortgagePurpose
  calculator: MortgageApplicationData['calculator'] | null
  property: MortgageStepData<'property-information'>
  loan: MortgageStepData<'loan-requirement'>
  funding: MortgageStepData<'funding-proposal'>
  household: MortgageStepData<'household-information'>
  identification: { method: string; level: string; identifiedAt: string }
}

/** What `applicants.details` holds for a mortgage applicant (name, contacts and hetu in columns). */
export type StoredMortgageApplicant = {
  streetAddress: string
  postalCode: string
  city: string
  citizenship: string
  person: MortgageStepData<'details-of-lead-applicant'>
  work: MortgageStepData<'work-details'>
  income: MortgageStepData<'income-and-wealth'>
  otherLoans: MortgageStepData<'other-loans'>['loans']
}

/** The two applicants' rows from the application's steps. */
export function applicantRows(
  cipher: FieldCipher,
  applicationId: string,
  data: MortgageApplicationData,
  hasCoApplicant: boolean,
) {
  const row = (
    role: 'main' | 'co',
    person: Person | undefined,
    details: StoredMortgageApplicant['person'] | undefined,
    work: StoredMortgageApplicant['work'] | undefined,
    income: StoredMortgageApplicant['income'] | undefined,
    loans: MortgageStepData<'other-loans'> | undefined,
  ) => {
    if (!person || !details || !work || !income) throw new Error(`the ${role} applicant's steps are missing`)
    const { firstName, lastName, email, phone, hetu, ...address } = person
    const stored: StoredMortgageApplicant = {
      ...address,
      person: details,
      work,
      income,
      otherLoans: loans?.loans ?? [],
    }
    return {
      applicationId,
      role,
      firstName,
      lastName,
      email,
      phone,
      hetuEncrypted: cipher.encrypt(hetu),
      hetuHash: cipher.fingerprint(hetu),
      details: stored,
    }
  }
  const rows = [
    row(
      'main',
      data['personal-information'],
      data['details-of-lead-applicant'],
      data['work-details'],
      data['income-and-wealth'],
      data['other-loans'],
    ),
  ]
  if (hasCoApplicant) {
    rows.push(
      row(
        'co',
        data['co-applicant-personal-information'],
        data['co-applicant-details'],
        data['co-applicant-work-details'],
        data['co-applicant-income-and-wealth'],
        data['co-applicant-other-loans'],
      ),
    )
  }
  return rows
}

export type StoredMortgageApplication = {
  id: string
  userId: string
  language: string
  createdAt: Date
  details: StoredMortgageDetails
  facts: MortgageFacts
  applicants: PartnerApplication['applicants']
  household: NonNullable<PartnerApplication['household']>
  /** The mortgage application (the steps) this marketplace application was sent from. */
  mortgageApplicationId: string | null
  /** The bank's part is added per bank on delivery (`callbackUrl`). */
  partner: Omit<PartnerMortgage, 'callbackUrl'>
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** A submitted mortgage application read back, or null (not a mortgage, or anonymised). */
export async function loadMortgageApplication(
  db: Database,
  cipher: FieldCipher,
  applicationId: string,
): Promise<StoredMortgageApplication | null> {
  const [application] = await db.select().from(applications).where(eq(applications.id, applicationId))
  if (application?.kind !== 'mortgage' || application.anonymisedAt) return null
  const details = application.details as StoredMortgageDetails
  const [source] = await db
    .select({ id: mortgageApplications.id })
    .from(mortgageApplications)
    .where(eq(mortgageApplications.applicationId, applicationId))
  const people = (await db.select().from(applicants).where(eq(applicants.applicationId, applicationId)))
    .filter((person) => person.role === 'main' || person.role === 'co')
    .sort((a, b) => (a.role === 'main' ? -1 : b.role === 'main' ? 1 : 0))
  const stored = people.map((person) => ({ row: person, details: person.details as StoredMortgageApplicant }))
  const incomes = stored.map(({ details: d }) => d.income)
  const loans = stored.flatMap(({ details: d }) => d.otherLoans)
  const netIncome = sum(incomes.map((income) => income.monthlyNetIncome + income.otherMonthlyIncome))
  const grossIncome = sum(incomes.map((income) => income.monthlyGrossIncome + income.otherMonthlyIncome))
  const otherDebtPayments = sum(loans.map((loan) => loan.monthlyPayment))
  const lead = stored[0]?.details
  const { loan, property, funding, household } = details
  const facts: MortgageFacts = {
    applicationId,
    purpose: details.purpose,
    loanAmount: loan.loanAmount,
    months: loan.years * 12,
    repaymentType: loan.repaymentType as RepaymentType,
    referenceRate: loan.referenceRate as MortgageReferenceRate,
    fixedPeriodYears: 'fixedPeriodYears' in loan && loan.fixedPeriodYears ? loan.fixedPeriodYears : null,
    price: property.price,
    housingCompanyLoanShare: property.housingCompanyLoanShare,
    otherCollateralValue: funding.otherCollateral ? (funding.otherCollateralValue ?? 0) : 0,
    aspLoan: funding.aspSaving,
    stateGuarantee: funding.stateGuarantee,
    netIncome,
    grossIncome,
    otherDebt: sum(loans.map((item) => item.balance)),
    otherDebtPayments,
    leadEmployment: lead?.work.employmentType ?? 'other',
    borrowers: stored.length > 1 ? 2 : 1,
  }
  const partnerApplicants: PartnerApplication['applicants'] = stored.map(({ row, details: d }) => ({
    role: row.role as 'main' | 'co',
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    hetu: row.hetuEncrypted ? cipher.decrypt(row.hetuEncrypted) : null,
    monthlyNetIncome: d.income.monthlyNetIncome + d.income.otherMonthlyIncome,
    employmentType: d.work.employmentType,
  }))
  return {
    id: application.id,
    userId: application.userId,
    mortgageApplicationId: source?.id ?? null,
    language: application.language,
    createdAt: application.createdAt,
    details,
    facts,
    applicants: partnerApplicants,
    household: {
      size: household.adults + household.children,
      housingCostsPerMonth: property.maintenanceCharge + household.otherHousingCosts,
      existingDebtPayments: otherDebtPayments,
      hasPaymentDefaults: false,
    },
    partner: {
      purpose: details.purpose,
      property,
      loan,
      funding,
      household,
      applicants: stored.map(({ row, details: d }) => ({
        role: row.role as 'main' | 'co',
        streetAddress: d.streetAddress,
        postalCode: d.postalCode,
        city: d.city,
        citizenship: d.citizenship,
        ...d.person,
        work: d.work,
        income: d.income,
        otherLoans: d.otherLoans,
      })),
      identification: details.identification,
    },
  }
}
