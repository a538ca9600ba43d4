// Lighthouse (mobile) against the production build, plus the page's total JavaScript (gzip).
// Usage: node bench/lighthouse.ts [--signed-in] [--details] [/path …]
// --signed-in: a new user logs in through the API first (the local mailbox gives the code),
// and every page is measured with that session's cookies.
// The functions (`launchChrome`, `measurePage`, `pageJavaScript`) serve other benches too
// (bench/comparisons/landing.ts measures any origin with them).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { categoryScore, scored, scoredFigure, scoredMedian } from './lib/lighthouse-score.ts'
import { startBenchServer } from './server.ts'

type Audits = Record<string, { numericValue?: number; displayValue?: string; details?: unknown }>

export interface PageRun {
  path: string
  signedIn: boolean
  /** Out of 100 by category; null where Lighthouse could not score the run. */
  scores: Record<string, number | null>
  metrics: {
    fcpMs: number
    lcpMs: number
    tbtMs: number
    speedIndexMs: number
    /** Every request of the load (Lighthouse's network-requests). */
    requests: number
    /** Script requests of the load, lazy chunks loaded during it included. */
    scriptRequests: number
    /** Bytes of those scripts as transferred (the server's own compression). */
    scriptTransferKiB: number
    htmlKiB: number
  }
  javascript: { files: number; rawKiB: number; gzipKiB: number }
  /** Every script the run loaded (the HTML's and any dynamic import during it), gzip -9 (ADR 049). */
  loadedJavascript: { files: number; rawKiB: number; gzipKiB: number }
  failedBinaryAudits: string[]
  details?: ReturnType<typeof detailsOf>
}

