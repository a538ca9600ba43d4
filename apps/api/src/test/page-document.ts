import { Window } from 'happy-dom'

/**
 * A window to read pages' HTML in, which fetches nothing the pages name. A page preloads its root
 * data's file (`<link rel="preload" as="fetch" href="/_shared/…">`, ADR 063): a window at about:blank
 * cannot resolve the address, and a test's page has no server behind it to ask.
 */
export function pageWindow(): Window {
  const window: Window = new Window({
    url: 'http://localhost/',
    settings: {
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      fetch: { interceptor: { beforeAsyncRequest: async () => new window.Response(null, { status: 204 }) } },
    },
  })
  return window
}

/** A page's HTML as a document to query. */
export function pageDocument(html: string) {
  const window = pageWindow()
  window.document.write(html)
  return window.document
}
