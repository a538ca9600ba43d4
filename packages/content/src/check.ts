// `npm run check -w @lainava/content` (part of `npm run build`): validates every content
// file; a broken file stops the build with its path and field.
import { ContentError, loadContent } from './load.ts'

try {
  const content = loadContent()
  const count = (list: Array<{ lang: string }>, lang: string) =>
    list.filter((item) => item.lang === lang).length
  for (const lang of ['fi', 'sv', 'en']) {
    console.warn(
      `content ${lang}: ${count(content.articles, lang)} articles, ${count(content.glossary, lang)} terms, ${count(content.faq, lang)} questions, ${count(content.pages, lang)} pages`,
    )
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error
  console.error(error.message)
  process.exit(1)
}
