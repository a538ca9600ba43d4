import { type ReactNode, startTransition, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from '../../lib/router.tsx'
import { useMenuLinkClick } from './menu-link-click.ts'
import type { NavGroup } from './site-navigation.ts'

// The header's menus. Pages are server-rendered and work before (or without) JavaScript: until the
// app has hydrated, each menu is a native <details> disclosure; after that a button with
// aria-expanded/aria-controls that closes on Escape (focus back on the button), on a click
// outside and on navigation. The phone menu keeps Tab inside itself while open.

/**
 * False in the server's HTML and during hydration, true once the app runs in the browser. The switch
 * from <details> to buttons re-creates every menu link (a few hundred elements, desktop and phone), so
 * it is a transition: React renders it in slices after hydration instead of in one task with the
 * effects, which at a phone's speed blocked input for about 70 ms (ADR 063).
 */
let appHydrated = false
function useHydrated() {
  // A menu mounted later in the browser (after an error page, say) starts as buttons.
  const [hydrated, setHydrated] = useState(appHydrated)
  useEffect(() => {
    appHydrated = true
    startTransition(() => setHydrated(true))
  }, [])
  return hydrated
}

// The links' and buttons' looks are component classes in styles/layout.css: they repeat for every
// link of every group, and a list of utilities in each made the menus most of a page's markup.
const TRIGGER = 'nav-trigger'
// A closed <details>'s panel is taken out of the layout (styles/layout.css: no sideways scrolling).
const CLOSED_DETAILS_HIDDEN = 'nav-panel'

function Chevron({ open }: { open?: boolean }) {
  return (
    <svg
      className={`h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

function GroupLinks({ group, columns }: { group: NavGroup; columns: boolean }) {
  const { pathname } = useLocation()
  return (
    <ul className={columns ? 'grid gap-x-8 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col'}>
      {group.links.map((link) => (
        <li key={link.href}>
          {/* A plain link (ADR 052): the <nav>'s click handler navigates in the app; `data-discover`
              lets React Router find its route ahead of the click, as it does for a <Link>. */}
          <a
            href={link.href}
            aria-current={link.href === pathname ? 'page' : undefined}
            className="nav-link"
            data-discover="true"
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  )
}

type GroupProps = {
  group: NavGroup
  open: boolean
  onToggle: () => void
  /** A dropdown under the desktop bar, or a section of the phone menu. */
  variant: 'dropdown' | 'section'
}

function GroupDisclosure({ group, open, onToggle, variant }: GroupProps) {
  const hydrated = useHydrated()
  const id = `${useId()}-panel`
  const panel =
    variant === 'dropdown'
      ? 'absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white shadow-lg'
      : 'pb-2 pl-4'
  const links = (
    <div className={variant === 'dropdown' ? 'mx-auto max-w-6xl px-4 py-4' : ''}>
      <GroupLinks group={group} columns={variant === 'dropdown'} />
    </div>
  )
  if (!hydrated) {
    return (
      <li>
        <details>
          <summary className={TRIGGER}>
            {group.label}
            <Chevron />
          </summary>
          <div className={`${panel} ${CLOSED_DETAILS_HIDDEN}`}>{links}</div>
        </details>
      </li>
    )
  }
  return (
    <li>
      <button
        type="button"
        className={`${TRIGGER} ${variant === 'section' ? 'w-full justify-between' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        data-group={group.id}
        onClick={onToggle}
      >
        {group.label}
        <Chevron open={open} />
      </button>
      <div id={id} className={panel} hidden={!open}>
        {links}
      </div>
    </li>
  )
}

/** The product groups in a row under the header (wide screens): one dropdown open at a time. */
export function DesktopNav({ groups, label }: { groups: NavGroup[]; label: string }) {
  const [openId, setOpenId] = useState<string | null>(null)
  const navRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  const onLinkClick = useMenuLinkClick()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the dropdown
  useEffect(() => setOpenId(null), [pathname])
  useEffect(() => {
    if (!openId) return
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenId(null)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [openId])
  return (
    <nav
      ref={navRef}
      aria-label={label}
      className="relative hidden border-t border-slate-100 lg:block"
      onClick={onLinkClick}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !openId) return
        event.preventDefault()
        navRef.current?.querySelector<HTMLButtonElement>(`button[data-group="${openId}"]`)?.focus()
        setOpenId(null)
      }}
      onBlur={(event) => {
        if (!navRef.current?.contains(event.relatedTarget as Node | null)) setOpenId(null)
      }}
    >
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-2">
        {groups.map((group) => (
          <GroupDisclosure
            key={group.id}
            group={group}
            variant="dropdown"
            open={openId === group.id}
            onToggle={() => setOpenId((current) => (current === group.id ? null : group.id))}
          />
        ))}
      </ul>
    </nav>
  )
}

/** The groups as sections of the phone menu: each opens on its own. */
export function MenuSections({ groups, label }: { groups: NavGroup[]; label: string }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const onLinkClick = useMenuLinkClick()
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its links' (Enter on a link is a click)
    <nav aria-label={label} onClick={onLinkClick}>
      <ul className="flex flex-col">
        {groups.map((group) => (
          <GroupDisclosure
            key={group.id}
            group={group}
            variant="section"
            open={open.has(group.id)}
            onToggle={() =>
              setOpen((current) => {
                const next = new Set(current)
                if (!next.delete(group.id)) next.add(group.id)
                return next
              })
            }
          />
        ))}
      </ul>
    </nav>
  )
}

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [
    ...container.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((element) => element.getClientRects().length > 0)
}

const MENU_PANEL =
  'absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 py-3 shadow-lg'

/** The phone and tablet menu: a disclosure button and a panel under the header. */
export function MobileMenu({ label, children }: { label: string; children: ReactNode }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const id = `${useId()}-menu`
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setOpen(false), [pathname])
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      const container = containerRef.current
      if (!container) return
      if (event.key === 'Escape') {
        event.preventDefault()
        setOpen(false)
        buttonRef.current?.focus()
        return
      }
      if (event.key !== 'Tab') return
      // Focus stays in the menu (its button and panel) while it is open.
      const items = focusablesIn(container)
      const first = items[0]
      const last = items.at(-1)
      if (!first || !last) return
      const active = document.activeElement
      if (!container.contains(active)) {
        event.preventDefault()
        first.focus()
      } else if (event.shiftKey && active === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        first.focus()
      }
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  const icon = (
    <svg className="h-5 w-5" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
  if (!hydrated) {
    return (
      <details className="lg:hidden">
        <summary className={`${TRIGGER} border border-slate-300`}>
          {icon}
          {label}
        </summary>
        <div className={`${MENU_PANEL} ${CLOSED_DETAILS_HIDDEN}`}>{children}</div>
      </details>
    )
  }
  return (
    <div ref={containerRef} className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        className={`${TRIGGER} border border-slate-300`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((current) => !current)}
      >
        {icon}
        {label}
      </button>
      <div id={id} className={MENU_PANEL} hidden={!open}>
        {children}
      </div>
    </div>
  )
}
