import { describe, expect, it } from 'vitest'
import { safeReturnPath } from './return-path.ts'

describe('safeReturnPath', () => {
  // Values a browser would follow off-site, or that used to give a 500 (issue 13 item 2).
  const hostile = [
    '/%09/evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example',
    '/%0a/x',
    '/%0d/x',
    '/%00',
    '//evil',
    '///evil.example',
    '/\\evil',
    '\\\\evil.example',
    '/\\/evil.example',
    '/.//evil.example',
    '/./..//evil.example/',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    ' /x',
    'x',
    '',
    '/\u0000x',
    '/\ud800x',
    '/%5cevil.example',
    `/${'a'.repeat(600)}`,
    null,
    undefined,
    42,
  ]
  it.each(hostile.map((value) => [JSON.stringify(value), value]))('refuses %s', (_, value) => {
    expect(safeReturnPath(value, '/fallback/')).toBe('/fallback/')
  })

  it.each([
    ['/', '/'],
    ['/offers/', '/offers/'],
    ['/en/settings/?tab=consents#email', '/en/settings/?tab=consents#email'],
    ['/lainahakemus/?a=1&b=2', '/lainahakemus/?a=1&b=2'],
    ['/sv/mina-offerter/', '/sv/mina-offerter/'],
  ])('keeps the site path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected)
  })

  it('re-serialises what it keeps (no raw spaces or non-ASCII in a Location header)', () => {
    expect(safeReturnPath('/blogi/ä ö/')).toBe('/blogi/%C3%A4%20%C3%B6/')
  })

  it('falls back to / by default', () => {
    expect(safeReturnPath('//evil')).toBe('/')
  })
})
