import type { Config } from '@react-router/dev/config'

// The default template's settings: server rendering on, everything else React Router's defaults.
export default {
  ssr: true,
} satisfies Config
