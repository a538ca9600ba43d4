import { type ComponentProps, createContext, type ReactNode, useContext } from 'react'
import * as ReactRouter from 'react-router'

// ADR 064: the landing is hydrated as an island, without React Router in the browser. The components
// its island shares with the other pages (the layout, the calculator, the cookie banner) take the few
// router features they use from here: inside an island they come from the island's routing (its
// address, its routes' data, a navigation that loads the next document); elsewhere from React Router.
// Whether a tree is an island never changes while it is mounted, so each hook calls the same hooks
// on every render.

/** A matched route as the island's components read it (React Router's `UIMatch`, the fields used). */
export type IslandMatch = {
  id: string
  pathname: string
  params: Record<string, string | undefined>
  loaderData: unknown
}

/** What an island knows of its page: the address it was rendered for and the routes that matched. */
export type IslandRouting = {
  location: { pathname: string; search: string; hash: string }
  matches: IslandMatch[]
}

const IslandRoutingContext = createContext<IslandRouting | null>(null)

export function IslandRoutingProvider({ value, children }: { value: IslandRouting; children: ReactNode }) {
  return <IslandRoutingContext.Provider value={value}>{children}</IslandRoutingContext.Provider>
}

function useIsland(): IslandRouting | null {
  return useContext(IslandRoutingContext)
}

type Location = IslandRouting['location'] & { state: unknown; key: string }

export function useLocation(): Location {
  const island = useIsland()
  if (island) return { ...island.location, state: null, key: 'default' }
  // biome-ignore lint/correctness/useHookAtTopLevel: the same branch on every render of a tree (above)
  return ReactRouter.useLocation()
}

type NavigateOptions = { replace?: boolean }
type Navigate = (to: string, options?: NavigateOptions) => void | Promise<void>

/** In an island, a navigation is a document load, as a plain link's. */
function loadDocument(to: string, options?: NavigateOptions): void {
  if (options?.replace) window.location.replace(to)
  else window.location.assign(to)
}

export function useNavigate(): Navigate {
  const island = useIsland()
  // biome-ignore lint/correctness/useHookAtTopLevel: the same branch on every render of a tree (above)
  return island ? loadDocument : (ReactRouter.useNavigate() as Navigate)
}

const idleRevalidator = { state: 'idle' as const, revalidate: async () => {} }

/** In an island there is no data to load again: the navigation that follows loads a new document. */
export function useRevalidator(): { state: 'idle' | 'loading'; revalidate: () => Promise<void> } {
  const island = useIsland()
  // biome-ignore lint/correctness/useHookAtTopLevel: the same branch on every render of a tree (above)
  return island ? idleRevalidator : ReactRouter.useRevalidator()
}

const idleNavigation = { state: 'idle' as const }

export function useNavigation(): { state: 'idle' | 'loading' | 'submitting' } {
  const island = useIsland()
  // biome-ignore lint/correctness/useHookAtTopLevel: the same branch on every render of a tree (above)
  return island ? idleNavigation : ReactRouter.useNavigation()
}

export function useMatches(): IslandMatch[] {
  const island = useIsland()
  // biome-ignore lint/correctness/useHookAtTopLevel: the same branch on every render of a tree (above)
  return island ? island.matches : (ReactRouter.useMatches() as IslandMatch[])
}

export function useParams(): Record<string, string | undefined> {
  const island = useIsland()
  // biome-ignore lint/correctness/useHookAtTopLevel: the same branch on every render of a tree (above)
  return island ? (island.matches.at(-1)?.params ?? {}) : ReactRouter.useParams()
}

/** An island shows its page, never an error boundary's. */
export function useRouteError(): unknown {
  const island = useIsland()
  // biome-ignore lint/correctness/useHookAtTopLevel: the same branch on every render of a tree (above)
  return island ? null : ReactRouter.useRouteError()
}

export function useRouteLoaderData<T>(routeId: string): T | undefined {
  const island = useIsland()
  if (island) return island.matches.find((match) => match.id === routeId)?.loaderData as T | undefined
  // biome-ignore lint/correctness/useHookAtTopLevel: the same branch on every render of a tree (above)
  return ReactRouter.useRouteLoaderData(routeId) as T | undefined
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; prefetch?: 'none' | 'intent' | 'render' }

/** React Router's `<Link>`; in an island, the plain link it is before hydration. */
export function Link({ to, prefetch, ...rest }: LinkProps) {
  const island = useIsland()
  if (island) return <a {...rest} href={to} />
  return <ReactRouter.Link to={to} prefetch={prefetch} {...rest} />
}
