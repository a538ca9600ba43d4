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
  /[\\/](apps[\\/]web[\\/]app[\\/](lib|components[\\/]layout)|packages[\\/](i18n|routing|api-client)[\\/]src)[\\/]/

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { sourcemap: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK },
                { name: 'layout', test: LAYOUT },
              ],
            },
          },
        },
      },
    },
  },
})
