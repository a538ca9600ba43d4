// Lighthouse (mobile) against the production build, plus the landing's total
// JavaScript transferred (gzip). Usage: node bench/lighthouse.ts [/path …]
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startBenchServer } from './server.ts'

const port = 3187
const origin = `http://localhost:${port}`
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/']
const root = new URL('..', import.meta.url).pathname

const server = await startBenchServer(port)

/** Sums the gzip size of every script the page's HTML loads (entry and module preloads). */
async function pageJavaScript(path: string) {
  const html = await (await fetch(`${origin}${path}`)).text()
  const urls = new Set(
    [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
      (m) => m[1] ?? '',
    ),
  )
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g))
    urls.add(match[1] ?? match[2] ?? '')
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer())
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { files: urls.size, rawKiB: +(raw / 1024).toFixed(1), gzipKiB: +(gzip / 1024).toFixed(1) }
}

try {
  const chrome = await chromeLauncher.launch({
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
  const results = []
  try {
    for (const path of paths) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
      const scores = Object.fromEntries(
        Object.entries(result.lhr.categories).map(([id, category]) => [
          id,
          Math.round((category.score ?? 0) * 100),
        ]),
      )
      const failed = Object.values(result.lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id)
      results.push({ path, scores, javascript: await pageJavaScript(path), failedBinaryAudits: failed })
    }
  } finally {
    await chrome.kill()
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  const file = join(
    root,
    'bench/results',
    `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  )
  writeFileSync(file, JSON.stringify(results, null, 2))
  console.warn(JSON.stringify(results, null, 2))
} finally {
  server.stop()
}
