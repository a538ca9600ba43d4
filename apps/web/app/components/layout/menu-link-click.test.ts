import { describe, expect, it } from 'vitest'
import { type ClickedLink, inAppPath, type LinkClick } from './menu-link-click.ts'

const ORIGIN = 'https://lainava.test'
const click = (overrides: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...overrides,
})
const link = (href: string, attributes: Record<string, string> = {}): ClickedLink => ({
  href: new URL(href, ORIGIN).href,
  target: attributes.target ?? '',
  hasAttribute: (name) => name in attributes,
})

describe('inAppPath: which menu link clicks navigate in the app (ADR 052)', () => {
  it('navigates an ordinary click on a link of the site, keeping its query and fragment', () => {
    expect(inAppPath(click(), link('/sanasto/'), ORIGIN)).toBe('/sanasto/')
    expect(inAppPath(click(), link('/blogi/?sivu=2#uusin'), ORIGIN)).toBe('/blogi/?sivu=2#uusin')
    expect(inAppPath(click(), link('/autolaina/', { target: '_self' }), ORIGIN)).toBe('/autolaina/')
  })

  for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
    it(`leaves a click with ${key} to the browser (new tab, new window, save)`, () => {
      expect(inAppPath(click({ [key]: true }), link('/sanasto/'), ORIGIN)).toBeNull()
    })
  }

  it('leaves the middle and right buttons to the browser', () => {
    expect(inAppPath(click({ button: 1 }), link('/sanasto/'), ORIGIN)).toBeNull()
    expect(inAppPath(click({ button: 2 }), link('/sanasto/'), ORIGIN)).toBeNull()
  })

  it('leaves links to another window, downloads and other origins to the browser', () => {
    expect(inAppPath(click(), link('/sanasto/', { target: '_blank' }), ORIGIN)).toBeNull()
    expect(inAppPath(click(), link('/ehdot.pdf', { download: '' }), ORIGIN)).toBeNull()
    expect(inAppPath(click(), link('https://example.com/sanasto/'), ORIGIN)).toBeNull()
  })

  it('does nothing with a click something else already handled', () => {
    expect(inAppPath(click({ defaultPrevented: true }), link('/sanasto/'), ORIGIN)).toBeNull()
  })
})
