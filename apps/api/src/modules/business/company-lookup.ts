import type { Database } from '@lainava/db'
import type { CompanyLookup, LegalForm, RegisteredCompany } from '@lainava/domain'
import { z } from 'zod'
import { AppError } from '../../app-error.ts'
import { hitRateLimit, type RateKey } from '../auth/rate-limit.ts'

// The company details step fills in the name, legal form and registration date from the Finnish
// Trade Register when `PRH_API_URL` is set: the YTJ open data service of the Finnish Patent and
// Registration Office (PRH), API v3, `GET {PRH_API_URL}/companies?businessId=NNNNNNN-C`
// (public, no key; production URL https://avoindata.prh.fi/opendata-ytj-api/v3). Its answer, as
// far as we read it:
//   { totalResults, companies: [{ businessId: { value, registrationDate }, registrationDate,
//     names: [{ name, type, registrationDate, endDate?, version }],
//     companyForms: [{ type, descriptions: [{ languageCode: '1'|'2'|'3', description }],
//                      registrationDate, endDate?, version }], … }] }
// Names and forms are histories: the current one has no end date (names of type '1' are the
// trade name; other types are parallel and auxiliary names). Language code 1 is Finnish.
// Anything else in the answer is ignored; an answer we cannot read counts as "not found", so the
// form keeps working with the person's own entries.

/** How long the register may take before the form goes on without it. */
export const PRH_TIMEOUT_MS = 3000

const Description = z.object({ languageCode: z.string(), description: z.string() })
const Entry = z.object({
  registrationDate: z.string().optional(),
  endDate: z.string().nullish(),
  version: z.number().optional(),
})
const PrhCompany = z.object({
  businessId: z.object({ value: z.string(), registrationDate: z.string().nullish() }),
  registrationDate: z.string().nullish(),
  names: z.array(Entry.extend({ name: z.string(), type: z.union([z.string(), z.number()]).optional() })),
  companyForms: z
    .array(
      Entry.extend({
        type: z.union([z.string(), z.number()]).optional(),
        descriptions: z.array(Description),
      }),
    )
    .optional(),
})
const PrhAnswer = z.object({ companies: z.array(PrhCompany).default([]) })

/** The register's company forms (Finnish descriptions) as our legal form codes. */
const FORMS: Record<string, LegalForm> = {
  osakeyhtiö: 'oy',
  'julkinen osakeyhtiö': 'oyj',
  kommandiittiyhtiö: 'ky',
  'avoin yhtiö': 'ay',
  'yksityinen elinkeinonharjoittaja': 'tmi',
  osuuskunta: 'osk',
}

const current = <T extends z.infer<typeof Entry>>(entries: readonly T[]): T | undefined =>
  entries.find((entry) => !entry.endDate && entry.version !== 2) ?? entries.find((entry) => !entry.endDate)

const isoDate = (text: string | null | undefined) =>
  text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null

/** Reads one company of a register answer; null when the answer holds no usable company. */
export function readPrhCompany(body: unknown, businessId: string): RegisteredCompany | null {
  const parsed = PrhAnswer.safeParse(body)
  if (!parsed.success) return null
  const company = parsed.data.companies.find((candidate) => candidate.businessId.value === businessId)
  if (!company) return null
  const tradeNames = company.names.filter((entry) => entry.type === undefined || String(entry.type) === '1')
  const name = current(tradeNames)?.name ?? current(company.names)?.name
  const registeredOn = isoDate(company.registrationDate) ?? isoDate(company.businessId.registrationDate)
  if (!name || !registeredOn) return null
  const form = current(company.companyForms ?? [])
  const finnish = form?.descriptions.find((description) => description.languageCode === '1')?.description
  return {
    name: name.trim(),
    legalForm: (finnish && FORMS[finnish.trim().toLowerCase()]) || 'other',
    registeredOn,
  }
}

/**
 * Looks a (valid, normalised) Y-tunnus up in the register. Not found, a slow or failing register,
 * or an answer we cannot read: `company: null`. Never throws for the register's sake.
 */
export async function lookupCompany(
  deps: { config: { PRH_API_URL?: string | undefined }; log: { warn(obj: object, message: string): void } },
  businessId: string,
  options: { timeoutMs?: number } = {},
): Promise<CompanyLookup> {
  const base = deps.config.PRH_API_URL
  if (!base) return { ok: true, company: null, source: 'off' }
  const url = new URL(`${base.replace(/\/$/, '')}/companies`)
  url.searchParams.set('businessId', businessId)
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? PRH_TIMEOUT_MS),
    })
    if (!response.ok) {
      // The register answers 404 for a Y-tunnus it does not know; anything else is its trouble.
      if (response.status !== 404) deps.log.warn({ status: response.status }, 'trade register lookup failed')
      await response.body?.cancel()
      return { ok: true, company: null, source: 'prh' }
    }
    return { ok: true, company: readPrhCompany(await response.json(), businessId), source: 'prh' }
  } catch (error) {
    deps.log.warn({ reason: error instanceof Error ? error.name : 'unknown' }, 'trade register lookup failed')
    return { ok: true, company: null, source: 'prh' }
  }
}

/** Lookups per client and hour: each one may ask the trade register, which is not ours to hammer. */
export const LOOKUPS_PER_HOUR = 120

/**
 * The one way a client looks a company up, for the API route and the page action alike: at most
 * `LOOKUPS_PER_HOUR` per client IP and hour (a 429 `RATE_LIMITED` AppError beyond), then the register.
 */
export async function lookupCompanyForClient(
  deps: Parameters<typeof lookupCompany>[0] & { db: Database; rateKey: RateKey },
  businessId: string,
  ip: string,
): Promise<CompanyLookup> {
  const limit = await hitRateLimit(
    deps.db,
    deps.rateKey('company-lookup:client', ip),
    LOOKUPS_PER_HOUR,
    60 * 60,
  )
  if (!limit.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many company lookups.', {
      reason: 'RATE_LIMITED',
      messageKey: 'api.rateLimited',
      params: { minutes: Math.ceil(limit.retryAfterSeconds / 60) },
      retryAfterSeconds: limit.retryAfterSeconds,
    })
  }
  return lookupCompany(deps, businessId)
}
