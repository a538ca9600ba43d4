import { createContext } from 'react'

// ADR 064: what the server puts in the landing's document for its island (island-markup.server.tsx);
// the root's layout reads it on the server only. In the browser it is always null.

/** The island's script and the modules it imports, as the island's build names them. */
export type IslandBuild = { script: string; preloads: string[] }

/** The island's part of the document: its markup, its data and its scripts. */
export type IslandMarkup = IslandBuild & { html: string; json: string }

export const IslandMarkupContext = createContext<IslandMarkup | null>(null)
