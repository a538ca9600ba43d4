// Issue 18 item 6: affiliate tracking. The sources of spec §9 in one table, and pure functions to read a
// landing URL into a record, keep it for 30 days and replace it with a newer click. No dependencies but
// the parameters' names: the browser's capture on page load imports this file, so it stays tiny (ADR 037).

import { AFFILIATE_URL_PARAMS, AFFILIATE_VALUE_MAX, type AffiliateUrlParam } from './affiliate-params.ts'

export { AFFILIATE_URL_PARAMS, AFFILIATE_VALUE_MAX, type AffiliateUrlParam }

/** Spec §9: an affiliate click is remembered for 30 days. */
export const AFFILIATE_LIFETIME_DAYS = 30
export const AFFILIATE_LIFETIME_MS = AFFILIATE_LIFETIME_DAYS * 24 * 60 * 60 * 1000

/** Where the record is kept in the browser's local storage. */
export const AFFILIATE_STORAGE_KEY = 'lainava.affiliate'

export type AffiliateSource = {
  /** The network's name as stored (`traffic_source` = `affiliate:<network>`). */
  network: string
  /** `utm_source` values (lower case) that name this network. */
  utmSources: readonly string[]
  /** Click-id parameters, first found wins; a parameter alone also recognises the network when `recognisedBy` says so. */
  clickIds: readonly AffiliateUrlParam[]
  /** `click-id`: a click-id parameter alone recognises it; `utm`: only its utm_source does (its id is generic). */
  recognisedBy: 'click-id' | 'utm'
}

/**
 * The sources of spec §9 and the network identified by an `oid` parameter.
 *
 * Click-id parameters, as each network documents them:
 * - google: `gclid` (Google Ads auto-tagging), `gbraid`/`wbraid` (its iOS app/web variants).
 * - facebook, facebook&ig: `fbclid`, read as the click id when `utm_source` names the network
 *   (`facebook`, or `facebook&ig`, encoded `facebook%26ig`, for the Facebook-and-Instagram placement). A bare
 *   `fbclid` is no affiliate click (decided 2026-11-24, ADR 037): Meta adds it to every outbound link, organic
 *   shares included, so alone it would replace a paid click of the last 30 days with an unpaid visit. Such a
 *   visit counts by its referrer (`social`); paid Meta campaigns tag their URLs with `utm_source`.
 * - bing: `msclkid` (Microsoft Advertising auto-tagging).
 * - adtraction: `at_gd` (the parameter Adtraction appends to its landing URLs).
 * - financer, responsefinance, performission, bonusway, adservice, smartresponse: we could not confirm a
 *   documented click-id parameter for these networks (their integration guides are not public), so they are
 *   recognised by their `utm_source` only and their id is read from the generic `clickid`/`click_id`.
 *   Searched again on 2026-11-24 (ADR 037): no public source names a parameter for any of them. For
 *   performission the generic name is ours to keep if it runs on Target Circle's platform, as a third-party
 *   integration suggests: Target Circle's advertiser guide ("Installing postback tracking",
 *   help.targetcircle.com/en/articles/1283011) lets the advertiser name the parameter freely and fills it with
 *   `{tmt_data}`, so its offers must be set to append `clickid={tmt_data}`.
 * - oid: a network that sends its offer id as `oid`; the click id again from `clickid`/`click_id`, else the oid.
 */
export const AFFILIATE_SOURCES: readonly AffiliateSource[] = [
  {
    network: 'google',
    utmSources: ['google'],
    clickIds: ['gclid', 'gbraid', 'wbraid'],
    recognisedBy: 'click-id',
  },
  { network: 'bing', utmSources: ['bing'], clickIds: ['msclkid'], recognisedBy: 'click-id' },
  { network: 'facebook&ig', utmSources: ['facebook&ig'], clickIds: ['fbclid'], recognisedBy: 'utm' },
  { network: 'facebook', utmSources: ['facebook'], clickIds: ['fbclid'], recognisedBy: 'utm' },
  { network: 'adtraction', utmSources: ['adtraction'], clickIds: ['at_gd'], recognisedBy: 'click-id' },
  { network: 'financer', utmSources: ['financer'], clickIds: ['clickid', 'click_id'], recognisedBy: 'utm' },
  {
    network: 'responsefinance',
    utmSources: ['responsefinance'],
    clickIds: ['clickid', 'click_id'],
    recognisedBy: 'utm',
  },
  {
    network: 'performission',
    utmSources: ['performission'],
    clickIds: ['clickid', 'click_id'],
    recognisedBy: 'utm',
  },
  { network: 'bonusway', utmSources: ['bonusway'], clickIds: ['clickid', 'click_id'], recognisedBy: 'utm' },
  { network: 'adservice', utmSources: ['adservice'], clickIds: ['clickid', 'click_id'], recognisedBy: 'utm' },
  {
    network: 'smartresponse',
    utmSources: ['smartresponse'],
    clickIds: ['clickid', 'click_id'],
    recognisedBy: 'utm',
  },
]

