import { describe, expect, it } from 'vitest'
import {
  LenderApplicationFiltersSchema,
  LenderInvitationInputSchema,
  ManualDeclineInputSchema,
  ManualOfferInputSchema,
} from './lender-portal.ts'

// Issue 17: the portal's inputs as a form or the address sends them (strings, empty fields).

describe('lender application filters', () => {
  it('reads the address: empty fields are no filter, the page defaults to 1', () => {
    expect(LenderApplicationFiltersSchema.parse({ status: '', product: '', from: '', to: '' })).toEqual({
      page: 1,
    })
    expect(
      LenderApplicationFiltersSchema.parse({
        status: 'pending',
        product: 'consumer-loan',
        from: '2026-11-01',
        page: '3',
      }),
    ).toEqual({ status: 'pending', product: 'consumer-loan', from: '2026-11-01', page: 3 })
  })

  it('refuses a day that does not exist, an unknown status and a page below 1', () => {
    for (const query of [{ from: '2026-02-31' }, { to: '24.11.2026' }, { status: 'won' }, { page: '0' }]) {
      expect(LenderApplicationFiltersSchema.safeParse(query).success, JSON.stringify(query)).toBe(false)
    }
  })
})

describe('manual offer input', () => {
  it('takes the form strings, the rate in percent, and fills the defaults', () => {
    expect(
      ManualOfferInputSchema.parse({ amount: '15000', months: '60', nominalRate: '6.9', secciUrl: '' }),
    ).toEqual({
      amount: 15_000,
      months: 60,
      nominalRate: 6.9,
      openingFee: 0,
      monthlyFee: 0,
      validDays: 30,
    })
  })

  it('refuses nonsense: a rate over 100 %, no amount, a fraction of a month, a non-web SECCI link', () => {
    const base = { amount: '15000', months: '60', nominalRate: '6.9' }
    for (const input of [
      { ...base, nominalRate: '101' },
      { ...base, amount: 'lots' },
      { ...base, amount: '0' },
      { ...base, months: '12.5' },
      { ...base, validDays: '91' },
      { ...base, secciUrl: 'javascript:alert(1)' },
    ]) {
      expect(ManualOfferInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(false)
    }
  })
})

describe('declines and invitations', () => {
  it('takes only the catalogue decline reasons and a real e-mail address', () => {
    expect(ManualDeclineInputSchema.safeParse({ reason: 'affordability' }).success).toBe(true)
    expect(ManualDeclineInputSchema.safeParse({ reason: 'dislike' }).success).toBe(false)
    expect(LenderInvitationInputSchema.safeParse({ email: 'a@b', lenderRole: 'lender-agent' }).success).toBe(
      false,
    )
    expect(
      LenderInvitationInputSchema.safeParse({ email: 'liisa@pankki.fi', lenderRole: 'lender-owner' }).success,
    ).toBe(false)
  })
})
