// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type IslandRouting,
  IslandRoutingProvider,
  Link,
  useLocation,
  useMatches,
  useNavigation,
  useParams,
  useRouteError,
  useRouteLoaderData,
} from './router.tsx'

// ADR 064: the router features the landing's island shares with the app's pages.

function Probe() {
  const location = useLocation()
  const leaf = useMatches().at(-1)
  const root = useRouteLoaderData<{ lang: string }>('root')
  const text = [
    location.pathname + location.search,
    leaf?.id,
    JSON.stringify(useParams()),
    root?.lang,
    useNavigation().state,
    String(useRouteError()),
  ].join('|')
  return (
    <>
      <p data-testid="probe">{text}</p>
      <Link to="/sanasto/" className="link">
        glossary
      </Link>
    </>
  )
}

const routing: IslandRouting = {
  location: { pathname: '/sv/', search: '?ref=a', hash: '' },
  matches: [
    { id: 'root', pathname: '/sv/', params: {}, loaderData: { lang: 'sv' } },
    { id: 'landing.sv', pathname: '/sv/', params: { lang: 'sv' }, loaderData: null },
  ],
}

afterEach(cleanup)

describe('the router features of lib/router.tsx', () => {
  it('inside an island come from its routing, with plain links, and need no router', () => {
    render(
      <IslandRoutingProvider value={routing}>
        <Probe />
      </IslandRoutingProvider>,
    )
    expect(screen.getByTestId('probe').textContent).toBe('/sv/?ref=a|landing.sv|{"lang":"sv"}|sv|idle|null')
    expect(screen.getByRole('link').outerHTML).toBe('<a class="link" href="/sanasto/">glossary</a>')
  })

  it('elsewhere are React Router’s: its location, matches, data and links', async () => {
    const Stub = createRoutesStub([
      { id: 'root', path: '/fi/:page', Component: Probe, loader: () => ({ lang: 'fi' }) },
    ])
    render(<Stub initialEntries={['/fi/one?x=1']} />)
    expect((await screen.findByTestId('probe')).textContent).toBe(
      '/fi/one?x=1|root|{"page":"one"}|fi|idle|null',
    )
    // React Router's link: it marks its links for route discovery.
    expect(screen.getByRole('link').getAttribute('href')).toBe('/sanasto/')
    expect(screen.getByRole('link').hasAttribute('data-discover')).toBe(true)
  })
})
