import type { Language } from './languages.ts'

// spec §2 "Screens and routes": the Finnish path of every screen, and each
// language's own path where the spec gives one. A screen without a path in a
// language falls back to its Finnish path under that language's prefix.
// `:name` marks a parameter; `?` after it an optional one.

export type Screen = {
  fi: string
  paths?: Partial<Record<Language, string>>
}

export const SCREENS = {
  landing: { fi: '/' },
  demo: { fi: '/demo/' },
  login: { fi: '/kirjaudu/', paths: { en: '/login/' } },
  consumerLoanForm: {
    fi: '/lainahakemus/',
    paths: { en: '/form/', lv: '/paterina-kredits/', pl: '/kredyt-konsumencki/', ro: '/formular/' },
  },
  businessLoanForm: { fi: '/yrityslainahakemus/' },
  factoringForm: { fi: '/factoring-hakemus/' },
  creditCardForm: { fi: '/luottokorttihakemus/' },
  mortgageForm: { fi: '/asuntolainahakemus/', paths: { en: '/mortgage-form/' } },
  mortgageStatus: { fi: '/tarjoukseni/', paths: { en: '/mortgage-application-status/' } },
  // Issue 16: a mortgage offer's printable ESIS sheet, under the status page.
  mortgageEsis: {
    fi: '/tarjoukseni/esis/:id/',
    paths: { en: '/mortgage-application-status/esis/:id/' },
  },
  // Issue 16 item 5: the "bank ID authentication" and "ID protection status" page types (ADR 024).
  // The mortgage application's id; without it, the person's latest one.
  bankIdAuthentication: {
    fi: '/tunnistaudu/:id?/',
    paths: { sv: '/identifiera/:id?/', en: '/identify/:id?/' },
  },
  identificationStatus: {
    fi: '/tunnistautuminen/:id?/',
    paths: { sv: '/identifiering/:id?/', en: '/identification-status/:id?/' },
  },
  continuousApplication: { fi: '/hakemustiedot/' },
  offers: { fi: '/offers/', paths: { sv: '/mina-offerter/' } },
  offer: { fi: '/offers/:id/', paths: { sv: '/mina-offerter/:id/' } },
  lenderInsights: { fi: '/lender/insights/' },
  lenderFiltering: { fi: '/lender/filtering/' },
  // The lender portal (issue 17): personal pages of a lender organisation's users, not in the sitemap.
  lenderPortal: { fi: '/lender/' },
  lenderApplications: { fi: '/lender/applications/' },
  lenderApplication: { fi: '/lender/applications/:id/' },
  lenderUsers: { fi: '/lender/users/' },
  lenderIntegration: { fi: '/lender/integration/' },
  blog: { fi: '/blogi/', paths: { en: '/blog/', sv: '/blogg/', lv: '/blogs/' } },
  blogPage: { fi: '/blogi/:page/', paths: { en: '/blog/:page/', sv: '/blogg/:page/', lv: '/blogs/:page/' } },
  blogCategory: {
    fi: '/blogi/kategoria/:category/:page?/',
    paths: {
      en: '/blog/kategoria/:category/:page?/',
      sv: '/blogg/kategoria/:category/:page?/',
      lv: '/blogs/kategoria/:category/:page?/',
    },
  },
  article: {
    fi: '/blogi/artikkeli/:uid/',
    paths: { en: '/blog/artikkeli/:uid/', sv: '/blogg/artikkeli/:uid/', lv: '/blogs/artikkeli/:uid/' },
  },
  authors: { fi: '/kirjoittajat/' },
  raffles: { fi: '/arvonnat/' },
  cookiePolicy: { fi: '/evastekaytanto/' },
  privacyPolicy: { fi: '/tietosuojaseloste/' },
  terms: { fi: '/kayttoehdot/' },
  faq: { fi: '/usein-kysyttya/' },
  lenders: { fi: '/lainanantajat/' },
  whyProduct: { fi: '/mika-on-:product/' },
  contact: { fi: '/ota-yhteytta/' },
  campaign: { fi: '/bye-bye-korot/' },
  christmasCampaign: { fi: '/joulumieli/' },
  autologin: { fi: '/autologin/' },
  loanPurposes: { fi: '/lainaa/' },
  unsecuredLoan: { fi: '/vakuudeton-laina/' },
  quickComparison: { fi: '/nopea-lainavertailu/' },
  creditCards: { fi: '/luottokortti/' },
  fairComparisonPrinciples: { fi: '/reilun-lainavertailun-periaatteet/' },
  mobileBanking: { fi: '/mobiili-pankki/' },
  mobileBankingProvider: { fi: '/mobiili-pankki/:provider/' },
  renovation: { fi: '/kilpailuta-remontti/' },
  glossary: { fi: '/sanasto/' },
  glossaryTerm: { fi: '/sanasto/:term/' },
  savingsAccounts: { fi: '/saastotilit/:provider/' },
  settings: { fi: '/asetukset/' },
  maintenance: { fi: '/under-maintenance/' },
  forbidden: { fi: '/forbidden/' },
  test: { fi: '/test/' },
  comingSoon: { fi: '/coming-soon/' },
  notSupportedCountry: { fi: '/' },
  adminSmeApplications: { fi: '/admin/sme-applications/' },
  adminOnePageOnboarding: { fi: '/admin/one-page-onboarding/' },
  adminMortgageApplications: { fi: '/admin/mortgage-applications/' },
  // An application's page under each admin list (issue 15 item 6).
  adminSmeApplication: { fi: '/admin/sme-applications/:id/' },
  adminOnePageApplication: { fi: '/admin/one-page-onboarding/:id/' },
  adminMortgageApplication: { fi: '/admin/mortgage-applications/:id/' },
  adminUsers: { fi: '/admin/users/' },
  // Issue 18 item 2: feature flags, experiments, saved groups and client keys.
  adminFlags: { fi: '/admin/flags/' },
  notFound: { fi: '/404/' },
  euribor: { fi: '/euribor/' },
  instalmentPurchase: { fi: '/osamaksu/' },
  flexibleCredit: { fi: '/joustoluotto/' },
  paymentProtectionInsurance: { fi: '/taloudenturvavakuutus/' },
  company: { fi: '/yritys/' },
  sitemap: { fi: '/sitemap/sitemap-0.xml' },
  // Loan pages (spec §2 "Loan pages").
  carLoan: { fi: '/autolaina/' },
  boatLoan: { fi: '/venelaina/' },
  holidayLoan: { fi: '/lomalaina/' },
  renovationLoan: { fi: '/remonttilaina/' },
  plotLoan: { fi: '/tonttilaina/' },
  weddingLoan: { fi: '/haalaina/' },
  motorcycleLoan: { fi: '/moottoripyoralaina/' },
  consumerCredit: { fi: '/kulutusluotto/' },
  quickLoan: { fi: '/pikalaina/' },
  businessLoan: { fi: '/yrityslaina/' },
  businessCreditLine: { fi: '/yrityslimiitti/' },
  mortgageCalculator: { fi: '/asuntolainalaskuri/' },
  securedLoan: { fi: '/vakuudellinen-laina/' },
  combineLoans: { fi: '/yhdista-lainat/' },
  compareLoans: { fi: '/kilpailuta-lainat/' },
  cheapestLoan: { fi: '/halvin-laina/' },
  bestLoanOffer: { fi: '/paras-lainatarjous/' },
  loanCalculator: { fi: '/lainalaskuri/' },
} as const satisfies Record<string, Screen>

export type ScreenName = keyof typeof SCREENS

export function isScreenName(name: string): name is ScreenName {
  return Object.hasOwn(SCREENS, name)
}
