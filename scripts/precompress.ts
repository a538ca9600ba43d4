// Last step of `npm run build` (issue 19 goal 1, ADR 041): brotli (highest quality) and gzip
// (level 9) copies of every built file worth compressing (build/client: the assets and the copied
// public files), written beside them as `.br` and `.gz`; the server sends them as they are.
//
// The prerendered pages name their address, so their copies fit one PUBLIC_URL: they are made
// when the build's environment sets it (a deployment builds for its address, as it does for the
// company details). Without it (tests, `npm run build` alone) they are left out, which saves most
// of this step's time; a server compresses each page once in memory on its first use instead.
import { join } from 'node:path'
import { loadConfig } from '../apps/api/src/config.ts'
import { type CompressedSizes, precompressFiles } from '../apps/api/src/web/precompressed.ts'
import { precompressPages } from '../apps/api/src/web/prerender.ts'

const started = Date.now()
const config = loadConfig()
const files = await precompressFiles(join(config.WEB_BUILD_DIR, 'client'))
const pages = process.env.PUBLIC_URL
  ? await precompressPages(config.WEB_BUILD_DIR, config.PUBLIC_URL)
  : undefined

const kib = (sizes: CompressedSizes[], key: keyof CompressedSizes) =>
  Math.round(sizes.reduce((sum, size) => sum + size[key], 0) / 1024)
console.warn(
  `Precompressed ${files.length} built files (${kib(files, 'plain')} → ${kib(files, 'br')} KiB brotli)` +
    (pages
      ? ` and ${pages.length} pages for ${config.PUBLIC_URL} (${kib(pages, 'plain')} → ${kib(pages, 'br')} KiB)`
      : '; pages: compressed by the server on first use (no PUBLIC_URL set for the build)') +
    ` in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
)
