/** The kinds of application, one per product a person or a company applies for. */
export const APPLICATION_KINDS = [
  'consumer-loan',
  'credit-card',
  'business-loan',
  'factoring',
  'mortgage',
] as const
export type ApplicationKind = (typeof APPLICATION_KINDS)[number]

// spec §3 "Form enumerations": values exactly as spelt there; labels come from
// the catalogues (enum.<group>.<slug>).
export const MARITAL_STATUSES = ['married', 'live together', 'divorced', 'single', 'widow'] as const
export const EDUCATIONS = ['elementary', 'trade school', 'high school', 'undergraduate', 'graduate'] as const
export const EMPLOYMENT_TYPES = [
  'unemployed',
  'student',
  'temporary',
  'part-time',
  'permanent',
  'entrepreneur',
  'retired',
  'farmer',
] as const
export const JOB_POSITIONS = [
  'senior manager',
  'upper white-collar worker',
  'lower white-collar worker',
  'employee',
  'leader/director',
] as const
export const HOUSING_TYPES = [
  'self owned',
  'renting',
  'company paid',
  'parents home',
  'part ownership house',
  'other',
  'owned by partner',
] as const
export const HOME_TYPES = ['detached house', 'town house', 'apartment', 'other'] as const
export const CONSUMER_LOAN_PURPOSES = [
  'renovation',
  'furniture/electronics',
  'car/boat/motorcycle',
  'living costs',
  'healthcare',
  'study',
  'hobbies/pet',
  'holiday',
  'wedding',
  'repay existing loans',
  'taxes',
  'investments',
  'land/property',
  'company',
  'other',
] as const
export const CARD_TYPES = ['visa', 'mastercard', 'diners', 'amex', 'other'] as const
export const DEBT_TYPES = [
  'credit card debt',
  'unsecured loan',
  'vehicle loan',
  'student loan',
  'mortgage',
] as const
export const SME_LOAN_PURPOSES = [
  'Buying equipment',
  'Remodeling/Expansion',
  'Refinancing debt',
  'Hiring employees',
  'Working capital',
  'Purchasing inventory',
  'Marketing',
  'Other',
] as const

export type MaritalStatus = (typeof MARITAL_STATUSES)[number]
export type Education = (typeof EDUCATIONS)[number]
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number]
export type JobPosition = (typeof JOB_POSITIONS)[number]
export type HousingType = (typeof HOUSING_TYPES)[number]
export type HomeType = (typeof HOME_TYPES)[number]
export type ConsumerLoanPurpose = (typeof CONSUMER_LOAN_PURPOSES)[number]
export type CardType = (typeof CARD_TYPES)[number]
export type DebtType = (typeof DEBT_TYPES)[number]
export type SmeLoanPurpose = (typeof SME_LOAN_PURPOSES)[number]

/** Employment types that have an employer, a position and a start date. */
export const EMPLOYED_TYPES: readonly EmploymentType[] = ['permanent', 'temporary', 'part-time']
