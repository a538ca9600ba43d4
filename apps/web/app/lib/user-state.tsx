import {
  type ApiClient,
  createApiClient,
  forbiddenHandler,
  initialUserState,
  loadUser,
  logoutUser,
  type UserState,
  userReducer,
} from '@lainava/api-client'
import { pathFor } from '@lainava/routing'
import { createContext, type ReactNode, useContext, useEffect, useMemo, useReducer } from 'react'
import type { RootData } from './root-data.ts'
import { useNavigate, useRevalidator } from './router.tsx'

export type UserSummary = { email: string; role: string }

type UserContextValue = { state: UserState<UserSummary>; client: ApiClient; logout(): Promise<void> }

const UserContext = createContext<UserContextValue | null>(null)

const LOGIN_HINT = /(?:^|;\s*)lv_auth=1(?:;|$)/

/**
 * spec §4 user state for the page: it starts from what the server saw, loads
 * the profile when a refreshable login may exist, and owns the API client
 * whose 403/failed-refresh rule logs out and goes to the forbidden page.
 */
export function UserProvider({ root, children }: { root: RootData; children: ReactNode }) {
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [state, dispatch] = useReducer(
    userReducer<UserSummary>,
    root.user ? { ...initialUserState, status: 'LOGGED_IN', userProfile: root.user } : initialUserState,
  )
  const client = useMemo(
    () =>
      createApiClient({
        onForbidden: forbiddenHandler(
          dispatch,
          (to, options) => navigate(to, options),
          pathFor('forbidden', root.lang),
        ),
        onProfile: (profile) => {
          const user = (profile as { userProfile?: UserSummary } | undefined)?.userProfile
          if (user) dispatch({ type: 'setUser', userProfile: user })
        },
      }),
    [navigate, root.lang],
  )

  // The server's view changes after a login or logout form: follow it.
  useEffect(() => {
    if (root.user) {
      dispatch({ type: 'setUser', userProfile: root.user })
      dispatch({ type: 'setStatus', status: 'LOGGED_IN' })
    } else if (LOGIN_HINT.test(document.cookie)) {
      // The access session may have lapsed while the refresh token lives: the client refreshes.
      void loadUser(dispatch, client)
    } else {
      dispatch({ type: 'setStatus', status: 'LOGGED_OUT' })
    }
  }, [root.user, client])

  const value = useMemo<UserContextValue>(
    () => ({
      state,
      client,
      logout: () => {
        // A shared computer: the form copies kept in this tab leave with the user.
        for (const key of Object.keys(sessionStorage))
          if (key.startsWith('lainava:')) sessionStorage.removeItem(key)
        return logoutUser(
          dispatch,
          client,
          (to, options) => {
            navigate(to, options)
            void revalidator.revalidate()
          },
          pathFor('landing', root.lang),
        )
      },
    }),
    [state, client, navigate, revalidator, root.lang],
  )
  return <UserContext.Provider value={value}>{children}</UserContext.Provider>
}

export function useUser(): UserContextValue {
  const value = useContext(UserContext)
  if (!value) throw new Error('useUser must be used inside UserProvider')
  return value
}
