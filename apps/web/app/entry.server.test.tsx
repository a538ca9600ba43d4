import { Suspense, use } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from './entry.server.tsx'

function Later({ text }: { text: Promise<string> }) {
  return <p>{use(text)}</p>
}

function page(text: Promise<string>) {
  return (
    <html lang="fi">
      <body>
        <Suspense fallback={<p>…</p>}>
          <Later text={text} />
        </Suspense>
      </body>
    </html>
  )
}

const options = (whole: boolean) => ({
  whole,
  nonce: 'n',
  status: 200,
  headers: new Headers(),
  logError: () => {},
})

describe('renderPage', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  // issue 19: the 10 s abort timer outlived every render, holding the page in memory.
  it.each([false, true])(
    'leaves no abort timer behind once the page is written (whole page: %s)',
    async (whole) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      let finish: (text: string) => void = () => {}
      const text = new Promise<string>((resolve) => {
        finish = resolve
      })
      const pending = renderPage(page(text), options(whole))
      await Promise.resolve()
      finish('valmis')
      const response = await pending
      expect(await response.text()).toContain('valmis')
      expect(vi.getTimerCount()).toBe(0)
    },
  )

  it('still aborts a render that never finishes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const response = await renderPage(page(new Promise<string>(() => {})), options(false))
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(10_000)
    expect(vi.getTimerCount()).toBe(0)
    expect(await response.text()).toContain('…')
  })
})
