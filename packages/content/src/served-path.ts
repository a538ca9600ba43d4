import { type Language, pathFor, type ScreenName } from '@lainava/routing'
import { type Content, isContentLanguage, pagePath } from './index.ts'

// Screens whose text comes from the content files but not from a Markdown page.
const CONTENT_SCREENS: ReadonlySet<string> = new Set([
  'blog',
  'blogPage',
  'blogCategory',
  'article',
  'authors',
  'glossary',
  'glossaryTerm',
  'faq',
])

/**
 * Where a screen's page in a language is really served, after the content routes' own
 * fallbacks (content-data.ts, content-page-route.tsx, glossary-term-route.tsx): a language
 * without content and a page without this language's text are the Finnish page, and a
 * glossary term (named by its Finnish slug) has each language's own slug. Screens that are
 * not content keep the route table's path. Redirects use it so they land in one hop (issue 14).
 */
export function servedPath(
  content: Content,
  screen: ScreenName,
  language: Language,
  params: Record<string, string> = {},
): string {
  const page = content.pages.find(
    (candidate) =>
      candidate.lang === 'fi' &&
      candidate.screen === screen &&
      (candidate.param === null || Object.values(params).includes(candidate.param)),
  )
  if (page) {
    const translated =
      isContentLanguage(language) &&
      content.pages.some(
        (other) => other.lang === language && other.screen === screen && other.param === page.param,
      )
    return pagePath(page, translated ? language : 'fi')
  }
  if (!CONTENT_SCREENS.has(screen)) return pathFor(screen, language, params)
  if (!isContentLanguage(language)) return pathFor(screen, 'fi', params)
  if (screen === 'glossaryTerm' && params.term) {
    const term = content.glossary.find((item) => item.slug === params.term)
    const translation = content.glossary.find(
      (item) => item.lang === language && item.translationKey === term?.translationKey,
    )
    return translation
      ? pathFor(screen, language, { ...params, term: translation.slug })
      : pathFor(screen, 'fi', params)
  }
  return pathFor(screen, language, params)
}
