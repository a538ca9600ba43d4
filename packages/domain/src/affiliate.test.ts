import { describe, expect, it } from 'vitest'
import {
  AFFILIATE_LIFETIME_MS,
  AFFILIATE_SOURCES,
  AFFILIATE_STORAGE_KEY,
  AFFILIATE_URL_PARAMS,
  type AffiliateStorage,
  captureAffiliate,
  isTrafficSource,
  parseAffiliateUrl,
  readAffiliate,
  referrerSource,
  trafficSourceOf,
} from './affiliate.ts'

const now = new Date('2026-11-24T10:00:00Z')
const site = 'https://lainava.fi'

function memoryStorage(): AffiliateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value)
    },
    removeItem: (key) => {
      data.delete(key)
    },
  }
}

describe('parseAffiliateUrl: every source of spec §9', () => {
  const cases: Array<[string, string, string | null]> = [
    ['/?gclid=Cj0KCQ', 'google', 'Cj0KCQ'],
    ['/?utm_source=google&gbraid=0AAAA', 'google', '0AAAA'],
    ['/?wbraid=W1', 'google', 'W1'],
    ['/?msclkid=ms-123', 'bing', 'ms-123'],
    ['/?utm_source=bing&msclkid=ms-9', 'bing', 'ms-9'],
    ['/?utm_source=Facebook&fbclid=IwAR2', 'facebook', 'IwAR2'],
    ['/?utm_source=facebook%26ig&fbclid=IwAR3', 'facebook&ig', 'IwAR3'],
    ['/?at_gd=ABC123', 'adtraction', 'ABC123'],
    ['/?utm_source=adtraction&at_gd=XYZ', 'adtraction', 'XYZ'],
    ['/?utm_source=financer&clickid=f-1', 'financer', 'f-1'],
    ['/?utm_source=responsefinance&click_id=r-1', 'responsefinance', 'r-1'],
    ['/?utm_source=performission&clickid=p-1', 'performission', 'p-1'],
    ['/?utm_source=bonusway&clickid=b-1', 'bonusway', 'b-1'],
    ['/?utm_source=adservice&click_id=a-1', 'adservice', 'a-1'],
    ['/?utm_source=smartresponse&clickid=s-1', 'smartresponse', 's-1'],
    ['/?utm_source=financer', 'financer', null],
    ['/?oid=777&clickid=c-7', 'oid', 'c-7'],
    ['/?oid=778', 'oid', '778'],
  ]
  for (const [path, network, trackingId] of cases) {
    it(`${path} is ${network}`, () => {
      const record = parseAffiliateUrl(`${site}${path}`, now)
      expect(record?.affiliate).toBe(network)
      expect(record?.trackingId).toBe(trackingId)
      expect(record?.encounteredAt).toBe(now.toISOString())
      expect(Date.parse(record?.expiryDate ?? '')).toBe(now.getTime() + AFFILIATE_LIFETIME_MS)
    })
  }

  it('keeps the campaign and the landing path, never the rest of the query', () => {
    const record = parseAffiliateUrl(
      `${site}/kulutusluotto/?utm_source=adtraction&at_gd=X&utm_campaign=talvi&utm_medium=cpc&email=a@b.fi`,
      now,
    )
    expect(record?.meta).toEqual({
      campaign: 'talvi',
      medium: 'cpc',
      content: null,
      landingPath: '/kulutusluotto/',
    })
    expect(JSON.stringify(record)).not.toContain('a@b.fi')
  })

  it('never invents a source: unknown utm_source, generic click ids alone and plain URLs give null', () => {
    expect(parseAffiliateUrl(`${site}/?utm_source=newsletter`, now)).toBeNull()
    expect(parseAffiliateUrl(`${site}/?clickid=abc`, now)).toBeNull()
    // Meta adds fbclid to organic links too: alone it names no paid click.
    expect(parseAffiliateUrl(`${site}/?fbclid=IwAR1`, now)).toBeNull()
    expect(parseAffiliateUrl(`${site}/?utm_source=newsletter&fbclid=IwAR1`, now)).toBeNull()
    expect(parseAffiliateUrl(`${site}/`, now)).toBeNull()
    expect(parseAffiliateUrl('not a url', now)).toBeNull()
  })

  it('cuts huge values', () => {
    const record = parseAffiliateUrl(`${site}/?gclid=${'x'.repeat(5000)}`, now)
    expect(record?.trackingId).toHaveLength(200)
  })
})

describe('the parameters the table reads', () => {
  it('are all a landing needs: a URL cut to AFFILIATE_URL_PARAMS gives each source the same click', () => {
    const cut = (url: string) => {
      const parsed = new URL(url)
      const kept = new URLSearchParams()
      for (const name of AFFILIATE_URL_PARAMS) {
        const value = parsed.searchParams.get(name)
        if (value !== null) kept.set(name, value)
      }
      return `${parsed.origin}${parsed.pathname}?${kept}`
    }
    const urls = AFFILIATE_SOURCES.flatMap((source) =>
      source.clickIds.map(
        (id) => `${site}/a/?token=t&utm_source=${encodeURIComponent(source.network)}&${id}=C&utm_campaign=k`,
      ),
    )
    urls.push(`${site}/?oid=O-1&id=x`, `${site}/?oid=O-1&click_id=C-2&utm_medium=m&utm_content=c`)
    for (const url of urls) {
      expect(parseAffiliateUrl(url, now)).not.toBeNull()
      expect(parseAffiliateUrl(cut(url), now)).toEqual(parseAffiliateUrl(url, now))
    }
  })
})

