// The query parameters the affiliate table (affiliate.ts) reads, in a file of their own that imports
// nothing: the root's hook in the browser's first load notes a landing with these (ADR 060), and must
// not bring the table with them.

/** The longest value taken from a URL parameter (ids, campaign names); longer values are cut. */
export const AFFILIATE_VALUE_MAX = 200

/**
 * Every query parameter the table in affiliate.ts reads (spec §9). A landing noted for a later capture keeps these and
 * no others (ADR 060: a login link's token must not sit in storage); the types keep the table within them.
 */
export const AFFILIATE_URL_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'oid',
  'clickid',
  'click_id',
  'gclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'fbclid',
  'at_gd',
] as const
export type AffiliateUrlParam = (typeof AFFILIATE_URL_PARAMS)[number]
