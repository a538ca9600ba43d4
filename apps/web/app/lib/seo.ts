import { FINLAND_LANGUAGES, LANGUAGES, pathFor, type RouteParams, type ScreenName } from '@lainava/routing'
import type { MetaDescriptor } from 'react-router'

/** Canonical URL and hreflang alternates of a screen, from the route table. */
export function alternateLinks(
  screen: ScreenName,
  lang: string,
  params: RouteParams,
  publicUrl: string,
): MetaDescriptor[] {
  const links: MetaDescriptor[] = [
    { tagName: 'link', rel: 'canonical', href: `${publicUrl}${pathFor(screen, lang, params)}` },
  ]
  // Alternates are the Finland-region languages: the other locales show a not-supported screen.
  for (const language of FINLAND_LANGUAGES) {
    links.push({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: LANGUAGES[language].hreflang,
      href: `${publicUrl}${pathFor(screen, language, params)}`,
    })
  }
  links.push({
    tagName: 'link',
    rel: 'alternate',
    hrefLang: 'x-default',
    href: `${publicUrl}${pathFor(screen, 'fi', params)}`,
  })
  return links
}
