import { FINLAND_LANGUAGES, type FinlandLanguage, LANGUAGES } from '@lainava/routing'
import type { MetaDescriptor } from 'react-router'

// Meta for content pages: title, description, canonical, hreflang alternates of the
// languages the content exists in, Open Graph, and JSON-LD structured data.

export type Crumb = { name: string; path: string }

export type ContentMetaInput = {
  title: string
  description: string
  lang: string
  publicUrl: string
  brandName: string
  /** This page's path in each language it exists in (at least the current one). */
  paths: Partial<Record<FinlandLanguage, string>>
  ogType?: 'website' | 'article'
  jsonLd?: Array<Record<string, unknown>>
}

export function contentMeta(input: ContentMetaInput): MetaDescriptor[] {
  const { publicUrl, lang, paths } = input
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
    { property: 'og:site_name', content: input.brandName },
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
  for (const data of [organization(input.brandName, publicUrl), ...(input.jsonLd ?? [])]) {
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
