import type { ReactNode } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import type { Route } from './+types/root'
import './app.css'

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let heading = 'Oops!'
  let detail = 'An unexpected error occurred.'
  if (isRouteErrorResponse(error)) {
    heading = error.status === 404 ? '404' : 'Error'
    detail = error.status === 404 ? 'The requested page could not be found.' : error.statusText || detail
  } else if (error instanceof Error) {
    detail = error.message
  }
  return (
    <main className="container mx-auto p-4 pt-16">
      <h1>{heading}</h1>
      <p>{detail}</p>
    </main>
  )
}