/** The network identified by its `oid` parameter (spec §9). */
export const OID_NETWORK = 'oid'
const OID_CLICK_IDS: readonly AffiliateUrlParam[] = ['clickid', 'click_id']

/** Every network name a record may carry. */
export const AFFILIATE_NETWORKS: readonly string[] = [...AFFILIATE_SOURCES.map((s) => s.network), OID_NETWORK]

export type AffiliateMeta = {
  campaign: string | null
  medium: string | null
  content: string | null
  /** The path the visitor landed on (no query). */
  landingPath: string
}

export type AffiliateRecord = {
  affiliate: string
  /** ISO time after which the record no longer counts. */
  expiryDate: string
  trackingId: string | null
  /** ISO time of the click. */
  encounteredAt: string
  meta: AffiliateMeta
}

function param(params: URLSearchParams, name: AffiliateUrlParam): string | null {
  const value = params.get(name)?.trim()
  if (!value) return null
  return value.slice(0, AFFILIATE_VALUE_MAX)
}

function firstParam(params: URLSearchParams, names: readonly AffiliateUrlParam[]): string | null {
  for (const name of names) {
    const value = param(params, name)
    if (value) return value
  }
  return null
}

function sourceOf(params: URLSearchParams): { network: string; trackingId: string | null } | null {
  const utm = param(params, 'utm_source')?.toLowerCase() ?? null
  if (utm) {
    const named = AFFILIATE_SOURCES.find((s) => s.utmSources.includes(utm))
    if (named) return { network: named.network, trackingId: firstParam(params, named.clickIds) }
  }
  const oid = param(params, 'oid')
  if (oid) return { network: OID_NETWORK, trackingId: firstParam(params, OID_CLICK_IDS) ?? oid }
  for (const source of AFFILIATE_SOURCES) {
    if (source.recognisedBy !== 'click-id') continue
    const id = firstParam(params, source.clickIds)
    if (id) return { network: source.network, trackingId: id }
  }
  return null
}

/** The affiliate click a landing URL carries, or null when it names no source of the table. */
export function parseAffiliateUrl(url: string | URL, now: Date): AffiliateRecord | null {
  let parsed: URL
  try {
    parsed = typeof url === 'string' ? new URL(url) : url
  } catch {
    return null
  }
  const params = parsed.searchParams
  const source = sourceOf(params)
  if (!source) return null
  return {
    affiliate: source.network,
    trackingId: source.trackingId,
    encounteredAt: now.toISOString(),
    expiryDate: new Date(now.getTime() + AFFILIATE_LIFETIME_MS).toISOString(),
    meta: {
      campaign: param(params, 'utm_campaign'),
      medium: param(params, 'utm_medium'),
      content: param(params, 'utm_content'),
      landingPath: parsed.pathname.slice(0, AFFILIATE_VALUE_MAX),
    },
  }
}

function isString(value: unknown): value is string {
  return typeof value === 'string'
}

function nullableString(value: unknown): value is string | null {
  return value === null || isString(value)
}

