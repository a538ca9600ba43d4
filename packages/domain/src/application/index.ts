export * from './enums.ts'
export * from './phone.ts'
export * from './prefill.ts'
export * from './schemas.ts'
