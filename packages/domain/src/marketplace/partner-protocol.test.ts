import { describe, expect, it } from 'vitest'
import {
  partnerSignatureHeader,
  SIGNATURE_TOLERANCE_SECONDS,
  signPartnerBody,
  verifyPartnerSignature,
} from './partner-protocol.ts'

describe('partner request signatures', () => {
  const secret = 'a-shared-secret'
  const rawBody = JSON.stringify({ event: 'application', applicationId: 'x' })
  const now = 1_790_000_000_000
  const timestamp = Math.floor(now / 1000)
  const signature = signPartnerBody(secret, timestamp, rawBody)

  it('accepts the exact body, secret and a fresh timestamp', () => {
    expect(verifyPartnerSignature({ secret, rawBody, timestamp: String(timestamp), signature, now })).toEqual(
      { ok: true },
    )
  })

  it('rejects a changed body, another secret, a missing header and an old timestamp', () => {
    const check = (input: Partial<Parameters<typeof verifyPartnerSignature>[0]>) =>
      verifyPartnerSignature({ secret, rawBody, timestamp: String(timestamp), signature, now, ...input })
    expect(check({ rawBody: `${rawBody} ` })).toEqual({ ok: false, reason: 'mismatch' })
    expect(check({ secret: 'other' })).toEqual({ ok: false, reason: 'mismatch' })
    expect(check({ signature: undefined })).toEqual({ ok: false, reason: 'missing' })
    expect(check({ timestamp: 'soon' })).toEqual({ ok: false, reason: 'missing' })
    expect(check({ now: now + (SIGNATURE_TOLERANCE_SECONDS + 1) * 1000 })).toEqual({
      ok: false,
      reason: 'stale',
    })
  })

  it('signs the timestamp too: a replay with a new timestamp does not verify', () => {
    expect(
      verifyPartnerSignature({ secret, rawBody, timestamp: String(timestamp + 60), signature, now }),
    ).toEqual({ ok: false, reason: 'mismatch' })
  })

  it('during a rotation signs under both secrets: either verifies, a third does not (ADR 028)', () => {
    const header = partnerSignatureHeader(['the-new-secret', secret], timestamp, rawBody)
    expect(header).toBe(`${signPartnerBody('the-new-secret', timestamp, rawBody)}, ${signature}`)
    const check = (candidate: string) =>
      verifyPartnerSignature({
        secret: candidate,
        rawBody,
        timestamp: String(timestamp),
        signature: header,
        now,
      })
    expect(check('the-new-secret')).toEqual({ ok: true })
    expect(check(secret)).toEqual({ ok: true })
    expect(check('another-secret')).toEqual({ ok: false, reason: 'mismatch' })
    // One secret: the header is exactly the single signature, as before rotations existed.
    expect(partnerSignatureHeader([secret], timestamp, rawBody)).toBe(signature)
  })
})
