import { data } from 'react-router'

// Any path no screen claims: HTTP 404 and the not-found page from the root error boundary.
export function loader() {
  throw data(null, { status: 404 })
}

export default function NotFoundRoute() {
  return null
}
