export * from './sandbox-lender.ts'
