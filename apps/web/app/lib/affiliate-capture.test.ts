// @vitest-environment happy-dom
import { AFFILIATE_STORAGE_KEY } from '@lainava/domain/affiliate'
import { beforeEach, describe, expect, it } from 'vitest'
import { applicationTracking, captureLanding } from './affiliate-capture.ts'

// Issue 18 item 6: the click is kept for the visit without consent, for 30 days with marketing consent.

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

function land(path: string) {
  window.history.replaceState(null, '', path)
}

describe('affiliate capture on page load', () => {
  it('without marketing consent keeps the click for this visit only, and the application names it', () => {
    land('/?utm_source=adtraction&at_gd=AT-1')
    captureLanding(false)
    expect(localStorage.getItem(AFFILIATE_STORAGE_KEY)).toBeNull()
    land('/kulutusluotto/')
    captureLanding(false)
    const tracking = JSON.parse(applicationTracking())
    expect(tracking.trafficSource).toBe('affiliate:adtraction')
    expect(tracking.affiliate).toMatchObject({ affiliate: 'adtraction', trackingId: 'AT-1' })
  })

  it('with marketing consent keeps it in local storage for the next visits', () => {
    land('/?gclid=G-1')
    captureLanding(true)
    expect(JSON.parse(localStorage.getItem(AFFILIATE_STORAGE_KEY) ?? '{}').trackingId).toBe('G-1')
    sessionStorage.clear()
    land('/')
    captureLanding(true)
    expect(JSON.parse(applicationTracking()).trafficSource).toBe('affiliate:google')
  })

  it('withdrawn consent removes the 30-day record', () => {
    land('/?gclid=G-2')
    captureLanding(true)
    captureLanding(false)
    expect(localStorage.getItem(AFFILIATE_STORAGE_KEY)).toBeNull()
  })

  it('without a click, the application carries the session’s referrer category', () => {
    land('/')
    captureLanding(false)
    expect(JSON.parse(applicationTracking())).toEqual({ trafficSource: 'direct', affiliate: null })
  })
})
