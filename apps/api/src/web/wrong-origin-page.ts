import { LANGUAGES, languageOfPath } from '@lainava/routing'
import { translatorFor } from '../language.ts'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character)
}

/** The same page at the site's own address (the form's page, never another origin). */
function pageAtPublicUrl(url: string, publicUrl: string): string {
  const site = new URL(publicUrl)
  const path = (url.split('?')[0] ?? '/').replace(/\.data$/, '').replace(/^\/_root$/, '/')
  const target = URL.parse(`/${path.replace(/^[/\\]+/, '')}`, site)
  return target && target.origin === site.origin ? target.href : site.href
}

/**
 * ADR 015: the answer to a page form sent from an origin that is not ours, in the page's language,
 * naming the address to use instead of React Router's bare "Bad Request".
 */
export function wrongOriginPage(url: string, options: { publicUrl: string; brandName: string }): string {
  const language = languageOfPath(url.split('?')[0] ?? '/')
  const t = translatorFor(language)
  const href = pageAtPublicUrl(url, options.publicUrl)
  const address = new URL(options.publicUrl).host
  const title = t('status.wrongAddress.title')
  return `<!doctype html>
<html lang="${LANGUAGES[language].htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} – ${options.brandName}`)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}a{color:#0b5cad}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t('status.wrongAddress.text', { brand: options.brandName, address }))}</p>
<p><a href="${escapeHtml(href)}">${escapeHtml(t('status.wrongAddress.link', { address }))}</a></p>
</main>
</body>
</html>
`
}
