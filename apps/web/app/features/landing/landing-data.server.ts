import { type Category, type Content, isContentLanguage } from '@lainava/content'
import { isActiveLanguage, languageOfPath } from '@lainava/routing'
import type { WebServices } from '../../context.ts'
import { type CalculatorSeed, calculatorSeed } from './calculator-math.ts'

// The front page's sections below the calculator (issue 14), read from the data the site already has:
// the lender table and the content files. Only plain fields go to the browser, never the content
// module or its schemas: the landing's bundle stays the calculator's.

export const FAQ_COUNT = 4
export const ARTICLE_COUNT = 3

export type LandingData = {
  /** The calculator's first view, computed here so the browser loads the maths only on a move (ADR 053). */
  calculator: CalculatorSeed
  lenders: Array<{ slug: string; name: string }>
  faq: Array<{ slug: string; question: string; html: string }>
  articles: Array<{ uid: string; title: string; description: string; category: Category; published: string }>
}

/** The FAQ's first answers and the newest articles of a content language. */
export function landingContent(content: Content, lang: string): Omit<LandingData, 'lenders' | 'calculator'> {
  if (!isContentLanguage(lang)) return { faq: [], articles: [] }
  return {
    // The files are sorted when they are read: FAQ by its order, articles newest first.
    faq: content.faq
      .filter((entry) => entry.lang === lang)
      .slice(0, FAQ_COUNT)
      .map(({ slug, question, html }) => ({ slug, question, html })),
    articles: content.articles
      .filter((article) => article.lang === lang)
      .slice(0, ARTICLE_COUNT)
      .map(({ uid, title, description, category, published }) => ({
        uid,
        title,
        description,
        category,
        published,
      })),
  }
}

/** null where the landing shows the "not supported country" screen instead. */
export async function loadLanding(
  services: Pick<WebServices, 'lenders' | 'content'>,
  url: URL,
): Promise<LandingData | null> {
  const lang = languageOfPath(url.pathname)
  if (!isActiveLanguage(lang)) return null
  const lenders = await services.lenders.list()
  return {
    calculator: calculatorSeed('consumer', null),
    lenders: lenders.map(({ slug, name }) => ({ slug, name })),
    ...landingContent(services.content, lang),
  }
}