describe('stored record: expiry and replacement', () => {
  it('is kept on a click and read back while current', () => {
    const storage = memoryStorage()
    captureAffiliate(storage, `${site}/?at_gd=first`, now)
    const later = new Date(now.getTime() + AFFILIATE_LIFETIME_MS - 1000)
    expect(readAffiliate(storage, later)?.trackingId).toBe('first')
  })

  it('is removed when read after 30 days', () => {
    const storage = memoryStorage()
    captureAffiliate(storage, `${site}/?at_gd=old`, now)
    const after = new Date(now.getTime() + AFFILIATE_LIFETIME_MS + 1)
    expect(readAffiliate(storage, after)).toBeNull()
    expect(storage.data.has(AFFILIATE_STORAGE_KEY)).toBe(false)
  })

  it('is replaced by a newer click, and a landing without a click keeps it', () => {
    const storage = memoryStorage()
    captureAffiliate(storage, `${site}/?at_gd=first`, now)
    const next = new Date(now.getTime() + 60_000)
    const replaced = captureAffiliate(storage, `${site}/?gclid=second`, next)
    expect(replaced?.affiliate).toBe('google')
    const plain = captureAffiliate(storage, `${site}/lainat/`, new Date(next.getTime() + 60_000))
    expect(plain?.trackingId).toBe('second')
    expect(plain?.encounteredAt).toBe(next.toISOString())
  })

  it('a click captured after its landing is dated when it was landed on', () => {
    const storage = memoryStorage()
    const landed = new Date(now.getTime() - 60_000)
    const record = captureAffiliate(storage, `${site}/?at_gd=late`, now, landed)
    expect(record?.encounteredAt).toBe(landed.toISOString())
    expect(record?.expiryDate).toBe(new Date(landed.getTime() + AFFILIATE_LIFETIME_MS).toISOString())
  })

  it('is not replaced by an organic share (a bare fbclid), but is by a tagged Meta ad', () => {
    const storage = memoryStorage()
    captureAffiliate(storage, `${site}/?utm_source=adtraction&at_gd=paid`, now)
    const shared = captureAffiliate(storage, `${site}/?fbclid=IwAR-organic`, new Date(now.getTime() + 60_000))
    expect(shared).toMatchObject({ affiliate: 'adtraction', trackingId: 'paid' })
    const later = new Date(now.getTime() + 120_000)
    const ad = captureAffiliate(storage, `${site}/?utm_source=facebook&fbclid=IwAR-paid`, later)
    expect(ad).toMatchObject({ affiliate: 'facebook', trackingId: 'IwAR-paid' })
    expect(readAffiliate(storage, later)?.affiliate).toBe('facebook')
  })

  it('drops a stored value that is not a record', () => {
    const storage = memoryStorage()
    storage.setItem(AFFILIATE_STORAGE_KEY, '{"affiliate":"madeup","expiryDate":"2099-01-01T00:00:00Z"}')
    expect(readAffiliate(storage, now)).toBeNull()
    expect(storage.data.has(AFFILIATE_STORAGE_KEY)).toBe(false)
    storage.setItem(AFFILIATE_STORAGE_KEY, '{not json')
    expect(readAffiliate(storage, now)).toBeNull()
  })
})

describe('traffic source', () => {
  it('is the affiliate while its click is current, else the referrer category', () => {
    const record = parseAffiliateUrl(`${site}/?at_gd=1`, now)
    expect(trafficSourceOf(record, 'search')).toBe('affiliate:adtraction')
    expect(trafficSourceOf(null, 'search')).toBe('search')
  })

  it('sorts referrers', () => {
    expect(referrerSource('', 'lainava.fi')).toBe('direct')
    expect(referrerSource('https://lainava.fi/lainat/', 'lainava.fi')).toBe('direct')
    expect(referrerSource('https://www.google.fi/', 'lainava.fi')).toBe('search')
    expect(referrerSource('https://duckduckgo.com/', 'lainava.fi')).toBe('search')
    expect(referrerSource('https://l.facebook.com/', 'lainava.fi')).toBe('social')
    expect(referrerSource('https://blog.example.fi/x', 'lainava.fi')).toBe('referral')
  })

  it('accepts only the values this service writes', () => {
    expect(isTrafficSource('affiliate:adtraction')).toBe(true)
    expect(isTrafficSource('affiliate:facebook&ig')).toBe(true)
    expect(isTrafficSource('direct')).toBe(true)
    expect(isTrafficSource('affiliate:madeup')).toBe(false)
    expect(isTrafficSource('aino@example.fi')).toBe(false)
  })
})
