export * from './state.ts'
export * from './steps.ts'