/** A stored value read back: a record of the table's shape, or null (anything else is ignored). */
export function asAffiliateRecord(value: unknown): AffiliateRecord | null {
  if (!value || typeof value !== 'object') return null
  const record = value as Record<string, unknown>
  const meta = record.meta as Record<string, unknown> | null | undefined
  if (
    !isString(record.affiliate) ||
    !AFFILIATE_NETWORKS.includes(record.affiliate) ||
    !isString(record.expiryDate) ||
    Number.isNaN(Date.parse(record.expiryDate)) ||
    !isString(record.encounteredAt) ||
    Number.isNaN(Date.parse(record.encounteredAt)) ||
    !nullableString(record.trackingId) ||
    !meta ||
    typeof meta !== 'object' ||
    !nullableString(meta.campaign) ||
    !nullableString(meta.medium) ||
    !nullableString(meta.content) ||
    !isString(meta.landingPath)
  ) {
    return null
  }
  const cut = (text: string | null) => (text === null ? null : text.slice(0, AFFILIATE_VALUE_MAX))
  return {
    affiliate: record.affiliate,
    expiryDate: record.expiryDate,
    encounteredAt: record.encounteredAt,
    trackingId: cut(record.trackingId),
    meta: {
      campaign: cut(meta.campaign),
      medium: cut(meta.medium),
      content: cut(meta.content),
      landingPath: meta.landingPath.slice(0, AFFILIATE_VALUE_MAX),
    },
  }
}

/** Whether the record still counts at `now` (spec §4: it expires after 30 days). */
export function isAffiliateCurrent(record: AffiliateRecord, now: Date): boolean {
  return Date.parse(record.expiryDate) > now.getTime()
}

/** The minimal storage the functions need (the browser's localStorage fits). */
export type AffiliateStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Reads the stored record; an expired or unreadable one is removed and gives null. */
export function readAffiliate(storage: AffiliateStorage, now: Date): AffiliateRecord | null {
  const raw = storage.getItem(AFFILIATE_STORAGE_KEY)
  if (raw === null) return null
  let record: AffiliateRecord | null = null
  try {
    record = asAffiliateRecord(JSON.parse(raw))
  } catch {
    record = null
  }
  if (!record || !isAffiliateCurrent(record, now)) {
    storage.removeItem(AFFILIATE_STORAGE_KEY)
    return null
  }
  return record
}

/**
 * A newer click replaces the stored record (whatever it was); a landing without a click keeps it.
 * `clickedAt`: when the page was landed on, if that was before `now` (a landing captured later, ADR 060).
 */
export function captureAffiliate(
  storage: AffiliateStorage,
  url: string | URL,
  now: Date,
  clickedAt: Date = now,
): AffiliateRecord | null {
  const clicked = parseAffiliateUrl(url, clickedAt)
  if (clicked) {
    storage.setItem(AFFILIATE_STORAGE_KEY, JSON.stringify(clicked))
    return clicked
  }
  return readAffiliate(storage, now)
}

/** Traffic sources an application may carry besides `affiliate:<network>` (lender insights group by it). */
export const REFERRER_SOURCES = ['direct', 'search', 'social', 'referral'] as const
export type ReferrerSource = (typeof REFERRER_SOURCES)[number]

const SEARCH_HOSTS = /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|yandex|baidu|startpage|qwant)\.[a-z.]+$/
const SOCIAL_HOSTS =
  /(^|\.)(facebook\.com|instagram\.com|t\.co|x\.com|twitter\.com|linkedin\.com|lnkd\.in|reddit\.com|tiktok\.com|youtube\.com)$/

/** The category of a referrer (an origin or URL) seen from `ownHost`; none or our own site is `direct`. */
export function referrerSource(referrer: string | null | undefined, ownHost: string): ReferrerSource {
  if (!referrer) return 'direct'
  let host: string
  try {
    host = new URL(referrer).hostname.toLowerCase()
  } catch {
    return 'direct'
  }
  if (!host || host === ownHost.toLowerCase()) return 'direct'
  if (SEARCH_HOSTS.test(host)) return 'search'
  if (SOCIAL_HOSTS.test(host)) return 'social'
  return 'referral'
}

/** What an application's `traffic_source` is: the current affiliate click, else the session's referrer category. */
export function trafficSourceOf(affiliate: AffiliateRecord | null, landing: ReferrerSource): string {
  return affiliate ? `affiliate:${affiliate.affiliate}` : landing
}

/** Whether a value is a traffic source this service writes (the server checks what a form sends). */
export function isTrafficSource(value: string): boolean {
  if ((REFERRER_SOURCES as readonly string[]).includes(value)) return true
  return value.startsWith('affiliate:') && AFFILIATE_NETWORKS.includes(value.slice('affiliate:'.length))
}
