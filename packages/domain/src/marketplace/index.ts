export * from './application-match.ts'
export * from './criteria.ts'
export * from './offer-terms.ts'
export * from './sandbox-lender.ts'
