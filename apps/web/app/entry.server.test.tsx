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

  // issue 19: React writes 4 KiB pieces; each went on through the response's streams on its own.
  it('passes the page on in one chunk per flush: the shell, then the part that waited', async () => {
    let finish: (text: string) => void = () => {}
    const text = new Promise<string>((resolve) => {
      finish = resolve
    })
    const rows = Array.from(
      { length: 400 },
      (_, index) => `rivi ${index}: lainan ehdot ja todellinen vuosikorko`,
    )
    const response = await renderPage(
      <html lang="fi">
        <body>
          <ul>
            {rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
          <Suspense fallback={<p>…</p>}>
            <Later text={text} />
          </Suspense>
        </body>
      </html>,
      options(false),
    )
    finish('valmis')
    const chunks: Uint8Array[] = []
    for await (const chunk of response.body as ReadableStream<Uint8Array>) chunks.push(chunk)
    const html = Buffer.concat(chunks).toString()
    expect(html.length).toBeGreaterThan(3 * 4096)
    expect(html).toContain('rivi 399:')
    expect(html).toContain('valmis')
    expect(chunks).toHaveLength(2)
  })

  it('still aborts a render that never finishes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const response = await renderPage(page(new Promise<string>(() => {})), options(false))
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(10_000)
    expect(vi.getTimerCount()).toBe(0)
    expect(await response.text()).toContain('…')
  })
})
