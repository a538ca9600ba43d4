import type { ScreenName } from './screens.ts'

// spec §2 "Redirects": old paths of the site and where they go now. Rows name a
// screen (so a prefixed old path, e.g. /en/…, lands on that language's path) or
// an absolute URL outside the site. Permanent unless the target is the
// maintenance screen. Add rows here; the matcher's lookup stays constant-time.

export type RedirectCategory =
  | 'old-path'
  | 'old-article'
  | 'old-brand'
  | 'author'
  | 'raffle'
  | 'gone'
  | 'retired-vertical'
  | 'maintenance'

export type RedirectTarget = { screen: ScreenName; params?: Record<string, string> } | { url: string }

export type RedirectRow = { from: string; to: RedirectTarget; category: RedirectCategory }

/** The sister site that now carries our old investing and phone reviews. */
export const SISTER_SITE = 'https://vertailut.lainava.fi'

const screen = (name: ScreenName, params?: Record<string, string>): RedirectTarget =>
  params ? { screen: name, params } : { screen: name }

const rows = (
  category: RedirectCategory,
  pairs: ReadonlyArray<readonly [string, RedirectTarget]>,
): RedirectRow[] => pairs.map(([from, to]) => ({ from, to, category }))

export const REDIRECTS: readonly RedirectRow[] = [
  // Old Finnish paths of pages that still exist under another path.
  ...rows('old-path', [
    ['/lainahakemus-2/', screen('consumerLoanForm')],
    ['/hae-lainaa/', screen('consumerLoanForm')],
    ['/hakemus/', screen('consumerLoanForm')],
    ['/yrityslainahakemus-2/', screen('businessLoanForm')],
    ['/hae-yrityslainaa/', screen('businessLoanForm')],
    ['/asuntolaina-hakemus/', screen('mortgageForm')],
    ['/luottokortti-hakemus/', screen('creditCardForm')],
    ['/kulutusluotot/', screen('consumerCredit')],
    ['/kulutusluottojen-vertailu/', screen('consumerCredit')],
    ['/lainaa-heti/', screen('quickLoan')],
    ['/pikavipit/', screen('quickLoan')],
    ['/pikalainat/', screen('quickLoan')],
    ['/autolainat/', screen('carLoan')],
    ['/veneen-rahoitus/', screen('boatLoan')],
    ['/remonttilainat/', screen('renovationLoan')],
    ['/remontin-rahoitus/', screen('renovationLoan')],
    ['/haat-laina/', screen('weddingLoan')],
    ['/matkalaina/', screen('holidayLoan')],
    ['/moottoripyoran-rahoitus/', screen('motorcycleLoan')],
    ['/tontin-rahoitus/', screen('plotLoan')],
    ['/yrityslainat/', screen('businessLoan')],
    ['/yritysluotto/', screen('businessCreditLine')],
    ['/vakuudettomat-lainat/', screen('unsecuredLoan')],
    ['/lainaa-ilman-vakuuksia/', screen('unsecuredLoan')],
    ['/lainojen-yhdistaminen/', screen('combineLoans')],
    ['/yhdistelylaina/', screen('combineLoans')],
    ['/lainavertailu/', screen('compareLoans')],
    ['/vertaa-lainoja/', screen('compareLoans')],
    ['/laskuri/', screen('loanCalculator')],
    ['/lainalaskin/', screen('loanCalculator')],
    ['/asuntolaina-laskuri/', screen('mortgageCalculator')],
    ['/ukk/', screen('faq')],
    ['/kysymyksia-ja-vastauksia/', screen('faq')],
    ['/yhteystiedot/', screen('contact')],
    ['/asiakaspalvelu/', screen('contact')],
    ['/evasteet/', screen('cookiePolicy')],
    ['/tietosuoja/', screen('privacyPolicy')],
    ['/ehdot/', screen('terms')],
    ['/lainasanasto/', screen('glossary')],
    ['/pankit/', screen('lenders')],
    ['/omat-tarjoukset/', screen('offers')],
    ['/kirjautuminen/', screen('login')],
    ['/oma-tili/', screen('settings')],
    ['/luottokortit/', screen('creditCards')],
    ['/saastotili/', screen('savingsAccounts', { provider: 'vertailu' })],
    ['/euribor-korko/', screen('euribor')],
    ['/joustoluotot/', screen('flexibleCredit')],
  ]),
  // Old blog articles now covered by topic pages.
  ...rows('old-article', [
    ['/blogi/artikkeli/mika-on-kulutusluotto/', screen('consumerCredit')],
    ['/blogi/artikkeli/kulutusluoton-hakeminen/', screen('consumerCredit')],
    ['/blogi/artikkeli/mika-on-joustoluotto/', screen('flexibleCredit')],
    ['/blogi/artikkeli/joustoluotto-vai-kertaluotto/', screen('flexibleCredit')],
    ['/blogi/artikkeli/lainan-korko/', screen('glossaryTerm', { term: 'nimelliskorko' })],
    [
      '/blogi/artikkeli/mista-lainan-korko-muodostuu/',
      screen('glossaryTerm', { term: 'todellinen-vuosikorko' }),
    ],
    ['/blogi/artikkeli/lainalaskuri-ohje/', screen('loanCalculator')],
    ['/blogi/artikkeli/kuinka-paljon-lainaa-voin-saada/', screen('loanCalculator')],
    ['/blogi/artikkeli/lainojen-yhdistaminen-kannattaa/', screen('combineLoans')],
    ['/blogi/artikkeli/yhdista-pienet-lainat/', screen('combineLoans')],
    ['/blogi/artikkeli/maksuhairiomerkinta/', screen('glossaryTerm', { term: 'maksuhairiomerkinta' })],
    [
      '/blogi/artikkeli/maksuhairiomerkinnan-poistuminen/',
      screen('glossaryTerm', { term: 'maksuhairiomerkinta' }),
    ],
    ['/blogi/artikkeli/yrityslainan-hakeminen/', screen('businessLoan')],
    ['/blogi/artikkeli/yrityslaina-aloittavalle-yrittajalle/', screen('businessLoan')],
    ['/blogi/artikkeli/vakuudellinen-laina/', screen('securedLoan')],
    ['/blogi/artikkeli/laina-vakuutta-vastaan/', screen('securedLoan')],
    // spec §2: an old article autolaina goes to /autolaina/.
    ['/blogi/artikkeli/autolaina/', screen('carLoan')],
  ]),
  // Old lender and brand pages go to the compare-loans page.
  ...rows('old-brand', [
    ['/lainanantajat/aurora-rahoitus-arvostelu/', screen('compareLoans')],
    ['/lainanantajat/kuusipankki-kokemuksia/', screen('compareLoans')],
    ['/pankki/lahde-luotto/', screen('compareLoans')],
    ['/pankki/tammi-rahoitus/', screen('compareLoans')],
    ['/pankki/kallio-finance/', screen('compareLoans')],
    ['/arvostelut/merituuli-pankki/', screen('compareLoans')],
    ['/arvostelut/ilves-rahoitus/', screen('compareLoans')],
  ]),
  ...rows('author', [
    ['/kirjoittaja/toimitus/', screen('authors')],
    ['/kirjoittaja/talousasiantuntija/', screen('authors')],
    ['/tekija/toimitus/', screen('authors')],
  ]),
  ...rows('raffle', [
    ['/arvonta/', screen('raffles')],
    ['/arvonta-kesa/', screen('raffles')],
    ['/joulukalenteri/', screen('raffles')],
    ['/kilpailu/', screen('raffles')],
  ]),
  // Pages that are gone for good.
  ...rows('gone', [
    ['/kampanja-2019/', screen('landing')],
    ['/uutiskirje/', screen('landing')],
    ['/sovellus/', screen('landing')],
    // The old calculator's beta has a successor; the old test page has none and answers 404
    // itself (issue 14: no redirect ends on a 404).
    ['/vanha-laskuri-beta/', screen('loanCalculator')],
  ]),
  // Verticals we no longer run: investing, crypto, phone comparison.
  ...rows('retired-vertical', [
    ['/sijoittaminen/', screen('landing')],
    ['/sijoittaminen/osakkeet/', { url: `${SISTER_SITE}/sijoituspalvelut/` }],
    ['/sijoittaminen/rahastot/', { url: `${SISTER_SITE}/sijoituspalvelut/` }],
    ['/sijoittaminen/vertailu/', { url: `${SISTER_SITE}/sijoituspalvelut/` }],
    ['/kryptovaluutat/', screen('landing')],
    ['/kryptovaluutat/bitcoin/', { url: `${SISTER_SITE}/kryptopalvelut/` }],
    ['/kryptovaluutat/porssit/', { url: `${SISTER_SITE}/kryptopalvelut/` }],
    ['/puhelinliittymat/', { url: `${SISTER_SITE}/puhelinliittymat/` }],
    ['/puhelinliittymat/vertailu/', { url: `${SISTER_SITE}/puhelinliittymat/` }],
    ['/puhelimen-osamaksu/', screen('instalmentPurchase')],
  ]),
  // Temporarily closed flows wait on the maintenance screen (category 'maintenance', a temporary
  // redirect). None does today: /factoring-hakemus/ is the factoring form again (issue 15).
]
