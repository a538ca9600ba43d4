import type { ApiClient } from './client.ts'

// spec §4 "User status": the states, the actions and the two async flows.

export type UserStatus = 'LOADING' | 'LOGGED_IN' | 'LOGGED_OUT' | 'ERROR'

export type UserState<P> = { status: UserStatus; userProfile: P | null; error: unknown }

export type UserAction<P> =
  | { type: 'setUser'; userProfile: P }
  | { type: 'setStatus'; status: UserStatus; error?: unknown }
  | { type: 'logout' }

export const initialUserState: UserState<never> = { status: 'LOADING', userProfile: null, error: null }

export function userReducer<P>(state: UserState<P>, action: UserAction<P>): UserState<P> {
  switch (action.type) {
    case 'setUser':
      return { ...state, userProfile: action.userProfile }
    case 'setStatus':
      return {
        ...state,
        status: action.status,
        error: action.status === 'ERROR' ? (action.error ?? null) : null,
      }
    case 'logout':
      return { ...state, userProfile: null }
  }
}

export type Dispatch<P> = (action: UserAction<P>) => void
export type Navigate = (to: string, options: { replace: true }) => void

/** Loading the user: set loading, store the user, set logged in; failure sets error. */
export async function loadUser<P>(
  dispatch: Dispatch<P>,
  client: Pick<ApiClient, 'get'>,
  profilePath = '/api/v2/user/profile',
): Promise<void> {
  dispatch({ type: 'setStatus', status: 'LOADING' })
  try {
    // undefined means the client already handled a 401/403 (spec §8): nobody is logged in.
    const answer = await client.get<{ userProfile?: P | null }>(profilePath)
    if (answer?.userProfile) {
      dispatch({ type: 'setUser', userProfile: answer.userProfile })
      dispatch({ type: 'setStatus', status: 'LOGGED_IN' })
    } else {
      dispatch({ type: 'setStatus', status: 'LOGGED_OUT' })
    }
  } catch (error) {
    dispatch({ type: 'setStatus', status: 'ERROR', error })
  }
}

/** Logout: set loading, clear the user, call logout, set logged out, go to the landing replacing history. */
export async function logoutUser<P>(
  dispatch: Dispatch<P>,
  client: Pick<ApiClient, 'postJson'>,
  navigate: Navigate,
  landingPath = '/',
): Promise<void> {
  dispatch({ type: 'setStatus', status: 'LOADING' })
  try {
    dispatch({ type: 'logout' })
    await client.postJson('/api/v2/user/logout')
    dispatch({ type: 'setStatus', status: 'LOGGED_OUT' })
    navigate(landingPath, { replace: true })
  } catch (error) {
    dispatch({ type: 'setStatus', status: 'ERROR', error })
  }
}

/** spec §4: a 403 on a protected call or a failed refresh clears the user, logs out and shows the forbidden page. */
export function forbiddenHandler<P>(
  dispatch: Dispatch<P>,
  navigate: Navigate,
  forbiddenPath = '/forbidden/',
) {
  return () => {
    dispatch({ type: 'logout' })
    dispatch({ type: 'setStatus', status: 'LOGGED_OUT' })
    navigate(forbiddenPath, { replace: true })
  }
}
