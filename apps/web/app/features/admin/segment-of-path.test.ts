import { describe, expect, it } from 'vitest'
import { segmentOfPath } from './application-list.tsx'

describe('segmentOfPath', () => {
  it('names the list of a list page or an application page, in any language', () => {
    expect(segmentOfPath('/admin/sme-applications/')).toBe('sme')
    expect(segmentOfPath('/sv/admin/sme-applications/1f0c/')).toBe('sme')
    expect(segmentOfPath('/en/admin/one-page-onboarding/')).toBe('one-page')
    expect(segmentOfPath('/admin/one-page-onboarding/1f0c/')).toBe('one-page')
    expect(segmentOfPath('/en/admin/mortgage-applications/')).toBe('mortgage')
    expect(segmentOfPath('/admin/mortgage-applications/1f0c/')).toBe('mortgage')
  })

  it('refuses a path of no list', () => {
    expect(() => segmentOfPath('/admin/users/')).toThrow(/not an admin application list/)
  })
})
