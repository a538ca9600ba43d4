import type { Messages } from '@lainava/i18n'
import {
  LANGUAGES,
  type Language,
  languageOfPath,
  patternFor,
  SCREENS,
  type ScreenName,
} from '@lainava/routing'
import { matchRoutes } from 'react-router'

// ADR 026: the page's HTML carries only the messages its screen uses, not the whole catalogue
// (it was 67 % of the landing's HTML, issue 19). A scope is a list of key prefixes: a key is in
// it when it equals a prefix or starts with the prefix and a dot (`landing` holds
// `landing.hero.title`; `admin.nav` holds only `admin.nav.label`).

export type MessageScope = readonly string[]

/** What the layout shows on every page: header, menus, footer, company details, status and error pages. */
export const LAYOUT_MESSAGES: MessageScope = [
  'site',
  'header',
  'nav',
  'footer',
  'company',
  'language',
  'navigation',
  'status',
  'admin.nav',
  'lenderPortal.header',
  // Issue 18: the cookie banner, on every page until the visitor chooses.
  'consent.banner',
]

/** The loan calculator and the representative example beside it (landing and product pages). */
const CALCULATOR: MessageScope = ['calculator', 'example', 'warning']

/** A Markdown page of the content site: product pages with the calculator, the contact form, Euribor. */
const CONTENT_PAGE: MessageScope = [...LAYOUT_MESSAGES, ...CALCULATOR, 'content', 'contact', 'euribor']

/** The blog; an article ends with the representative example. */
const BLOG: MessageScope = [...LAYOUT_MESSAGES, ...CALCULATOR, 'content', 'blog']

const OFFERS: MessageScope = [
  ...LAYOUT_MESSAGES,
  'offers',
  'offer',
  'cards',
  'enum.cardType',
  'common',
  'calculator',
]

/**
 * The mortgage form's and calculator's shared parts: step names, field labels, options, the
 * checks' errors and warnings (keys the domain hands over as data), the calculator's figures.
 */
const MORTGAGE_FIELDS: MessageScope = [
  'mortgage.step',
  'mortgage.field',
  'mortgage.option',
  'mortgage.error',
  'mortgage.warning',
  'mortgage.calculator',
]

/**
 * The screens that declare what they use. A screen not listed here gets the whole catalogue, so
 * a new screen works before it declares anything; declaring is an optimisation, checked by
 * route-messages.test.ts (every key written in the screen's modules is in its scope) and by the e2e
 * test that watches declared pages for raw keys (e2e/lean-pages.spec.ts).
 */
export const SCREEN_MESSAGES: Partial<Record<ScreenName, MessageScope>> = {
  landing: [...LAYOUT_MESSAGES, ...CALCULATOR, 'meta.landing', 'landing', 'faq.title', 'blog.category'],
  blog: BLOG,
  blogPage: BLOG,
  blogCategory: BLOG,
  article: BLOG,
  authors: [...LAYOUT_MESSAGES, 'content', 'authors'],
  glossary: [...LAYOUT_MESSAGES, 'content', 'glossary'],
  glossaryTerm: [...LAYOUT_MESSAGES, 'content', 'glossary'],
  faq: [...LAYOUT_MESSAGES, 'content', 'faq'],
  // The consumer loan form: its steps, fields, validation messages and choices, the review and the
  // confirmation, and the calculator beside it. Other forms still get the whole catalogue.
  consumerLoanForm: [
    ...LAYOUT_MESSAGES,
    ...CALCULATOR,
    'form',
    'field',
    'validation',
    'enum',
    'review',
    'confirmation',
  ],
  // A person's offers (issue 14 measures this page signed in): loan, card and business offers.
  offers: OFFERS,
  offer: OFFERS,
  // Issue 16: the mortgage calculator page (its Markdown text and the calculator), the form (its
  // calculator step, the identification's outcome), the status page and an offer's ESIS sheet.
  mortgageCalculator: [...LAYOUT_MESSAGES, ...CALCULATOR, 'content', ...MORTGAGE_FIELDS],
  mortgageForm: [
    ...LAYOUT_MESSAGES,
    ...CALCULATOR,
    ...MORTGAGE_FIELDS,
    'mortgageForm',
    'mortgageStatus.years',
    'identification.result',
  ],
  mortgageStatus: [...LAYOUT_MESSAGES, 'mortgageStatus', 'mortgage.option', 'common'],
  mortgageEsis: [
    ...LAYOUT_MESSAGES,
    'mortgageEsis',
    'mortgageStatus',
    'mortgage.option',
    'mortgageForm.yes',
    'mortgageForm.no',
  ],
  ...Object.fromEntries(
    (
      [
        'carLoan',
        'boatLoan',
        'holidayLoan',
        'renovationLoan',
        'plotLoan',
        'weddingLoan',
        'motorcycleLoan',
        'consumerCredit',
        'quickLoan',
        'businessLoan',
        'businessCreditLine',
        'unsecuredLoan',
        'securedLoan',
        'combineLoans',
        'compareLoans',
        'loanPurposes',
        'cheapestLoan',
        'bestLoanOffer',
        'loanCalculator',
        'cookiePolicy',
        'privacyPolicy',
        'terms',
        'contact',
        'fairComparisonPrinciples',
        'company',
        'campaign',
        'christmasCampaign',
        'quickComparison',
        'creditCards',
        'mobileBanking',
        'mobileBankingProvider',
        'savingsAccounts',
        'renovation',
        'euribor',
        'instalmentPurchase',
        'flexibleCredit',
        'paymentProtectionInsurance',
      ] as const satisfies readonly ScreenName[]
    ).map((screen) => [screen, CONTENT_PAGE]),
  ),
}

