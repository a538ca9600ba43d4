import { defineConfig } from 'vite'

// `cd apps/web && npx vite build -c ../../bench/anchors/landing-island/vite.config.ts`: the island's
// scripts into /tmp/landing-island, minified as the app's client build is, with the same rule that our
// packages' unused modules are left out.
const OWN_PACKAGES = /[\\/]packages[\\/](domain|routing|i18n|api-client|content)[\\/]src[\\/]/

export default defineConfig({
  root: import.meta.dirname,
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: '/tmp/landing-island',
    emptyOutDir: true,
    rolldownOptions: {
      input: { island: `${import.meta.dirname}/entry.tsx` },
      treeshake: { moduleSideEffects: (id: string) => (OWN_PACKAGES.test(id) ? false : undefined) },
    },
  },
})
