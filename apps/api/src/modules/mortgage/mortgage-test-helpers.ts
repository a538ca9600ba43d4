import { type Database, schema } from '@lainava/db'
import { MORTGAGE_DATA_STEPS } from '@lainava/domain'
import { exampleMortgageSteps } from '@lainava/domain/mortgage/example-application'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { FieldCipher } from '../../crypto/field-encryption.ts'
import { type Cookies, OUR_CLIENT } from '../../test/sessions.ts'

// Test helpers of the mortgage API (tests only): an application filled in through the API with the
// domain's example answers, identified as the identification module's callback stores it.

type Ctx = { app: FastifyInstance; database: { db: Database }; services: { cipher: FieldCipher } }

export function mortgageCall(
  ctx: Ctx,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookies: Cookies | undefined,
  payload?: object,
  language = 'fi',
) {
  return ctx.app.inject({
    method,
    url,
    cookies,
    headers: { ...OUR_CLIENT, 'accept-language': language },
    ...(payload ? { payload } : {}),
  })
}

/** Starts and saves every step of the example (with or without the co-applicant); returns its id. */
export async function filledInMortgage(ctx: Ctx, cookies: Cookies, hasCoApplicant = true): Promise<string> {
  const start = await mortgageCall(ctx, 'POST', '/api/v1/mortgage-application', cookies, {
    calculator: exampleMortgageSteps.calculator,
    ...exampleMortgageSteps['mortgage-application'],
    hasCoApplicant,
  })
  if (start.statusCode !== 201) throw new Error(`start: ${start.body}`)
  const { mortgageApplicationId: id } = start.json() as { mortgageApplicationId: string }
  for (const step of MORTGAGE_DATA_STEPS) {
    if (step === 'calculator' || step === 'mortgage-application') continue
    if (!hasCoApplicant && step.startsWith('co-applicant')) continue
    const saved = await mortgageCall(
      ctx,
      'PUT',
      `/api/v1/mortgage-application/${id}/steps/${step}`,
      cookies,
      exampleMortgageSteps[step],
    )
    if (saved.statusCode !== 200) throw new Error(`${step}: ${saved.body}`)
  }
  return id
}

/** An identification as the identification callback stores it: the keyed hash of the identified hetu. */
export async function identifyForMortgage(
  ctx: Ctx,
  userId: string,
  mortgageApplicationId: string,
  hetu: string,
) {
  const [row] = await ctx.database.db
    .insert(schema.identifications)
    .values({
      userId,
      mortgageApplicationId,
      method: 'oidc',
      provider: 'http://localhost/test-idp',
      level: 'substantial',
      hetuHash: ctx.services.cipher.fingerprint(hetu),
    })
    .returning({ id: schema.identifications.id })
  await ctx.database.db
    .update(schema.mortgageApplications)
    .set({ identificationId: row?.id ?? null })
    .where(eq(schema.mortgageApplications.id, mortgageApplicationId))
}

/** Fills in, identifies and submits; returns the mortgage application's and the marketplace application's ids. */
export async function submittedMortgage(
  ctx: Ctx,
  user: { userId: string; cookies: Cookies },
  language = 'fi',
) {
  const id = await filledInMortgage(ctx, user.cookies)
  await identifyForMortgage(ctx, user.userId, id, exampleMortgageSteps['personal-information'].hetu)
  const submitted = await mortgageCall(
    ctx,
    'POST',
    `/api/v1/mortgage-application/${id}/submit`,
    user.cookies,
    {},
    language,
  )
  if (submitted.statusCode !== 202) throw new Error(`submit: ${submitted.body}`)
  return { id, applicationId: (submitted.json() as { applicationId: string }).applicationId }
}
