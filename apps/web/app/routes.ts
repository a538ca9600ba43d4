import { readdirSync } from 'node:fs'
import { LANGUAGES, patternFor, type ScreenName, SERVED_LANGUAGES } from '@lainava/routing'
import { index, type RouteConfig, route } from '@react-router/dev/routes'

const CONTENT_PAGE = 'features/content/content-page-route.tsx'
// Screens whose text is a Markdown page of content/<lang>/pages (packages/content).
const CONTENT_PAGE_SCREENS = [
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
  'campaign',
  'christmasCampaign',
  'quickComparison',
  'creditCards',
  'fairComparisonPrinciples',
  'mobileBanking',
  'mobileBankingProvider',
  'savingsAccounts',
  'renovation',
  'euribor',
  'instalmentPurchase',
  'flexibleCredit',
  'paymentProtectionInsurance',
  'company',
] as const satisfies readonly ScreenName[]

// `/mika-on-{product}/`: the parameter is part of a segment, which route patterns cannot
// express, so each product with a page (content/fi/pages/whyProduct-<product>.md) gets its own route.
const WHY_PRODUCTS = readdirSync(new URL('../../../content/fi/pages/', import.meta.url))
  .map((name) => /^whyProduct-([a-z0-9-]+)\.md$/.exec(name)?.[1])
  .filter((product): product is string => !!product)

// The routes are generated from the route table (packages/routing): one route id
// per screen × served language (`landing.sv`), so each screen's module is
// written once. A screen is registered here when its feature lands.
const SCREEN_MODULES: Partial<Record<ScreenName, string>> = {
  landing: 'features/landing/landing-route.tsx',
  login: 'features/auth/login-route.tsx',
  autologin: 'features/auth/autologin-route.tsx',
  settings: 'features/settings/settings-route.tsx',
  adminUsers: 'features/admin/admin-users-route.tsx',
  adminFlags: 'features/admin/flags-route.tsx',
  adminSmeApplications: 'features/admin/application-list-route.tsx',
  adminOnePageOnboarding: 'features/admin/application-list-route.tsx',
  adminMortgageApplications: 'features/admin/application-list-route.tsx',
  adminSmeApplication: 'features/admin/admin-application-route.tsx',
  adminOnePageApplication: 'features/admin/admin-application-route.tsx',
  adminMortgageApplication: 'features/admin/admin-application-route.tsx',
  lenderPortal: 'features/lender-portal/portal-route.tsx',
  lenderApplications: 'features/lender-portal/applications-route.tsx',
  lenderApplication: 'features/lender-portal/application-route.tsx',
  lenderUsers: 'features/lender-portal/users-route.tsx',
  // Issue 17: filtering (L2), insights (L3) and integration (L4) take their files over.
  lenderFiltering: 'features/lender-portal/filtering-route.tsx',
  lenderInsights: 'features/lender-portal/insights-route.tsx',
  lenderIntegration: 'features/lender-portal/integration-route.tsx',
  consumerLoanForm: 'features/application/consumer-loan-route.tsx',
  continuousApplication: 'features/application/continuous-route.tsx',
  creditCardForm: 'features/application/credit-card-route.tsx',
  businessLoanForm: 'features/business/business-loan-route.tsx',
  factoringForm: 'features/business/factoring-route.tsx',
  offers: 'features/offers/offers-route.tsx',
  bankIdAuthentication: 'features/identification/bank-id-route.tsx',
  identificationStatus: 'features/identification/identification-status-route.tsx',
  lenders: 'features/lenders/lenders-route.tsx',
  offer: 'features/offers/offer-route.tsx',
  blog: 'features/content/blog-route.tsx',
  blogPage: 'features/content/blog-route.tsx',
  blogCategory: 'features/content/blog-route.tsx',
  article: 'features/content/article-route.tsx',
  authors: 'features/content/authors-route.tsx',
  glossary: 'features/content/glossary-route.tsx',
  glossaryTerm: 'features/content/glossary-term-route.tsx',
  faq: 'features/content/faq-route.tsx',
  ...Object.fromEntries(CONTENT_PAGE_SCREENS.map((screen) => [screen, CONTENT_PAGE])),
  notFound: 'features/status/status-route.tsx',
  maintenance: 'features/status/status-route.tsx',
  forbidden: 'features/status/status-route.tsx',
  comingSoon: 'features/status/status-route.tsx',
  test: 'features/status/status-route.tsx',
  demo: 'features/status/status-route.tsx',
  // Issue 16: the mortgage calculator page (its Markdown text and the real calculator).
  mortgageCalculator: 'features/mortgage/calculator/mortgage-calculator-route.tsx',
  mortgageForm: 'features/mortgage/mortgage-form-route.tsx',
  mortgageStatus: 'features/mortgage/mortgage-status-route.tsx',
  mortgageEsis: 'features/mortgage/mortgage-esis-route.tsx',
  // Raffles (none running) say so plainly (issue 14).
  raffles: 'features/status/not-offered-route.tsx',
}

export default [
  ...Object.entries(SCREEN_MODULES).flatMap(([screen, file]) =>
    SERVED_LANGUAGES.map((language) => {
      const path = `${LANGUAGES[language].prefix}${patternFor(screen as ScreenName, language)}`
      const id = `${screen}.${language}`
      return path === '/' ? index(file, { id }) : route(path.replace(/^\//, ''), file, { id })
    }),
  ),
  ...WHY_PRODUCTS.flatMap((product) =>
    SERVED_LANGUAGES.map((language) =>
      route(`${LANGUAGES[language].prefix}/mika-on-${product}/`.replace(/^\//, ''), CONTENT_PAGE, {
        id: `whyProduct.${language}.${product}`,
      }),
    ),
  ),
  // ADR 063: the root's messages and menus for a language, scope and sign-in state, as a file.
  route('_shared/:lang/:scope/:signedIn/:file', 'lib/root-shared-route.ts', { id: 'root-shared' }),
  // Any other path: HTTP 404 and the not-found page in the language of its prefix.
  route('*', 'features/status/not-found-route.tsx', { id: 'not-found' }),
] satisfies RouteConfig
