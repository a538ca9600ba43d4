import { describe, expect, it } from 'vitest'
import { consentAction } from './consent-action.server.ts'

// Issue 18: the cookie banner's form without JavaScript.

const DEVICE = 'lainava_device_id=AAAAAAAAAAAAAAAAAAAAAA'

function post(fields: Record<string, string>, cookie = DEVICE): Request {
  return new Request('http://localhost/', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  })
}

async function answer(request: Request, secure = false): Promise<Response> {
  try {
    return await consentAction(request, { secure })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

describe('the cookie banner without JavaScript', () => {
  it('"necessary only" stores the refusal, makes the deviceId a session cookie and returns to the page', async () => {
    const response = await answer(
      post({ intent: 'cookie-consent', choice: 'necessary', returnTo: '/evastekaytanto/?cookie-settings' }),
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/evastekaytanto/')
    const cookies = response.headers.getSetCookie()
    expect(cookies[0]).toMatch(/^lainava_marketing=false; Path=\/; Max-Age=\d+; SameSite=Lax$/)
    expect(cookies[1]).toBe('lainava_device_id=AAAAAAAAAAAAAAAAAAAAAA; Path=/; SameSite=Lax')
  })

  it('"allow all" and a saved checkbox grant; an unchecked save refuses; Secure on https', async () => {
    const all = await answer(post({ intent: 'cookie-consent', choice: 'all', returnTo: '/sv/' }), true)
    expect(all.headers.get('location')).toBe('/sv/')
    expect(all.headers.getSetCookie()[0]).toMatch(/^lainava_marketing=true;.*; Secure$/)
    expect(all.headers.getSetCookie()[1]).toMatch(/^lainava_device_id=A{22}; Path=\/; Max-Age=\d+;/)
    const saved = await answer(post({ intent: 'cookie-consent', choice: 'save', marketing: 'true' }))
    expect(saved.headers.getSetCookie()[0]).toMatch(/^lainava_marketing=true;/)
    const unchecked = await answer(post({ intent: 'cookie-consent', choice: 'save' }, ''))
    expect(unchecked.headers.getSetCookie()).toEqual([expect.stringMatching(/^lainava_marketing=false;/)])
  })

  it('goes back only to a path on this site', async () => {
    const away = await answer(post({ intent: 'cookie-consent', choice: 'all', returnTo: '//evil.example/' }))
    expect(away.headers.get('location')).toBe('/')
    const kept = await answer(
      post({
        intent: 'cookie-consent',
        choice: 'all',
        returnTo: '/ota-yhteytta/?topic=business&cookie-settings',
      }),
    )
    expect(kept.headers.get('location')).toBe('/ota-yhteytta/?topic=business')
  })

  it('anything else posted to the root is a 405 and sets nothing', async () => {
    const posted: Array<Record<string, string>> = [
      { intent: 'other', choice: 'all' },
      { intent: 'cookie-consent', choice: 'maybe' },
      {},
    ]
    for (const fields of posted) {
      const response = await answer(post(fields))
      expect(response.status).toBe(405)
      expect(response.headers.getSetCookie()).toEqual([])
    }
  })
})
