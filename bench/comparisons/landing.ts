// Landing page against the bare React Router 8 app (issue 19 goal 4): Lighthouse mobile (simulated
// throttling, the machine's Chromium) on the bare app's `/` and on ours, alternated.
// npm run bench -- landing [our path=/]   (another of our paths is compared with the same anchor)

import { type BareApp, startBareApp } from '../anchors/bare-react-router/serve.ts'
import type { Comparison, Measurement } from '../lib/compare.ts'
import { scored, UNSCORED } from '../lib/lighthouse-score.ts'
import { freePort } from '../lib/ports.ts'
import { launchChrome, measurePage } from '../lighthouse.ts'
import { startBenchServer } from '../server.ts'

/** A fresh Chrome per run, so no side inherits the other's cache or compiled code. */
async function lighthouseRun(origin: string, path: string): Promise<Measurement> {
  const chrome = await launchChrome()
  try {
    const run = await measurePage(chrome.port, origin, path)
    // A run Lighthouse could not score (a null performance score, or no LCP) has no value for what
    // Lighthouse measured: NaN, which the medians leave out and count, never 0. The HTML's own figures stay.
    const valid = scored(run)
    if (!valid) console.warn(`  ${UNSCORED} Lighthouse could not score this run: left out of the medians`)
    const lab = (value: number | null | undefined) =>
      valid && typeof value === 'number' ? value : Number.NaN
    return {
      performance: lab(run.scores.performance),
      lcp: lab(run.metrics.lcpMs),
      fcp: lab(run.metrics.fcpMs),
      tbt: lab(run.metrics.tbtMs),
      jsGzip: run.javascript.gzipKiB,
      jsLoaded: lab(run.loadedJavascript.gzipKiB),
      scripts: lab(run.metrics.scriptRequests),
      requests: lab(run.metrics.requests),
      html: run.metrics.htmlKiB,
    }
  } finally {
    chrome.kill()
  }
}

export default function landing(args: string[]): Comparison {
  const path = args[0] ?? '/'
  let bare: BareApp | undefined
  let ours: { origin: string; stop(): void } | undefined
  return {
    title: `Lighthouse mobile: the bare React Router 8 app's / and our ${path}`,
    metrics: [
      { key: 'performance', label: 'performance', unit: 'score', better: 'higher' },
      { key: 'lcp', label: 'LCP', unit: 'ms', better: 'lower' },
      { key: 'fcp', label: 'FCP', unit: 'ms', better: 'lower' },
      { key: 'tbt', label: 'TBT', unit: 'ms', better: 'lower' },
      { key: 'jsGzip', label: 'JS in the HTML, gzip -9', unit: 'KiB', better: 'lower' },
      { key: 'jsLoaded', label: 'JS the run loaded, gzip -9', unit: 'KiB', better: 'lower' },
      { key: 'scripts', label: 'script requests', unit: 'count', better: 'lower' },
      { key: 'requests', label: 'requests', unit: 'count', better: 'lower' },
      { key: 'html', label: 'HTML', unit: 'KiB', better: 'lower' },
    ],
    anchor: {
      label: 'bare React Router app',
      async setup() {
        bare = await startBareApp(await freePort())
      },
      measure: () => lighthouseRun(bare?.origin ?? '', '/'),
      async teardown() {
        await bare?.stop()
      },
    },
    ours: {
      label: `Lainava ${path}`,
      async setup() {
        ours = await startBenchServer(await freePort())
      },
      measure: () => lighthouseRun(ours?.origin ?? '', path),
      async teardown() {
        ours?.stop()
      },
    },
    notes: [
      'Lighthouse 13 mobile emulation with simulated throttling; a fresh Chrome per run.',
      'JS: every script the HTML loads (entry, module preloads), each gzipped at level 9 here, so both',
      'servers count alike; script requests and requests are Lighthouse’s counts for the whole load.',
      'JS the run loaded: every script Lighthouse saw load (the HTML’s and dynamic imports during the run).',
      'Both servers in production mode on this machine; other processes share its 2 cores: figures are indicative.',
    ],
  }
}
