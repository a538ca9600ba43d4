import { describe, expect, it } from 'vitest'
import type { ApiClient } from './client.ts'
import {
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

type Profile = { email: string }

const ann: Profile = { email: 'ann@example.fi' }
const loggedIn: UserState<Profile> = { status: 'LOGGED_IN', userProfile: ann, error: null }

/** Runs the reducer over every dispatched action, recording each state as a store would. */
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

/** The client is a dependency here: a fake that records calls and answers with `answer`. */
function fakeClient(answer: () => Promise<unknown>) {
  const calls: string[] = []
  const client: Pick<ApiClient, 'get' | 'postJson'> = {
    get: async <T>(path: string) => {
      calls.push(`GET ${path}`)
      return (await answer()) as T | undefined
    },
    postJson: async <T>(path: string) => {
      calls.push(`POST ${path}`)
      return (await answer()) as T | undefined
    },
  }
  return { client, calls }
}

function recorder() {
  const navigations: Array<[string, { replace: true }]> = []
  const navigate: Navigate = (to, options) => {
    navigations.push([to, options])
  }
  return { navigate, navigations }
}

describe('userReducer (spec §4)', () => {
  it('starts LOADING with no user and no error', () => {
    expect(initialUserState).toEqual({ status: 'LOADING', userProfile: null, error: null })
  })

  it('setUser stores the profile and keeps the status', () => {
    expect(userReducer<Profile>(initialUserState, { type: 'setUser', userProfile: ann })).toEqual({
      status: 'LOADING',
      userProfile: ann,
      error: null,
    })
  })

  it.each<UserStatus>(['LOADING', 'LOGGED_IN', 'LOGGED_OUT'])('setStatus %s keeps the profile', (status) => {
    expect(userReducer(loggedIn, { type: 'setStatus', status })).toEqual({ ...loggedIn, status })
  })

  it('setStatus ERROR stores the error; a later status clears it', () => {
    const failure = new Error('boom')
    const failed = userReducer(loggedIn, { type: 'setStatus', status: 'ERROR', error: failure })
    expect(failed).toEqual({ status: 'ERROR', userProfile: ann, error: failure })
    expect(userReducer(failed, { type: 'setStatus', status: 'LOADING' }).error).toBeNull()
    expect(userReducer(loggedIn, { type: 'setStatus', status: 'ERROR' }).error).toBeNull()
  })

  it('logout clears the profile only', () => {
    expect(userReducer(loggedIn, { type: 'logout' })).toEqual({ ...loggedIn, userProfile: null })
  })

  it('does not modify the state it is given', () => {
    const before = structuredClone(loggedIn)
    userReducer(loggedIn, { type: 'logout' })
    userReducer(loggedIn, { type: 'setStatus', status: 'ERROR', error: 'x' })
    expect(loggedIn).toEqual(before)
  })
})

describe('loadUser (spec §4 "Loading the user")', () => {
  it('sets loading, stores the user, sets logged in', async () => {
    const s = store({ status: 'LOGGED_OUT', userProfile: null, error: null })
    const { client, calls } = fakeClient(async () => ({ userProfile: ann }))
    await loadUser(s.dispatch, client)
    expect(calls).toEqual(['GET /api/v2/user/profile'])
    expect(s.history).toEqual([
      { status: 'LOADING', userProfile: null, error: null },
      { status: 'LOADING', userProfile: ann, error: null },
      { status: 'LOGGED_IN', userProfile: ann, error: null },
    ])
  })

  it('uses another profile path when given one', async () => {
    const { client, calls } = fakeClient(async () => ({ userProfile: ann }))
    await loadUser(store().dispatch, client, '/api/v9/me')
    expect(calls).toEqual(['GET /api/v9/me'])
  })

  it('nothing back (the client handled a 401 or 403) means logged out', async () => {
    const s = store()
    await loadUser(s.dispatch, fakeClient(async () => undefined).client)
    expect(s.history.map((state) => state.status)).toEqual(['LOADING', 'LOGGED_OUT'])
    expect(s.state.userProfile).toBeNull()
  })

  it('a thrown error sets ERROR with the error', async () => {
    const s = store(loggedIn)
    const failure = new Error('network')
    await loadUser(
      s.dispatch,
      fakeClient(async () => {
        throw failure
      }).client,
    )
    expect(s.history.map((state) => state.status)).toEqual(['LOADING', 'ERROR'])
    expect(s.state.error).toBe(failure)
  })
})

describe('logoutUser (spec §4 "Logout")', () => {
  it('loading, clear the user, call logout, logged out, landing replacing history', async () => {
    const s = store(loggedIn)
    const { client, calls } = fakeClient(async () => undefined)
    const { navigate, navigations } = recorder()
    await logoutUser(s.dispatch, client, navigate, '/en/')
    expect(s.history).toEqual([
      { status: 'LOADING', userProfile: ann, error: null },
      { status: 'LOADING', userProfile: null, error: null },
      { status: 'LOGGED_OUT', userProfile: null, error: null },
    ])
    expect(calls).toEqual(['POST /api/v2/user/logout'])
    expect(navigations).toEqual([['/en/', { replace: true }]])
  })

  it('goes to / by default', async () => {
    const { navigate, navigations } = recorder()
    await logoutUser(store(loggedIn).dispatch, fakeClient(async () => undefined).client, navigate)
    expect(navigations).toEqual([['/', { replace: true }]])
  })

  it('a failing logout call sets ERROR and stays on the page', async () => {
    const s = store(loggedIn)
    const failure = new Error('offline')
    const { navigate, navigations } = recorder()
    await logoutUser(
      s.dispatch,
      fakeClient(async () => {
        throw failure
      }).client,
      navigate,
    )
    expect(s.history.map((state) => state.status)).toEqual(['LOADING', 'LOADING', 'ERROR'])
    expect(s.state.error).toBe(failure)
    expect(navigations).toEqual([])
  })
})

describe('forbiddenHandler (spec §4: 403 on a protected call or a failed refresh)', () => {
  it('clears the user, sets logged out and goes to the forbidden page replacing history', () => {
    const s = store(loggedIn)
    const { navigate, navigations } = recorder()
    forbiddenHandler(s.dispatch, navigate, '/sv/forbidden/')()
    expect(s.history).toEqual([
      { status: 'LOGGED_IN', userProfile: null, error: null },
      { status: 'LOGGED_OUT', userProfile: null, error: null },
    ])
    expect(navigations).toEqual([['/sv/forbidden/', { replace: true }]])
  })

  it('goes to /forbidden/ by default', () => {
    const { navigate, navigations } = recorder()
    forbiddenHandler(store(loggedIn).dispatch, navigate)()
    expect(navigations).toEqual([['/forbidden/', { replace: true }]])
  })
})
