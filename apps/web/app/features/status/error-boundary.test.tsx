// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from '../../root.tsx'

afterEach(cleanup)

function NeverShown() {
  return <p>never shown</p>
}

describe('the error page (spec §8)', () => {
  it('shows a plain error page and never the internals of the failure', async () => {
    // React Router reports the loader's error on the console; that is expected here.
    vi.mocked(console.error).mockImplementation(() => {})
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: NeverShown,
        ErrorBoundary,
        loader() {
          throw new Error('connect ECONNREFUSED 10.1.2.3:5432 password=hunter2')
        },
      },
    ])
    render(<Stub initialEntries={['/']} />)
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('Something went wrong')
    expect(document.body.textContent).not.toContain('ECONNREFUSED')
    expect(document.body.textContent).not.toContain('hunter2')
  })
})
