// Step of `npm run build`: renders the content site's static pages into
// apps/web/build/prerender (apps/api/src/web/prerender.ts, ADR 012).
import { loadContent } from '@lainava/content/server'
import { loadConfig } from '../apps/api/src/config.ts'
import { writePrerender } from '../apps/api/src/web/prerender.ts'

const started = Date.now()
const config = loadConfig()
const { pages } = await writePrerender(config.WEB_BUILD_DIR, {
  content: loadContent(),
  brandName: config.BRAND_NAME,
  company: config.COMPANY,
})
console.warn(`Prerendered ${pages} content pages in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
