import { GrowthBook } from '@growthbook/growthbook'
import type { FeaturesPayload } from '@lainava/domain/flags'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { webContext } from '../context.ts'
import { consentOf } from './consent.ts'
import { type FlagAttributes, type FlagsData, flagAttributes, flagIds, sdkPayload } from './flags-identity.ts'

// Issue 18 item 3 (ADR 038): server rendering evaluates the flags with the official SDK, from the payload
// the web services keep in memory, for the same attributes the browser will have. The page's first render
// reads the values from the root data; the SDK itself loads in the browser only after hydration.

type FlagRequest = {
  clientKey: string
  payload: FeaturesPayload
  deviceId: string
  randomId: string
}

/** Set by the middleware for the root loader: the payload and this visitor's ids; null without flags. */
const flagRequestContext = createContext<FlagRequest | null>(null)

/**
 * Reads the payload and the visitor's ids before the loaders run, and sets the id cookies that were
 * missing on the response. Where no payload can be had (the prerender has no flag service, or reading
 * failed) nothing is set and the pages render the code's defaults.
 */
export const flagIdentity: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(webContext)
  const read = services.flags?.webPayload
  const web = typeof read === 'function' ? await read().catch(() => null) : null
  if (!web) return next()
  const cookieHeader = request.headers.get('cookie')
  const secure = new URL(services.publicUrl).protocol === 'https:'
  const ids = flagIds(cookieHeader, consentOf(cookieHeader), secure)
  context.set(flagRequestContext, { ...web, deviceId: ids.deviceId, randomId: ids.randomId })
  const response = await next()
  for (const cookie of ids.setCookies) response.headers.append('set-cookie', cookie)
  return response
}

/** Every flag of the payload evaluated by the SDK for these attributes (no network, no stream). */
export function evaluateFlags(payload: FeaturesPayload, attributes: FlagAttributes): Record<string, unknown> {
  const growthbook = new GrowthBook({ attributes })
  try {
    growthbook.initSync({ payload: sdkPayload(payload), streaming: false })
    const values: Record<string, unknown> = {}
    for (const key of Object.keys(payload.features ?? {})) values[key] = growthbook.getFeatureValue(key, null)
    return values
  } finally {
    growthbook.destroy()
  }
}

/** The root loader's flag data for this request; null when the middleware had no payload. */
export function flagsForRequest(
  context: Readonly<RouterContextProvider>,
  input: { request: Request; url: URL; country: string; language: string; userId: string | null },
): FlagsData | null {
  let flagRequest: FlagRequest | null
  try {
    flagRequest = context.get(flagRequestContext)
  } catch {
    return null
  }
  if (!flagRequest) return null
  const attributes = flagAttributes({
    deviceId: flagRequest.deviceId,
    randomId: flagRequest.randomId,
    url: input.url,
    userAgent: input.request.headers.get('user-agent') ?? '',
    country: input.country,
    language: input.language,
    userId: input.userId,
  })
  try {
    return {
      clientKey: flagRequest.clientKey,
      payload: flagRequest.payload,
      attributes,
      values: evaluateFlags(flagRequest.payload, attributes),
    }
  } catch {
    return null
  }
}