/** The machine's Chromium, headless, for Lighthouse. */
export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** A new user's session cookies, by the e-mailed code read from the local mailbox. */
export async function logIn(origin: string): Promise<string> {
  const email = `bench-${Date.now()}@example.fi`
  const json = { 'content-type': 'application/json' }
  await fetch(`${origin}/api/v2/passwordless/start`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  })
  const outbox = (await (await fetch(`${origin}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    messages: Array<{ text: string }>
  }
  const code = /: (\d{6})$/m.exec(outbox.messages[0]?.text ?? '')?.[1]
  if (!code) throw new Error('no login code in the local mailbox')
  const verified = await fetch(`${origin}/api/v2/passwordless/verify`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code }),
  })
  return verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

function auditItems(audits: Audits, id: string) {
  return ((audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Array<
    Record<string, unknown>
  >
}

/** What decides the LCP and the blocking time, from Lighthouse's own audits. */
function detailsOf(audits: Audits) {
  const items = (id: string) => auditItems(audits, id)
  return {
    lcpElement: items('largest-contentful-paint-element').flatMap((item) =>
      ((item.items as Array<Record<string, unknown>> | undefined) ?? []).map((row) =>
        JSON.stringify(row).slice(0, 300),
      ),
    ),
    renderBlocking: items('render-blocking-insight').map((item) => [
      item.url,
      item.totalBytes,
      item.wastedMs,
    ]),
    mainThread: items('mainthread-work-breakdown').map((item) => [
      item.groupLabel,
      Math.round(Number(item.duration)),
    ]),
    bootup: items('bootup-time')
      .slice(0, 6)
      .map((item) => [item.url, Math.round(Number(item.total)), Math.round(Number(item.scripting))]),
    networkTop: items('network-requests')
      .map((item) => [item.url, item.transferSize, Math.round(Number(item.networkEndTime))])
      .sort((a, b) => Number(b[2]) - Number(a[2]))
      .slice(0, 8),
  }
}

/** The page's HTML as sent (uncompressed bytes). */
async function pageHtmlBytes(origin: string, path: string, cookie: string) {
  return Buffer.byteLength(await (await fetch(`${origin}${path}`, { headers: { cookie } })).text())
}

/** Sums the gzip size (level 9, the same for every server) of every script the page's HTML loads. */
export async function pageJavaScript(origin: string, path: string, cookie = '') {
  const html = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text()
  const urls = new Set(
    [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
      (m) => m[1] ?? '',
    ),
  )
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g))
    urls.add(match[1] ?? match[2] ?? '')
  return scriptsSize(origin, urls)
}

/** The gzip size (level 9) of the given scripts, fetched again from the server. */
async function scriptsSize(origin: string, urls: Set<string>) {
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer())
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { files: urls.size, rawKiB: +(raw / 1024).toFixed(1), gzipKiB: +(gzip / 1024).toFixed(1) }
}

/** One Lighthouse mobile run (simulated throttling) of `origin + path` in the given Chrome. */
export async function measurePage(
  chromePort: number,
  origin: string,
  path: string,
  options: { cookie?: string; details?: boolean } = {},
): Promise<PageRun> {
  const cookie = options.cookie ?? ''
  const result = await lighthouse(`${origin}${path}`, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
  const scores = Object.fromEntries(
    Object.entries(result.lhr.categories).map(([id, category]) => [id, categoryScore(category.score)]),
  )
  const failed = Object.values(result.lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id)
  const audits = result.lhr.audits as Audits
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0)
  const requests = auditItems(audits, 'network-requests')
  const scripts = requests.filter((item) => item.resourceType === 'Script')
  return {
    path,
    signedIn: cookie !== '',
    scores,
    metrics: {
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      speedIndexMs: ms('speed-index'),
      requests: requests.length,
      scriptRequests: scripts.length,
      scriptTransferKiB: +(
        scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0) / 1024
      ).toFixed(1),
      htmlKiB: +((await pageHtmlBytes(origin, path, cookie)) / 1024).toFixed(1),
    },
    javascript: await pageJavaScript(origin, path, cookie),
    // What the HTML names is not all a first visit loads: chunks imported during the run count here.
    loadedJavascript: await scriptsSize(origin, new Set(scripts.map((item) => String(item.url)))),
    failedBinaryAudits: failed,
    ...(options.details ? { details: detailsOf(audits) } : {}),
  }
}

async function main() {
  const port = 3187
  const origin = `http://localhost:${port}`
  const args = process.argv.slice(2)
  const signedIn = args.includes('--signed-in')
  // --details: also the LCP element and its phases, render-blocking requests and main-thread work.
  const details = args.includes('--details')
  const given = args.filter((arg) => arg !== '--signed-in' && arg !== '--details')
  const paths = given.length > 0 ? given : ['/']
  const root = new URL('..', import.meta.url).pathname

  const server = await startBenchServer(port, signedIn ? { DEV_MAILBOX: 'true' } : {})
  try {
    const cookie = signedIn ? await logIn(origin) : ''
    const chrome = await launchChrome()
    const results: PageRun[] = []
    try {
      for (const path of paths) {
        const run = await measurePage(chrome.port, origin, path, { cookie, details })
        if (run.details) console.warn(path, JSON.stringify(run.details, null, 1))
        delete run.details
        results.push(run)
      }
    } finally {
      chrome.kill()
    }
    mkdirSync(join(root, 'bench/results'), { recursive: true })
    const file = join(
      root,
      'bench/results',
      `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    )
    writeFileSync(file, JSON.stringify(results, null, 2))
    console.warn(JSON.stringify(results, null, 2))
    // A path given several times (the machine is noisy): the median of its runs. A run Lighthouse could
    // not score is left out of Lighthouse's figures ("(unscored)" when none was scored); the HTML's
    // own figures (its scripts, its size) are the server's and come from any run.
    for (const path of new Set(paths)) {
      const all = results.filter((result) => result.path === path)
      const runs = all.filter(scored)
      const lab = (pick: (run: PageRun) => number | null | undefined, unit = '') =>
        scoredFigure(scoredMedian(runs.map(pick)), unit)
      const html = all[0]
      console.warn(
        `${path}${signedIn ? ' (signed in)' : ''}: median of ${runs.length} scored of ${all.length} — performance ${lab((r) => r.scores.performance)},` +
          ` LCP ${lab((r) => r.metrics.lcpMs, 'ms')}, TBT ${lab((r) => r.metrics.tbtMs, 'ms')},` +
          ` accessibility ${lab((r) => r.scores.accessibility)}, SEO ${lab((r) => r.scores.seo)},` +
          ` JS ${html?.javascript.gzipKiB} KiB gzip in ${html?.javascript.files} files` +
          ` (loaded in the run: ${lab((r) => r.loadedJavascript.gzipKiB, 'KiB')}), ${lab((r) => r.metrics.requests)} requests` +
          ` (${lab((r) => r.metrics.scriptRequests)} scripts), HTML ${html?.metrics.htmlKiB} KiB`,
      )
    }
  } finally {
    server.stop()
  }
}

if (import.meta.main) await main()
