import type { MouseEvent } from 'react'
import { useLocation, useNavigate } from '../../lib/router.tsx'

// The menus' and the footer's links are plain <a> elements (ADR 052): a React Router <Link> per
// link was 7.5 % of a live page's server CPU for over a hundred links. One click handler on their
// <nav> does what <Link> did: an ordinary click navigates in the app, anything else is the browser's.

/** What the decision reads from a click (a MouseEvent has all of it). */
export type LinkClick = {
  button: number
  metaKey: boolean
  altKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  defaultPrevented: boolean
}

/** What the decision reads from the clicked link. */
export type ClickedLink = {
  href: string
  target: string
  hasAttribute: (name: string) => boolean
}

/**
 * The path to navigate to in the app, or null when the browser should follow the link itself:
 * another button or a modifier key (new tab or window, save), a `target` other than this window,
 * a download, another origin, or a click something else already handled. The same rule as React
 * Router's <Link> (`shouldProcessLinkClick`), with downloads and other origins left to the browser.
 */
export function inAppPath(click: LinkClick, link: ClickedLink, origin: string): string | null {
  if (click.defaultPrevented || click.button !== 0) return null
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null
  if (link.target && link.target !== '_self') return null
  if (link.hasAttribute('download')) return null
  const url = new URL(link.href, origin)
  if (url.origin !== origin) return null
  return url.pathname + url.search + url.hash
}

/** The delegated click handler for a container of plain links (a menu's <nav>). */
export function useMenuLinkClick() {
  const navigate = useNavigate()
  const location = useLocation()
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest?.('a[href]')
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return
    const path = inAppPath(event, anchor, window.location.origin)
    if (path === null) return
    event.preventDefault()
    // As <Link>: a link to the page that is showing replaces its history entry instead of adding one.
    const here = location.pathname + location.search + location.hash
    void navigate(path, { replace: here === path })
  }
}
