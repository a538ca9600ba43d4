import type { Route } from './+types/home'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'New React Router App' }, { name: 'description', content: 'Welcome to React Router!' }]
}

const resources = [
  { href: 'https://reactrouter.com/docs', text: 'React Router Docs' },
  { href: 'https://rmx.as/discord', text: 'Join Discord' },
]

/** The template's welcome screen: a logo, a heading and two links, in about the same markup. */
export default function Home() {
  return (
    <main className="flex items-center justify-center pt-16 pb-4">
      <div className="flex min-h-0 flex-1 flex-col items-center gap-16">
        <header className="flex flex-col items-center gap-9">
          <svg
            viewBox="0 0 120 40"
            className="w-[300px] max-w-[100vw] p-4"
            role="img"
            aria-label="React Router"
          >
            <circle cx="20" cy="20" r="14" fill="none" stroke="currentColor" strokeWidth="4" />
            <path
              d="M44 8h10a8 8 0 0 1 0 16H44zM44 24l14 12"
              fill="none"
              stroke="currentColor"
              strokeWidth="4"
            />
            <circle cx="96" cy="20" r="14" fill="#f44250" />
          </svg>
          <h1 className="text-2xl font-semibold text-gray-800 dark:text-gray-100">Welcome to React Router</h1>
        </header>
        <div className="w-full max-w-[300px] space-y-6 px-4">
          <nav className="space-y-4 rounded-3xl border border-gray-200 p-6 dark:border-gray-700">
            <p className="text-center leading-6 text-gray-700 dark:text-gray-200">What&apos;s next?</p>
            <ul>
              {resources.map(({ href, text }) => (
                <li key={href}>
                  <a
                    className="group flex items-center gap-3 self-stretch p-3 leading-normal text-blue-700 hover:underline dark:text-blue-500"
                    href={href}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {text}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </main>
  )
}
