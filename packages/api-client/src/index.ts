export { ApiError, apiErrorFrom, readBody } from './api-error.ts'
