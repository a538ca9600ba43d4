import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { loadRootSharedThen } from '../lib/root-shared.ts'
import { prefetchAppModules } from './app-prefetch.ts'
import { LandingIsland, readIslandData } from './landing-island.tsx'

// ADR 064: the landing's script. Its document has no React Router scripts: this hydrates the page
// inside `<div id="site">` once the root's shared file (messages and menus, preloaded) is here, as
// entry.client.tsx does for the other pages. Without the data or the file the page stays the
// server's, where the links and forms work as plain HTML.
const container = document.getElementById('site')
const data = readIslandData(document.getElementById('site-data')?.textContent)
if (container && data) {
  // The address as the browser has it (a `#fragment` the server never saw) from here on.
  const { pathname, search, hash } = window.location
  const here = { ...data, location: { pathname, search, hash } }
  loadRootSharedThen(data.root.shared, () => {
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <LandingIsland data={here} />
        </StrictMode>,
      )
    })
    prefetchAppModules(data.appModules)
  })
}
