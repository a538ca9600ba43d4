export * from './languages.ts'
export * from './path-for.ts'
export * from './screens.ts'
