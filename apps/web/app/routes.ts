import { LANGUAGES, patternFor, type ScreenName, SERVED_LANGUAGES } from '@lainava/routing'
import { index, type RouteConfig, route } from '@react-router/dev/routes'

// The routes are generated from the route table (packages/routing): one route id
// per screen × served language, so each screen's module is written once. A
// screen is registered here when its feature lands.
const SCREEN_MODULES: Partial<Record<ScreenName, string>> = {
  landing: 'features/landing/landing-route.tsx',
}

function toRouterPath(pattern: string): string {
  // The table writes parameters as `:name` like React Router does; drop the leading slash.
  return pattern.replace(/^\//, '')
}

export default [
  ...Object.entries(SCREEN_MODULES).flatMap(([screen, file]) =>
    SERVED_LANGUAGES.map((language) => {
      const path = `${LANGUAGES[language].prefix}${patternFor(screen as ScreenName, language)}`
      const id = `${screen}.${language}`
      return path === '/' ? index(file, { id }) : route(toRouterPath(path), file, { id })
    }),
  ),
  route('*', 'features/status/not-found-route.tsx', { id: 'not-found' }),
] satisfies RouteConfig
