export { ApiError, apiErrorFrom, readBody } from './api-error.ts'
export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  encodeQuery,
  isProtectedPath,
  type Query,
} from './client.ts'
export type * from './offers.ts'
export {
  type Dispatch,
  forbiddenHandler,
  initialUserState,
  loadUser,
  logoutUser,
  type Navigate,
  type UserAction,
  type UserState,
  type UserStatus,
  userReducer,
} from './user-state.ts'
