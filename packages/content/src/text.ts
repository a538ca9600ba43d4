// spec §5 "Text helper strips opening and closing paragraph and heading tags": rich text
// from the content source placed inside an element that is already a paragraph or a
// heading (a lead, a card title, structured data) keeps its inline markup only.
const BLOCK_TAG = /<\/?(?:p|h[1-6])(?:\s[^>]*)?>/gi

export function stripBlockTags(html: string): string {
  return html.replace(BLOCK_TAG, '').trim()
}
