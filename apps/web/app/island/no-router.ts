// ADR 064: React Router's place in the island's build (island.vite.config.ts). The island's components
// take their router features from lib/router.tsx, which gives the island's own inside an island; these
// are what it would call outside one, which the island never is.
function outsideIsland(): never {
  throw new Error('React Router is not part of the landing island')
}

export const Link = outsideIsland
export const useLocation = outsideIsland
export const useMatches = outsideIsland
export const useNavigate = outsideIsland
export const useNavigation = outsideIsland
export const useParams = outsideIsland
export const useRevalidator = outsideIsland
export const useRouteError = outsideIsland
export const useRouteLoaderData = outsideIsland
