import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig, type Plugin } from 'vite'

// ADR 064: the landing's island (app/island/entry.tsx), built after the app's client and server
// (`npm run build` in this folder) into the same `client/assets`, without React Router: its
// components take their router features from app/lib/router.tsx, and React Router's place is
// taken by a module that only says it is not there. Its script's address and its static imports go
// to `<build>/island.json`, which the server's render reads.
const BUILD = resolve(import.meta.dirname, process.env.WEB_BUILD_DIR ?? 'build')
// As in the app's client build (vite.config.ts): our packages' modules whose exports the browser
// never uses are left out.
const OWN_PACKAGES = /[\\/]packages[\\/](domain|routing|i18n|api-client|content)[\\/]src[\\/]/

/** Writes the entry's address and the files it imports statically (to preload them with it). */
function islandManifest(): Plugin {
  return {
    name: 'lainava:island-manifest',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []))
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) throw new Error('The island build has no entry')
      const imports = new Set<string>()
      const visit = (fileName: string) => {
        for (const next of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) {
          if (imports.has(next)) continue
          imports.add(next)
          visit(next)
        }
      }
      visit(entry.fileName)
      const island = { script: `/${entry.fileName}`, preloads: [...imports].map((file) => `/${file}`) }
      writeFileSync(resolve(BUILD, 'island.json'), `${JSON.stringify(island, null, 2)}\n`)
    },
  }
}

export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  plugins: [islandManifest()],
  resolve: {
    alias: [{ find: /^react-router$/, replacement: resolve(import.meta.dirname, 'app/island/no-router.ts') }],
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: resolve(BUILD, 'client'),
    emptyOutDir: false,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: { island: resolve(import.meta.dirname, 'app/island/entry.tsx') },
      treeshake: { moduleSideEffects: (id: string) => (OWN_PACKAGES.test(id) ? false : undefined) },
      output: {
        entryFileNames: 'assets/island-[hash].js',
        chunkFileNames: 'assets/island-[name]-[hash].js',
      },
    },
  },
})
