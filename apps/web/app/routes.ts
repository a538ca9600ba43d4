import { LANGUAGES, patternFor, type ScreenName, SERVED_LANGUAGES } from '@lainava/routing'
import { index, type RouteConfig, route } from '@react-router/dev/routes'

// The routes are generated from the route table (packages/routing): one route id
// per screen × served language (`landing.sv`), so each screen's module is
// written once. A screen is registered here when its feature lands.
const SCREEN_MODULES: Partial<Record<ScreenName, string>> = {
  landing: 'features/landing/landing-route.tsx',
  login: 'features/auth/login-route.tsx',
  autologin: 'features/auth/autologin-route.tsx',
  settings: 'features/settings/settings-route.tsx',
  adminUsers: 'features/admin/admin-users-route.tsx',
  consumerLoanForm: 'features/application/consumer-loan-route.tsx',
  continuousApplication: 'features/application/continuous-route.tsx',
  creditCardForm: 'features/application/credit-card-route.tsx',
  offers: 'features/offers/offers-route.tsx',
  lenders: 'features/lenders/lenders-route.tsx',
  offer: 'features/offers/offer-route.tsx',
  notFound: 'features/status/status-route.tsx',
  maintenance: 'features/status/status-route.tsx',
  forbidden: 'features/status/status-route.tsx',
  comingSoon: 'features/status/status-route.tsx',
  test: 'features/status/status-route.tsx',
  demo: 'features/status/status-route.tsx',
}

export default [
  ...Object.entries(SCREEN_MODULES).flatMap(([screen, file]) =>
    SERVED_LANGUAGES.map((language) => {
      const path = `${LANGUAGES[language].prefix}${patternFor(screen as ScreenName, language)}`
      const id = `${screen}.${language}`
      return path === '/' ? index(file, { id }) : route(path.replace(/^\//, ''), file, { id })
    }),
  ),
  // Any other path: HTTP 404 and the not-found page in the language of its prefix.
  route('*', 'features/status/not-found-route.tsx', { id: 'not-found' }),
] satisfies RouteConfig
