import type { Translate } from '@lainava/i18n'
import { FINLAND_LANGUAGES, type FinlandLanguage, LANGUAGES, pathFor } from '@lainava/routing'
import type { MetaDescriptor } from 'react-router'

// Meta for content pages: title, description, canonical, hreflang alternates of the
// languages the content exists in, Open Graph, and JSON-LD structured data.

export type Crumb = { name: string; path: string }

/** What every page knows about the site (the root data has it). */
export type Site = { lang: string; publicUrl: string; brandName: string }

export type ContentMetaInput = {
  title: string
  description: string
  /** This page's path in each language it exists in (at least the current one). */
  paths: Partial<Record<FinlandLanguage, string>>
  /** The breadcrumb trail, also given to search engines as a BreadcrumbList. */
  crumbs: Crumb[]
  ogType?: 'website' | 'article'
  jsonLd?: Array<Record<string, unknown>>
}

export function contentMeta(site: Site, input: ContentMetaInput): MetaDescriptor[] {
  const { publicUrl, lang, brandName } = site
  const { paths } = input
  const current = paths[lang as FinlandLanguage] ?? paths.fi ?? '/'
  const url = `${publicUrl}${current}`
  const meta: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: input.ogType ?? 'website' },
    { property: 'og:url', content: url },
    { property: 'og:site_name', content: brandName },
    {
      property: 'og:locale',
      content: LANGUAGES[lang as FinlandLanguage]?.hreflang.replace('-', '_') ?? 'fi_FI',
    },
  ]
  const available = FINLAND_LANGUAGES.filter((language) => paths[language])
  if (available.length > 1) {
    for (const language of available) {
      meta.push({
        tagName: 'link',
        rel: 'alternate',
        hrefLang: LANGUAGES[language].hreflang,
        href: `${publicUrl}${paths[language]}`,
      })
    }
    const fallback = paths.fi ?? paths[available[0] ?? 'fi']
    meta.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${publicUrl}${fallback}` })
  }
  for (const data of [
    organization(brandName, publicUrl),
    ...(input.jsonLd ?? []),
    breadcrumbList(input.crumbs, publicUrl),
  ]) {
    meta.push({ 'script:ld+json': data })
  }
  return meta
}

export function organization(brandName: string, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brandName,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/icons/icon-512.png`,
  }
}

export function breadcrumbList(crumbs: Crumb[], publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${publicUrl}${crumb.path}`,
    })),
  }
}

/** The trail of a page just below the home page, with more crumbs under it if given. */
export function crumbsFrom(t: Translate, lang: string, ...trail: Crumb[]): Crumb[] {
  return [{ name: t('content.home'), path: pathFor('landing', lang) }, ...trail]
}
