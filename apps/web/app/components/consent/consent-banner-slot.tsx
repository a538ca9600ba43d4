import { type ComponentType, type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { afterFirstPaint } from '../layout/after-first-paint.ts'
import { useConsentSettingsOpen } from './consent-settings.ts'

// ADR 049: the cookie banner's code comes after the first paint. The server renders the banner (the form
// that works without JavaScript, consent-banner.tsx); the browser keeps that markup as it is, unhydrated,
// until the banner's code has loaded (at the first interaction, a few seconds after the load event, or
// when the footer's link opens the settings), then renders the live banner in its place: the same
// markup, so nothing moves. A click on one of its buttons or boxes before that is held and given to
// the live banner's same control once it is there; the focus stays on the same control too.

// Its links (the cookie policy, the settings' close link) are not held: they go where they lead, as
// without JavaScript.
const CONTROLS = 'button, input:not([type="hidden"])'

// The server renders the banner itself. No static import of it: the browser's build would put the banner
// into the first load with it (even unused there), so the server takes it by an import it awaits once.
const ServerBanner: ComponentType | null = import.meta.env.SSR
  ? (await import('./consent-banner.tsx')).ConsentBanner
  : null

let loading: Promise<ComponentType> | null = null
function loadBanner(): Promise<ComponentType> {
  loading ??= import('./consent-banner.tsx').then((module) => module.ConsentBanner)
  return loading
}

/** The index of `element` among the slot's controls, or -1. */
function controlIndex(slot: HTMLElement | null, element: Element | null): number {
  if (!slot || !element) return -1
  return [...slot.querySelectorAll(CONTROLS)].indexOf(element)
}

export function ConsentBannerSlot() {
  if (ServerBanner) {
    return (
      <div className="contents" data-consent-slot="">
        <ServerBanner />
      </div>
    )
  }
  return <LiveSlot />
}

function LiveSlot() {
  // What the server rendered, read once before React would touch it (an empty slot: no banner to show).
  const [serverHtml] = useState(() => document.querySelector('[data-consent-slot]')?.innerHTML ?? '')
  const [Banner, setBanner] = useState<ComponentType | null>(null)
  const slotRef = useRef<HTMLDivElement>(null)
  // The control to click (a held click) or focus once the live banner is there.
  const handOver = useRef<{ index: number; click: boolean } | null>(null)
  const settingsOpen = useConsentSettingsOpen()

  // A press on the server's markup: the swap waits for its click (the pressed element must stay).
  const pressed = useRef(false)
  const ready = useRef<ComponentType | null>(null)

  const show = useRef(() => {
    const banner = ready.current
    if (!banner || pressed.current) return
    if (!handOver.current) {
      const index = controlIndex(slotRef.current, document.activeElement)
      if (index >= 0) handOver.current = { index, click: false }
    }
    setBanner(() => banner)
  }).current

  const wake = useRef(() => {
    loadBanner().then(
      (banner) => {
        ready.current = banner
        show()
      },
      () => {
        // Not loaded (offline, a new deployment): the server's form still posts the choice.
      },
    )
  }).current

  useEffect(() => {
    if (Banner) return
    if (settingsOpen) {
      wake()
      return
    }
    // Nothing shown (the visitor has chosen): the code is needed only when the settings open.
    if (serverHtml.trim() === '') return
    return afterFirstPaint(wake)
  }, [Banner, settingsOpen, serverHtml, wake])

  useLayoutEffect(() => {
    const target = handOver.current
    if (!Banner || !target) return
    handOver.current = null
    const control = slotRef.current?.querySelectorAll<HTMLElement>(CONTROLS)[target.index]
    control?.focus()
    // The held click, once React has finished putting the live banner in (its handlers attached).
    if (target.click) setTimeout(() => control?.click(), 0)
  }, [Banner])

  if (Banner) {
    return (
      <div key="live" ref={slotRef} className="contents" data-consent-slot="">
        <Banner />
      </div>
    )
  }

  const press = () => {
    pressed.current = true
    // The click comes in the same task as the release: after it, the live banner may come.
    const release = () => {
      setTimeout(() => {
        pressed.current = false
        show()
      }, 0)
    }
    window.addEventListener('pointerup', release, { once: true, capture: true })
    window.addEventListener('pointercancel', release, { once: true, capture: true })
  }

  const holdClick = (event: MouseEvent<HTMLDivElement>) => {
    const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null
    const index = controlIndex(slotRef.current, control)
    if (index < 0) return
    event.preventDefault()
    handOver.current = { index, click: true }
    wake()
  }

  return (
    <div
      key="server"
      ref={slotRef}
      className="contents"
      data-consent-slot=""
      onPointerDownCapture={press}
      onClickCapture={holdClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup of this element, kept as it is
      dangerouslySetInnerHTML={{ __html: serverHtml }}
    />
  )
}
