import { GrowthBook } from '@growthbook/growthbook'
import type { FeaturesPayload } from '@lainava/domain/flags'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { webContext } from '../context.ts'
import { type ConsentChoice, consentOf, MARKETING_COOKIE } from './consent.ts'
import { type Exposure, variationIdOf } from './flags-exposure.ts'
import {
  DEVICE_ID_COOKIE,
  type FlagAttributes,
  type FlagsData,
  flagAttributes,
  flagIds,
  idCookie,
  sdkPayload,
} from './flags-identity.ts'
import { ROOT_SHARED_PATH } from './root-shared.ts'

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
export const flagIdentity: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  // The root's shared files are the same for everyone and cached for good: no visitor's ids (ADR 063).
  if (url.pathname.startsWith(ROOT_SHARED_PATH)) return next()
  const services = context.get(webContext)
  const read = services.flags?.webPayload
  const web = typeof read === 'function' ? await read().catch(() => null) : null
  if (!web) return next()
  const cookieHeader = request.headers.get('cookie')
  const secure = new URL(services.publicUrl).protocol === 'https:'
  const ids = flagIds(cookieHeader, consentOf(cookieHeader), secure)
  context.set(flagRequestContext, { ...web, deviceId: ids.deviceId, randomId: ids.randomId })
  const response = await next()
  // A consent choice made by this very request (the banner's form, the settings page) decides the
  // lifetime of an id made now, as it does for one the browser already had (spec §4).
  const chosen = choiceSetBy(response)
  const cookies = ids.setCookies.map((cookie) =>
    chosen !== null && cookie.startsWith(`${DEVICE_ID_COOKIE}=`)
      ? idCookie(DEVICE_ID_COOKIE, ids.deviceId, { persistent: chosen === 'granted', secure })
      : cookie,
  )
  for (const cookie of cookies) response.headers.append('set-cookie', cookie)
  return response
}

/** The consent choice a response's own Set-Cookie writes, or null when it writes none. */
function choiceSetBy(response: Response): ConsentChoice {
  const written = response.headers
    .getSetCookie()
    .filter((cookie) => cookie.startsWith(`${MARKETING_COOKIE}=`))
  return written.length > 0 ? consentOf(written.at(-1)?.split(';')[0]) : null
}

/** Every flag of the payload evaluated by the SDK for these attributes (no network, no stream). */
export function evaluateFlags(payload: FeaturesPayload, attributes: FlagAttributes): Record<string, unknown> {
  return evaluateWithExposures(payload, attributes).values
}

/**
 * The values, and for each flag whose value came from an experiment the exposure the SDK's tracking
 * callback reports for it (the same rule: only when the visitor was hashed into the experiment).
 */
export function evaluateWithExposures(
  payload: FeaturesPayload,
  attributes: FlagAttributes,
): { values: Record<string, unknown>; exposures: Record<string, Exposure> } {
  const exposures: Record<string, Exposure> = {}
  let current: string | null = null
  const growthbook = new GrowthBook({
    attributes,
    // Called synchronously inside getFeatureValue, so `current` is the flag being evaluated.
    trackingCallback: (experiment, result) => {
      if (current !== null)
        exposures[current] = { experimentKey: experiment.key, variationId: variationIdOf(result) }
    },
  })
  try {
    growthbook.initSync({ payload: sdkPayload(payload), streaming: false })
    const values: Record<string, unknown> = {}
    for (const key of Object.keys(payload.features ?? {})) {
      current = key
      values[key] = growthbook.getFeatureValue(key, null)
    }
    current = null
    return { values, exposures }
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
    const { values, exposures } = evaluateWithExposures(flagRequest.payload, attributes)
    return {
      clientKey: flagRequest.clientKey,
      payload: flagRequest.payload,
      attributes,
      values,
      ...(Object.keys(exposures).length > 0 ? { exposures } : {}),
    }
  } catch {
    return null
  }
}
