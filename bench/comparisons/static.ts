// Static pages and files against nginx (issue 19 goal 1, ADR 041): the prerendered /autolaina/
// and one built script, requested with a browser's Accept-Encoding at 32 connections.
// npm run bench -- static [seconds per run=10] [connections=32] [anchor=nginx|node]
//
// Anchor: Debian's nginx, one worker, `gzip_static on`, serving the very bytes our server sends
// for the page (fetched from it, gzip -9 beside it) and the build's script with its .gz.
// With `node` instead: Node's ceiling (ADR 046), a bare node:http server answering the bytes and
// headers ours sent for each target (bench/anchors/bare-node-static.ts).
// Ours: the production server (`startBenchServer`), a first visit with no cookies.

import { type ChildProcess, spawn } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Comparison, Measurement } from '../lib/compare.ts'
import { freePort } from '../lib/ports.ts'
import { cpuSeconds } from '../lib/proc.ts'
import { waitUntilAnswers } from '../lib/ready.ts'
import { wrk } from '../lib/wrk.ts'
import { startBenchServer } from '../server.ts'

const PAGE = '/autolaina/'
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
/** How long an anchor server may take to answer its first request: 10 s. */
const ANCHOR_START = { attempts: 100, intervalMs: 100 }

type Target = { key: 'page' | 'asset'; path: string }

/** Both targets under load one after the other; CPU of the server's process tree during each. */
async function measureServer(
  origin: string,
  pid: number,
  targets: Target[],
  seconds: number,
  connections: number,
): Promise<Measurement> {
  const result: Measurement = {}
  for (const target of targets) {
    const before = cpuSeconds(pid)
    const run = await wrk({
      url: origin + target.path,
      connections,
      seconds,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, accept: 'text/html,*/*' },
    })
    const cpu = cpuSeconds(pid) - before
    if (run.errors > 0 || run.non2xx > 0) {
      console.warn(`  ${target.path}: ${run.errors} errors, ${run.non2xx} non-2xx responses`)
    }
    result[`${target.key}Rps`] = run.rps
    result[`${target.key}P95`] = run.p95
    result[`${target.key}Cpu`] = cpu
    result[`${target.key}RpsPerCpu`] = run.requests / cpu
  }
  return result
}

/** The largest built script that has a .gz beside it: the one that gains most from precompression. */
function largestScript(clientDir: string): string {
  const assets = join(clientDir, 'assets')
  const scripts = readdirSync(assets)
    .filter((name) => name.endsWith('.js') && existsSync(join(assets, `${name}.gz`)))
    .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)
  if (!scripts[0]) throw new Error('No precompressed script in the build: run "npm run build".')
  return scripts[0]
}

function nginxConfig(dir: string, port: number): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { text/html html; text/javascript js; }
  default_type application/octet-stream;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { add_header Cache-Control "no-cache"; }
  }
}
`
}

/** The bytes and headers as sent (fetch would decode the body), without those Node adds itself. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: [string, string][]; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const pairs: [string, string][] = []
        const raw = response.rawHeaders
        for (let index = 0; index < raw.length; index += 2) {
          const name = raw[index] as string
          if (/^(date|connection|keep-alive|x-request-id)$/i.test(name)) continue
          pairs.push([name, raw[index + 1] as string])
        }
        resolve({ headers: pairs, body: Buffer.concat(chunks) })
      })
    }).on('error', reject)
  })
}

/** Node's ceiling: a bare node:http server answering what ours sent for each target. */
async function startBareNode(origin: string, targets: Target[]) {
  const dir = mkdtempSync(join(tmpdir(), 'lainava-bench-node-'))
  const manifest = []
  for (const [index, target] of targets.entries()) {
    const sent = await rawGet(origin + target.path, { 'accept-encoding': BROWSER_ACCEPT_ENCODING })
    const bodyFile = join(dir, `body-${index}`)
    writeFileSync(bodyFile, sent.body)
    manifest.push({ path: target.path, bodyFile, headers: sent.headers })
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
  const port = await freePort()
  const script = new URL('../anchors/bare-node-static.ts', import.meta.url).pathname
  const child = spawn(process.execPath, [script, join(dir, 'manifest.json'), String(port)], {
    stdio: 'inherit',
  })
  return { process: child, origin: `http://127.0.0.1:${port}`, dir }
}

