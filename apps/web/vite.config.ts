import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

// Every page needs React, React DOM and React Router, and the layout's own modules (the root's
// header, footer, i18n, routing table and user state): one file for each group instead of a dozen
// small shared chunks, so a page's first load makes fewer requests (issue 19, bench/README.md).
// Only modules in the browser's graph are grouped; a form's modules stay with the form.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/
const LAYOUT =
  /[\\/](apps[\\/]web[\\/]app[\\/](lib[\\/]|components[\\/]layout[\\/]|components[\\/]ui[\\/](button|field)\.tsx|features[\\/]status[\\/]status-page\.tsx)|packages[\\/](i18n|routing|api-client)[\\/]src[\\/])/
// Loaded after hydration, out of the layout group: the prefetcher's work with its bot list (ADR 057), and the
// affiliate capture with the analytics client (after-hydration.ts) and the flag SDK's start-up (flags-sdk.ts),
// each loaded by itself (ADR 060).
const AFTER_HYDRATION =
  /[\\/]apps[\\/]web[\\/]app[\\/](components[\\/]layout[\\/]prefetch-start|lib[\\/](after-hydration|affiliate-capture|analytics-client|flags-sdk))\.ts$/
// The loan calculator's form and the representative example's text: the landing, the product pages,
// articles and the loan forms show them. One file instead of several (ADR 045).
const CALCULATOR =
  /[\\/](apps[\\/]web[\\/]app[\\/](features[\\/]landing[\\/]loan-calculator|components[\\/]legal[\\/]example-text|components[\\/]ui[\\/]slider)\.tsx|packages[\\/]domain[\\/]src[\\/]rounding\.ts)$/
// The maths behind them (the APR, the caps, the pricing with the demo lenders' rate models): one file,
// which the landing and the product pages load only when a slider moves (ADR 053); the pages that
// compute an example as they render (articles, the forms) load it with the page.
const CALCULATOR_MATH =
  /[\\/](apps[\\/]web[\\/]app[\\/](features[\\/]landing[\\/]calculator-math\.ts|components[\\/]legal[\\/]representative-example\.tsx)|packages[\\/]domain[\\/]src[\\/](loan-math|credit-caps|representative-example|pricing-profiles|market-rates|constants|mortgage[\\/]rules|marketplace[\\/](demo-lenders|sandbox-lender))\.ts)$/
// The content pages' Markdown renderer and head tags with the content package's constants, and the
// form controls the product pages' calculators and the forms share: one file each instead of two or three.
const CONTENT =
  /[\\/](apps[\\/]web[\\/]app[\\/]features[\\/]content[\\/](prose\.tsx|content-seo\.ts)|packages[\\/]content[\\/]src[\\/].*)$/
// The affiliate capture with the domain's table, which the forms import too: its file is named for what
// it is to the page, not "affiliate…", since content blockers match such names and a blocked file would
// stop the forms that import it from loading.
const VISIT_SOURCE =
  /[\\/](apps[\\/]web[\\/]app[\\/]lib[\\/]affiliate-capture|packages[\\/]domain[\\/]src[\\/]affiliate)\.ts$/
const CONTROLS = /[\\/]apps[\\/]web[\\/]app[\\/]components[\\/]ui[\\/](select|text-input|checkbox)\.tsx$/
// Our packages run nothing when imported, so a module of theirs whose exports the browser never uses
// is left out of the client build, even when reached through a package's index (the routing
// package's redirect table, 5 KB, came into every page that way; ADR 045).
const OWN_PACKAGES = /[\\/]packages[\\/](domain|routing|i18n|api-client|content)[\\/]src[\\/]/

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { sourcemap: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          treeshake: { moduleSideEffects: (id: string) => (OWN_PACKAGES.test(id) ? false : undefined) },
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK },
                { name: 'layout', test: (id: string) => LAYOUT.test(id) && !AFTER_HYDRATION.test(id) },
                { name: 'calculator', test: CALCULATOR },
                { name: 'calculator-math', test: CALCULATOR_MATH },
                { name: 'content', test: CONTENT },
                { name: 'controls', test: CONTROLS },
                { name: 'visit-source', test: VISIT_SOURCE },
              ],
            },
          },
        },
      },
    },
  },
})
