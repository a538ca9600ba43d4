import { type ArticleSummary, type Content, type ContentLanguage, isContentLanguage } from '@lainava/content'
import {
  FINLAND_LANGUAGES,
  type FinlandLanguage,
  languageOfPath,
  pathFor,
  type RouteParams,
} from '@lainava/routing'
import { data, redirect } from 'react-router'

// Shared loader steps of the content routes.

/**
 * The content language of a request. Languages without content (the other regions)
 * follow the routing fallback: the same screen in Finnish, a temporary redirect.
 */
export function contentLanguageOf(url: URL, screen: string, params: RouteParams = {}): ContentLanguage {
  const language = languageOfPath(url.pathname)
  if (isContentLanguage(language)) return language
  throw redirect(pathFor(screen, 'fi', params), 302)
}

export function notFound(): never {
  throw data(null, { status: 404 })
}

/** The path of a screen in every Finland language that passes `exists`. */
export function pathsWhere(
  screen: string,
  exists: (language: FinlandLanguage) => boolean,
  params: (language: FinlandLanguage) => RouteParams = () => ({}),
): Partial<Record<FinlandLanguage, string>> {
  const paths: Partial<Record<FinlandLanguage, string>> = {}
  for (const language of FINLAND_LANGUAGES) {
    if (exists(language)) paths[language] = pathFor(screen, language, params(language))
  }
  return paths
}

export function articleCard(article: ArticleSummary, content: Content) {
  const author = content.authors.find((candidate) => candidate.id === article.author)
  return { ...article, authorName: author?.name[article.lang] ?? article.author }
}

export type ArticleCard = ReturnType<typeof articleCard>
