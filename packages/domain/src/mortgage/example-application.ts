import type { MortgageStepInput } from './schemas.ts'
import type { MortgageDataStep } from './steps.ts'

// A complete, sound answer to every mortgage step (a first home with a co-applicant), for tests
// here and in the API and the web. Fictional people; the identity codes are valid but made up.

export const HETU_CHECK_CHARS = '0123456789ABCDEFHJKLMNPRSTUVWXY'
/** A valid henkilötunnus for a birth date `ddmmyy` in the 1900s ('-'). */
export const exampleHetu = (ddmmyy: string, individual: string) =>
  `${ddmmyy}-${individual}${HETU_CHECK_CHARS[Number(ddmmyy + individual) % 31]}`

export const exampleMortgageSteps: { [S in MortgageDataStep]: MortgageStepInput<S> } = {
  calculator: { price: 250_000, ownFunds: 50_000, years: 25, repaymentType: 'annuity' },
  'mortgage-application': {
    purpose: 'first-home',
    hasCoApplicant: true,
    consents: { terms: true, privacy: true, creditCheck: true },
  },
  'personal-information': {
    firstName: 'Aino',
    lastName: 'Virtanen',
    hetu: exampleHetu('131052', '308'),
    email: 'Aino.Virtanen@example.fi',
    phone: '040 123 4567',
    streetAddress: 'Mannerheimintie 1 A 2',
    postalCode: '00100',
    city: 'Helsinki',
    citizenship: 'fi',
  },
  'property-information': {
    propertyType: 'apartment',
    streetAddress: 'Hämeentie 10 B 5',
    postalCode: '00530',
    city: 'Helsinki',
    price: 250_000,
    livingArea: 54.5,
    buildYear: 1962,
    housingCompanyLoanShare: 0,
    maintenanceCharge: 250,
  },
  'loan-requirement': {
    loanAmount: 200_000,
    years: 25,
    repaymentType: 'annuity',
    referenceRate: 'euribor-12',
  },
  'funding-proposal': {
    ownFunds: 50_000,
    ownFundsSources: ['savings'],
    aspSaving: false,
    otherCollateral: false,
    stateGuarantee: false,
  },
  'details-of-lead-applicant': { maritalStatus: 'cohabiting', currentHousing: 'rental', education: 'master' },
  'household-information': { adults: 2, children: 1, childMaintenanceCosts: 0, otherHousingCosts: 80 },
  'work-details': {
    employmentType: 'permanent',
    employer: 'Esimerkki Oy',
    occupation: 'Sairaanhoitaja',
    employedSince: '2019-08',
  },
  'income-and-wealth': {
    monthlyGrossIncome: 4_200,
    monthlyNetIncome: 3_000,
    otherMonthlyIncome: 0,
    savings: 20_000,
    investments: 5_000,
  },
  'other-loans': { loans: [{ type: 'student-loan', lender: 'Pankki', balance: 8_000, monthlyPayment: 120 }] },
  'co-applicant-personal-information': {
    firstName: 'Mikko',
    lastName: 'Korhonen',
    hetu: exampleHetu('020385', '123'),
    email: 'mikko@example.fi',
    phone: '+358501234567',
    streetAddress: 'Mannerheimintie 1 A 2',
    postalCode: '00100',
    city: 'Helsinki',
    citizenship: 'SE',
  },
  'co-applicant-details': { maritalStatus: 'cohabiting', currentHousing: 'rental', education: 'vocational' },
  'co-applicant-work-details': { employmentType: 'student', occupation: 'Opiskelija' },
  'co-applicant-income-and-wealth': {
    monthlyGrossIncome: 900,
    monthlyNetIncome: 800,
    otherMonthlyIncome: 250,
    savings: 0,
    investments: 0,
  },
  'co-applicant-other-loans': { loans: [] },
}
