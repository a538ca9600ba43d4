// Renders the PWA icons (spec §9: 72–512 px) from apps/web/public/icons/icon.svg
// with the machine's Chromium. Run by hand when the icon changes; the PNGs are committed.
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

export const ICON_SIZES = [72, 96, 128, 144, 152, 192, 384, 512] as const
const dir = new URL('../apps/web/public/icons/', import.meta.url)
const svg = readFileSync(new URL('icon.svg', dir), 'utf8')

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const page = await browser.newPage()
for (const size of ICON_SIZES) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(
    `<html><body style="margin:0;background:#586BEA">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `).replace('rx="8"', 'rx="0"')}</body></html>`,
  )
  await page.screenshot({ path: new URL(`icon-${size}.png`, dir).pathname, omitBackground: false })
}
await browser.close()
