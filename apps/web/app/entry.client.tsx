import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadRootShared } from './lib/root-shared.ts'

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
// app hydrates once it is here. Without it the server's page stays as it is (links and forms work as
// plain HTML), as when one of the modules cannot be loaded; a second try follows a failed first.
const shared = document.querySelector<HTMLLinkElement>('link[data-root-shared]')?.getAttribute('href')
if (shared) {
  loadRootShared(shared)
    .catch(() => new Promise((resolve) => setTimeout(resolve, 1000)).then(() => loadRootShared(shared)))
    .then(hydrate, () => {})
} else {
  hydrate()
}
