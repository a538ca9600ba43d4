import { createContext } from 'react-router'

// What the server process gives every loader and action (apps/api/src/web/ssr.ts).
export type WebLoadContext = {
  cspNonce: string
  brandName: string
  publicUrl: string
}

export const webContext = createContext<WebLoadContext>()
