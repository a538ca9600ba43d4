export * from './constants.ts'
export * from './credit-caps.ts'
export * from './loan-math.ts'
export * from './representative-example.ts'