type ScreenRoute = { path: string; id: ScreenName }
const routesByLanguage = new Map<Language, ScreenRoute[]>()

/** Every screen's pattern in a language, ranked by React Router as app/routes.ts's routes are. */
function screenRoutes(language: Language): ScreenRoute[] {
  let routes = routesByLanguage.get(language)
  if (!routes) {
    routes = (Object.keys(SCREENS) as ScreenName[]).map((id) => ({
      id,
      path: `${LANGUAGES[language].prefix}${patternFor(id, language)}`,
    }))
    routesByLanguage.set(language, routes)
  }
  return routes
}

/**
 * Answers by path: matchRoutes ranks every screen's pattern again on each call, which was 4 % of a
 * live render's CPU (issue 19). Paths come from outside, so only the latest SCREEN_CACHE_SIZE stay.
 */
const screenByPath = new Map<string, ScreenName | null>()
export const SCREEN_CACHE_SIZE = 500

/** The screen a path shows, or null (a 404, or a route not generated from the screen table). */
export function screenOfPath(pathname: string): ScreenName | null {
  const known = screenByPath.get(pathname)
  if (known !== undefined) return known
  const screen = matchRoutes(screenRoutes(languageOfPath(pathname)), pathname)?.at(-1)?.route.id ?? null
  if (screenByPath.size >= SCREEN_CACHE_SIZE) screenByPath.delete(screenByPath.keys().next().value as string)
  screenByPath.set(pathname, screen)
  return screen
}

/** The messages a path's page needs; null for the whole catalogue (a screen that declares nothing). */
export function messageScopeOfPath(pathname: string): MessageScope | null {
  const screen = screenOfPath(pathname)
  return (screen && SCREEN_MESSAGES[screen]) ?? null
}

function inScope(key: string, scope: MessageScope): boolean {
  return scope.some((prefix) => key === prefix || (key.startsWith(prefix) && key[prefix.length] === '.'))
}

const picked = new WeakMap<object, WeakMap<MessageScope, Record<string, string>>>()

/** The catalogue's messages in the scope (all of them for null); one copy per catalogue and scope. */
export function pickMessages<M extends Messages | Partial<Messages>>(
  messages: M,
  scope: MessageScope | null,
): M {
  if (!scope) return messages
  const byScope = picked.get(messages) ?? new WeakMap<MessageScope, Record<string, string>>()
  picked.set(messages, byScope)
  let subset = byScope.get(scope)
  if (!subset) {
    subset = Object.fromEntries(Object.entries(messages).filter(([key]) => inScope(key, scope)))
    byScope.set(scope, subset)
  }
  return subset as M
}

/** Whether messages loaded for `loaded` hold every key of `needed` (null: the whole catalogue). */
export function scopeCovers(loaded: MessageScope | null, needed: MessageScope | null): boolean {
  if (!loaded) return true
  if (!needed) return false
  return needed.every((prefix) => inScope(prefix, loaded))
}

/**
 * Whether a client navigation must reload the root's messages: its page needs keys the current
 * ones lack. The root's messages always hold the current path's scope (they were loaded for it,
 * or for an earlier path whose scope covers it), so comparing the two paths' scopes is enough.
 */
export function needsOtherMessages(currentPath: string, nextPath: string): boolean {
  return !scopeCovers(messageScopeOfPath(currentPath), messageScopeOfPath(nextPath))
}
