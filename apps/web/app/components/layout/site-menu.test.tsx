// @vitest-environment happy-dom

import { act } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NavGroup } from './site-navigation.ts'

const groups: NavGroup[] = [
  {
    id: 'loans',
    label: 'Lainat',
    links: [
      { href: '/autolaina/', label: 'Autolaina' },
      { href: '/remonttilaina/', label: 'Remonttilaina' },
    ],
  },
  { id: 'guide', label: 'Opas', links: [{ href: '/sanasto/', label: 'Sanasto' }] },
] as NavGroup[]

// `site-menu.tsx` remembers, for the page's life, that the app has hydrated: each test loads it afresh.
async function loadMenus() {
  vi.resetModules()
  return import('./site-menu.tsx')
}

let container: HTMLDivElement
beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  container = document.createElement('div')
  document.body.append(container)
})
afterEach(() => container.remove())

describe('the header menus from the server markup to buttons', () => {
  it('hydrates the <details> markup without a mismatch, then turns it into buttons keeping every link', async () => {
    const { DesktopNav, MobileMenu, MenuSections } = await loadMenus()
    const page = (
      <MemoryRouter initialEntries={['/autolaina/']}>
        <DesktopNav groups={groups} label="Tuotteet" />
        <MobileMenu label="Valikko">
          <MenuSections groups={groups} label="Tuotteet" />
        </MobileMenu>
      </MemoryRouter>
    )
    container.innerHTML = renderToString(page)
    expect(container.querySelectorAll('details')).toHaveLength(5)
    expect(container.querySelectorAll('button')).toHaveLength(0)

    const errors: unknown[] = []
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) })
    })

    expect(errors).toEqual([])
    expect(container.querySelectorAll('details')).toHaveLength(0)
    const buttons = [...container.querySelectorAll('button')].map((button) => button.textContent)
    expect(buttons).toEqual(['Lainat', 'Opas', 'Valikko', 'Lainat', 'Opas'])
    for (const button of container.querySelectorAll('button'))
      expect(button.getAttribute('aria-expanded')).toBe('false')
    // Both menus' links are still there, the current page marked.
    expect(container.querySelectorAll('a[href="/autolaina/"][aria-current="page"]')).toHaveLength(2)
    expect(container.querySelectorAll('a.nav-link')).toHaveLength(6)
  })

  it('a menu first mounted in the browser after the app hydrated starts as a button', async () => {
    const { MobileMenu } = await loadMenus()
    const menu = (
      <MemoryRouter>
        <MobileMenu label="Valikko">
          <a href="/">Etusivu</a>
        </MobileMenu>
      </MemoryRouter>
    )
    // Before any menu has hydrated, a first render is the server's <details> (as hydration needs)…
    const first = createRoot(container)
    let firstRender = ''
    await act(async () => {
      flushSync(() => first.render(menu))
      firstRender = container.innerHTML
    })
    expect(firstRender).toContain('<details')
    expect(container.querySelector('details')).toBeNull()
    act(() => first.unmount())

    // …and once one has, a menu mounted later (after an error page, say) renders its button at once.
    const later = createRoot(container)
    let laterRender = ''
    await act(async () => {
      flushSync(() => later.render(menu))
      laterRender = container.innerHTML
    })
    expect(laterRender).not.toContain('<details')
    expect(laterRender).toContain('aria-expanded="false"')
    act(() => later.unmount())
  })
})
