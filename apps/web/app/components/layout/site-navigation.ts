import { type Category, type Content, type ContentPage, categorySlug, pagePath } from '@lainava/content'
import type { MessageKey, Translate } from '@lainava/i18n'
import { FINLAND_LANGUAGES, pathFor, SCREENS, type ScreenName } from '@lainava/routing'

// The site's menu and footer groups (issue 14 "Navigation"), built from the route table and the
// content: every page a person should reach is in a group, in the languages it exists in. The root
// loader builds it once per request, so the browser gets links and labels, not the content.

export const HEADER_GROUPS = ['loans', 'business', 'mortgage', 'cards', 'savings', 'guide'] as const
export const FOOTER_GROUPS = ['services', 'guide', 'about', 'legal'] as const

type HeaderGroup = (typeof HEADER_GROUPS)[number]
type FooterGroup = (typeof FOOTER_GROUPS)[number]
export type GroupId = HeaderGroup | FooterGroup

export type NavLink = { label: string; href: string }
export type NavGroup = { id: GroupId; label: string; links: NavLink[] }
export type SiteNavigation = { header: NavGroup[]; footer: NavGroup[] }

/**
 * Where a content page that is not a loan page goes (loan pages go by their product), by
 * `screen-param` or `screen`, first match; the order here is the order in the group.
 */
const PAGE_PLACES: ReadonlyArray<readonly [string, GroupId]> = [
  ['quickComparison', 'loans'],
  ['flexibleCredit', 'loans'],
  ['instalmentPurchase', 'loans'],
  ['renovation', 'loans'],
  ['paymentProtectionInsurance', 'loans'],
  ['euribor', 'mortgage'],
  ['creditCards', 'cards'],
  ['savingsAccounts-vertailu', 'savings'],
  ['mobileBanking', 'savings'],
  ['savingsAccounts', 'savings'],
  ['mobileBankingProvider', 'savings'],
  ['whyProduct', 'about'],
  ['company', 'about'],
  ['fairComparisonPrinciples', 'about'],
  ['contact', 'about'],
  ['campaign', 'about'],
  ['christmasCampaign', 'about'],
  ['privacyPolicy', 'legal'],
  ['terms', 'legal'],
  ['cookiePolicy', 'legal'],
]

const LOAN_GROUPS = { consumer: 'loans', business: 'business', mortgage: 'mortgage' } as const

/** Screens without a content file, first in their group, with their label. */
const SCREEN_LINKS: ReadonlyArray<readonly [GroupId, ScreenName, MessageKey]> = [
  ['loans', 'consumerLoanForm', 'nav.applyLoan'],
  ['business', 'businessLoanForm', 'nav.applyBusinessLoan'],
  ['business', 'factoringForm', 'nav.applyFactoring'],
  ['mortgage', 'mortgageForm', 'nav.applyMortgage'],
  ['cards', 'creditCardForm', 'nav.applyCard'],
  ['services', 'consumerLoanForm', 'nav.applyLoan'],
  ['services', 'creditCardForm', 'nav.applyCard'],
  ['services', 'businessLoanForm', 'nav.applyBusinessLoan'],
  ['services', 'mortgageForm', 'nav.applyMortgage'],
  ['guide', 'blog', 'blog.title'],
  ['guide', 'glossary', 'glossary.title'],
  ['guide', 'faq', 'faq.title'],
  ['guide', 'lenders', 'lenders.title'],
  ['about', 'authors', 'authors.title'],
]

/** Blog categories shown in a product group, where the language has articles in them. */
const CATEGORY_LINKS: ReadonlyArray<readonly [GroupId, Category]> = [
  ['business', 'business'],
  ['mortgage', 'housing'],
  ['savings', 'money'],
]

/** The loan pages that are calculators: also under "services" in the footer. */
const CALCULATOR_SCREENS: readonly string[] = ['loanCalculator', 'mortgageCalculator']

const SCREEN_ORDER = Object.keys(SCREENS)

/** The group of a content page, and its position there; null for a page no group lists. */
export function placeOf(page: Pick<ContentPage, 'screen' | 'param' | 'kind' | 'product'>) {
  if (page.kind === 'loan' && page.product) {
    return { group: LOAN_GROUPS[page.product] as GroupId, order: SCREEN_ORDER.indexOf(page.screen) }
  }
  const index = PAGE_PLACES.findIndex(
    ([key]) => key === `${page.screen}-${page.param}` || key === page.screen,
  )
  const place = PAGE_PLACES[index]
  return place ? { group: place[1], order: SCREEN_ORDER.length + index } : null
}

/** Links only a signed-in consumer has use for (issue 16: the mortgage status page). */
const SIGNED_IN_LINKS: ReadonlyArray<readonly [GroupId, ScreenName, MessageKey]> = [
  ['mortgage', 'mortgageStatus', 'nav.mortgageStatus'],
]

export function siteNavigation(
  content: Content,
  lang: string,
  t: Translate,
  options: { signedIn?: boolean } = {},
): SiteNavigation | null {
  if (!(FINLAND_LANGUAGES as readonly string[]).includes(lang)) return null
  const links = new Map<GroupId, NavLink[]>()
  const add = (group: GroupId, link: NavLink) => links.set(group, [...(links.get(group) ?? []), link])

  for (const [group, screen, label] of [...SCREEN_LINKS, ...(options.signedIn ? SIGNED_IN_LINKS : [])])
    add(group, { label: t(label), href: pathFor(screen, lang) })
  const pages = content.pages
    .filter((page) => page.lang === lang)
    .flatMap((page) => {
      const place = placeOf(page)
      return place ? [{ page, ...place }] : []
    })
    .sort((a, b) => a.order - b.order || a.page.heading.localeCompare(b.page.heading, lang))
  for (const { page, group } of pages) {
    const link = { label: page.heading, href: pagePath(page, lang) }
    add(group, link)
    if (CALCULATOR_SCREENS.includes(page.screen)) add('services', link)
  }
  for (const [group, category] of CATEGORY_LINKS) {
    if (!content.articles.some((article) => article.lang === lang && article.category === category)) continue
    add(group, {
      label: t('nav.articles', { topic: t(`blog.category.${category}`) }),
      href: pathFor('blogCategory', lang, { category: categorySlug(lang, category) }),
    })
  }
  const group = (id: GroupId): NavGroup[] => {
    const list = links.get(id) ?? []
    return list.length > 0
      ? [{ id, label: t(id === 'legal' ? 'footer.legal' : `nav.group.${id}`), links: list }]
      : []
  }
  return { header: HEADER_GROUPS.flatMap(group), footer: FOOTER_GROUPS.flatMap(group) }
}
