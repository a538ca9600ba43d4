import { createContext } from 'react'

// ADR 064: what the server puts in the landing's document for its island (island-markup.server.tsx);
// the root's layout reads it on the server only. In the browser it is always null.

/** A built script's address: the island's files and the app's modules it fetches ahead are all such. */
export const BUILT_SCRIPT = /^\/assets\/[\w.-]+\.js$/

/** The island's script and the modules it imports, as the island's build names them. */
export type IslandBuild = { script: string; preloads: string[] }

/** The island's part of the document: its markup, its data and its scripts. */
export type IslandMarkup = IslandBuild & { html: string; json: string }

export const IslandMarkupContext = createContext<IslandMarkup | null>(null)