export default function staticFiles(args: string[]): Comparison {
  const seconds = Number(args[0] ?? 10)
  const connections = Number(args[1] ?? 32)
  const anchorKind = args[2] ?? 'nginx'
  if (anchorKind !== 'nginx' && anchorKind !== 'node') throw new Error('anchor: nginx or node')
  const root = new URL('../..', import.meta.url).pathname
  const clientDir = join(process.env.WEB_BUILD_DIR ?? join(root, 'apps/web/build'), 'client')
  let ours: Awaited<ReturnType<typeof startBenchServer>> | undefined
  let nginx: { process: ChildProcess; origin: string; dir: string } | undefined
  let targets: Target[] = []
  const notes: string[] = [
    'CPU: user + system seconds of the server process and its children during the wrk run (/proc).',
    'wrk runs on the same 2 cores as the server, and other helpers share the machine: figures are indicative.',
  ]

  /** Our server, started by whichever side is set up first (nginx serves the page ours sends). */
  async function startOurs() {
    if (ours) return ours
    ours = await startBenchServer(await freePort())
    const script = largestScript(clientDir)
    targets = [
      { key: 'page', path: PAGE },
      { key: 'asset', path: `/assets/${script}` },
    ]
    // The first compressed request of a page compresses it once (brotli 11): not measured.
    for (const target of targets) {
      const response = await fetch(ours.origin + target.path, {
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      })
      await response.arrayBuffer()
      notes.push(
        `ours ${target.path}: ${response.headers.get('content-encoding') ?? 'identity'}, ` +
          `${response.headers.get('x-lainava-render') ?? 'file'}`,
      )
    }
    return ours
  }

  return {
    title: `Prerendered ${PAGE} and a built script against ${anchorKind}, Accept-Encoding "${BROWSER_ACCEPT_ENCODING}", ${connections} connections × ${seconds} s`,
    metrics: [
      { key: 'pageRps', label: `${PAGE} req/s`, unit: 'req/s', better: 'higher' },
      { key: 'pageP95', label: `${PAGE} p95`, unit: 'ms', better: 'lower' },
      { key: 'pageCpu', label: `${PAGE} server CPU`, unit: 's', better: 'lower' },
      { key: 'pageRpsPerCpu', label: `${PAGE} requests per CPU-second`, unit: 'req/CPU-s', better: 'higher' },
      { key: 'assetRps', label: 'script req/s', unit: 'req/s', better: 'higher' },
      { key: 'assetP95', label: 'script p95', unit: 'ms', better: 'lower' },
      { key: 'assetCpu', label: 'script server CPU', unit: 's', better: 'lower' },
      { key: 'assetRpsPerCpu', label: 'script requests per CPU-second', unit: 'req/CPU-s', better: 'higher' },
    ],
    ours: {
      label: 'Lainava (production server)',
      async setup() {
        await startOurs()
      },
      measure: () => measureServer(ours?.origin ?? '', ours?.pid ?? 0, targets, seconds, connections),
      async teardown() {
        ours?.stop()
      },
    },
    anchor: {
      label:
        anchorKind === 'node' ? 'bare node:http, same bytes and headers' : 'nginx, 1 worker, gzip_static',
      async setup() {
        const server = await startOurs()
        if (anchorKind === 'node') {
          nginx = await startBareNode(server.origin, targets)
          await waitUntilAnswers(nginx.origin + PAGE, { label: 'bare node:http', ...ANCHOR_START })
          return
        }
        const dir = mkdtempSync(join(tmpdir(), 'lainava-bench-nginx-'))
        chmodSync(dir, 0o755)
        const page = Buffer.from(
          await (
            await fetch(server.origin + PAGE, { headers: { 'accept-encoding': 'identity' } })
          ).arrayBuffer(),
        )
        mkdirSync(join(dir, 'www', PAGE), { recursive: true })
        writeFileSync(join(dir, 'www', PAGE, 'index.html'), page)
        writeFileSync(join(dir, 'www', PAGE, 'index.html.gz'), gzipSync(page, { level: 9 }))
        const script = targets.find((target) => target.key === 'asset')?.path ?? ''
        mkdirSync(join(dir, 'www', 'assets'), { recursive: true })
        for (const suffix of ['', '.gz']) {
          copyFileSync(join(clientDir, script + suffix), join(dir, 'www', script + suffix))
        }
        const port = await freePort()
        writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port))
        const child = spawn(
          'nginx',
          ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')],
          {
            stdio: 'inherit',
          },
        )
        nginx = { process: child, origin: `http://127.0.0.1:${port}`, dir }
        await waitUntilAnswers(nginx.origin + PAGE, { label: 'nginx', ...ANCHOR_START })
        const check = await fetch(nginx.origin + PAGE, {
          headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        })
        await check.arrayBuffer()
        notes.push(
          `nginx ${PAGE}: ${check.headers.get('content-encoding') ?? 'identity'} (gzip_static; no brotli module)`,
        )
      },
      measure: () =>
        measureServer(nginx?.origin ?? '', nginx?.process.pid ?? 0, targets, seconds, connections),
      async teardown() {
        nginx?.process.kill('SIGTERM')
        if (nginx) rmSync(nginx.dir, { recursive: true, force: true })
      },
    },
    notes,
  }
}
