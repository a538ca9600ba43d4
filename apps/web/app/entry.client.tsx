import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadRootSharedThen } from './lib/root-shared.ts'

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
}

// ADR 063: the root's messages and menus come in a file of their own, which the page preloads; the
// app hydrates once it is here.
const shared = document.querySelector<HTMLLinkElement>('link[data-root-shared]')?.getAttribute('href')
if (shared) loadRootSharedThen(shared, hydrate)
else hydrate()
