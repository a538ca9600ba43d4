import { describe, expect, it } from 'vitest'
import {
  forbiddenHandler,
  initialUserState,
  loadUser,
  logoutUser,
  type UserAction,
  type UserState,
  userReducer,
} from './user-state.ts'

type Profile = { email: string }

/** Runs the reducer over the dispatched actions and records each state, as a store would. */
function store(start: UserState<Profile> = initialUserState) {
  let state = start
  const history: UserState<Profile>[] = []
  const dispatch = (action: UserAction<Profile>) => {
    state = userReducer(state, action)
    history.push(state)
  }
  return {
    dispatch,
    history,
    get state() {
      return state
    },
  }
}

describe('user state (spec §4)', () => {
  it('starts LOADING with no user', () => {
    expect(initialUserState).toEqual({ status: 'LOADING', userProfile: null, error: null })
  })

  it('sets the user, the status, and clears the profile on logout', () => {
    let state: UserState<Profile> = userReducer(initialUserState, {
      type: 'setUser',
      userProfile: { email: 'a@b.fi' },
    })
    expect(state.userProfile).toEqual({ email: 'a@b.fi' })
    state = userReducer(state, { type: 'setStatus', status: 'LOGGED_IN' })
    expect(state.status).toBe('LOGGED_IN')
    state = userReducer(state, { type: 'logout' })
    expect(state).toEqual({ status: 'LOGGED_IN', userProfile: null, error: null })
    const failed = userReducer(state, { type: 'setStatus', status: 'ERROR', error: new Error('x') })
    expect(failed.error).toBeInstanceOf(Error)
  })

  it('loading the user: loading, store the user, logged in', async () => {
    const s = store({ status: 'LOGGED_OUT', userProfile: null, error: null })
    await loadUser(s.dispatch, { get: async () => ({ userProfile: { email: 'a@b.fi' } }) as never })
    expect(s.history.map((state) => state.status)).toEqual(['LOADING', 'LOADING', 'LOGGED_IN'])
    expect(s.state.userProfile).toEqual({ email: 'a@b.fi' })
  })

  it('loading the user: nothing back means logged out, a failure means error', async () => {
    const out = store()
    await loadUser(out.dispatch, { get: async () => undefined })
    expect(out.state.status).toBe('LOGGED_OUT')
    const broken = store()
    await loadUser(broken.dispatch, {
      get: async () => {
        throw new Error('network')
      },
    })
    expect(broken.state).toMatchObject({ status: 'ERROR', error: new Error('network') })
  })

  it('logout: loading, clear the user, call logout, logged out, landing replacing history', async () => {
    const s = store({ status: 'LOGGED_IN', userProfile: { email: 'a@b.fi' }, error: null })
    const calls: string[] = []
    const navigations: Array<[string, { replace: true }]> = []
    await logoutUser(
      s.dispatch,
      { postJson: async (path: string) => void calls.push(path) } as never,
      (to, options) => navigations.push([to, options]),
      '/en/',
    )
    expect(s.history.map((state) => [state.status, state.userProfile])).toEqual([
      ['LOADING', { email: 'a@b.fi' }],
      ['LOADING', null],
      ['LOGGED_OUT', null],
    ])
    expect(calls).toEqual(['/api/v2/user/logout'])
    expect(navigations).toEqual([['/en/', { replace: true }]])
  })

  it('logout failure sets error and stays on the page', async () => {
    const s = store({ status: 'LOGGED_IN', userProfile: { email: 'a@b.fi' }, error: null })
    const navigations: string[] = []
    await logoutUser(
      s.dispatch,
      {
        postJson: async () => {
          throw new Error('offline')
        },
      } as never,
      (to) => navigations.push(to),
    )
    expect(s.state.status).toBe('ERROR')
    expect(navigations).toEqual([])
  })

  it('forbidden: clears the user, logs out, goes to the forbidden page', () => {
    const s = store({ status: 'LOGGED_IN', userProfile: { email: 'a@b.fi' }, error: null })
    const navigations: Array<[string, { replace: true }]> = []
    forbiddenHandler(s.dispatch, (to, options) => navigations.push([to, options]), '/sv/forbidden/')()
    expect(s.state).toEqual({ status: 'LOGGED_OUT', userProfile: null, error: null })
    expect(navigations).toEqual([['/sv/forbidden/', { replace: true }]])
  })
})
