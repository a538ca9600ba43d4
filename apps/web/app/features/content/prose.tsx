/**
 * Markdown rendered at start-up by packages/content. The files are ours and checked:
 * no raw HTML, no images, only links inside the site, so the HTML is safe to insert.
 */
export function Prose({ html, lang }: { html: string; lang?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own validated Markdown (packages/content)
  return <div className="prose-content" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
}

// The trail is shared with screens outside the content site (the lender list).
export { Breadcrumbs } from '../../components/layout/breadcrumbs.tsx'
